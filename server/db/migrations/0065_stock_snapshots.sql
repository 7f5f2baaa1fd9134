CREATE TABLE "stock_snapshot_stamps" (
	"company_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_snapshot_stamps_pkey" PRIMARY KEY("company_id","taken_at")
);
--> statement-breakpoint
CREATE TABLE "stock_snapshots" (
	"company_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"item_id" uuid NOT NULL,
	"received_micro" bigint NOT NULL,
	"issued_micro" bigint NOT NULL,
	CONSTRAINT "stock_snapshots_pkey" PRIMARY KEY("company_id","taken_at","item_id")
);
--> statement-breakpoint
ALTER TABLE "stock_snapshot_stamps" ADD CONSTRAINT "stock_snapshot_stamps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_snapshots" ADD CONSTRAINT "stock_snapshots_stamp_fk" FOREIGN KEY ("company_id","taken_at") REFERENCES "public"."stock_snapshot_stamps"("company_id","taken_at") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 095: the balance report reads the ledger lines between a snapshot and a period's edge by time; the index
-- carries what it sums, so the read needs no table pages (as stock_ledger_company_item_created_idx does, 0030).
CREATE INDEX "stock_ledger_company_created_idx" ON "stock_ledger" USING btree ("company_id","created_at") INCLUDE ("item_id","quantity_micro");--> statement-breakpoint
-- Tenant tables: a report builds and reads its company's snapshots as the tenant role, under the company's policy.
-- UPDATE on the stamps only for their row locks (FOR KEY SHARE and FOR UPDATE need it); nothing updates them.
GRANT SELECT, INSERT, UPDATE, DELETE ON stock_snapshot_stamps TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON stock_snapshots TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE stock_snapshot_stamps ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stock_snapshots ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stock_snapshot_stamps_tenant ON stock_snapshot_stamps FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
CREATE POLICY stock_snapshots_tenant ON stock_snapshots FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
