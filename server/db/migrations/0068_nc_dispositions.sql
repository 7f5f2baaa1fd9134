CREATE TABLE "nc_dispositions" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"nonconformance_id" uuid NOT NULL,
	"disposition" text NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"supplier_id" uuid,
	"transaction_id" uuid,
	"rework_work_order_id" uuid,
	"lot_released" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nc_dispositions_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "nc_dispositions_disposition_check" CHECK ("nc_dispositions"."disposition" in ('scrap', 'rework', 'use_as_is', 'return_to_supplier')),
	CONSTRAINT "nc_dispositions_quantity_check" CHECK ("nc_dispositions"."quantity" > 0)
);
--> statement-breakpoint
-- Decision 073 (2026-12-01): a nonconformance is decided part by part, each part a row here. The one disposition each
-- dispositioned nonconformance had so far becomes its first row, before its columns go.
INSERT INTO nc_dispositions (id, company_id, nonconformance_id, disposition, quantity, supplier_id, transaction_id,
                             rework_work_order_id, lot_released, created_by, created_at)
SELECT gen_random_uuid(), n.company_id, n.id, n.disposition, n.disposition_quantity,
       CASE WHEN n.disposition = 'return_to_supplier' THEN n.supplier_id END, n.transaction_id,
       n.rework_work_order_id,
       EXISTS (SELECT 1 FROM lot_holds h WHERE h.company_id = n.company_id AND h.nonconformance_id = n.id
                                          AND h.action = 'release'),
       coalesce(n.dispositioned_by, n.opened_by_name), coalesce(n.dispositioned_at, n.opened_at)
  FROM nonconformances n
 WHERE n.disposition IS NOT NULL;
--> statement-breakpoint
-- A closed nonconformance stays final; one not closed is decided part by part, so what it has decided only grows.
CREATE OR REPLACE FUNCTION nonconformance_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'closed' THEN
    RAISE EXCEPTION 'a closed nonconformance cannot be changed'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.disposition_quantity IS NOT NULL AND (NEW.disposition_quantity IS NULL
       OR NEW.disposition_quantity < OLD.disposition_quantity) THEN
    RAISE EXCEPTION 'a nonconformance''s dispositions cannot be undone'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
ALTER TABLE "lot_holds" DROP CONSTRAINT "lot_holds_action_check";--> statement-breakpoint
ALTER TABLE "nonconformances" DROP CONSTRAINT "nonconformances_disposition_check";--> statement-breakpoint
ALTER TABLE "nonconformances" DROP CONSTRAINT "nonconformances_dispositioned_check";--> statement-breakpoint
ALTER TABLE "nonconformances" DROP CONSTRAINT "nonconformances_disposition_quantity_check";--> statement-breakpoint
ALTER TABLE "nonconformances" DROP CONSTRAINT "nonconformances_transaction_id_fk";
--> statement-breakpoint
ALTER TABLE "nonconformances" DROP CONSTRAINT "nonconformances_rework_work_order_id_fk";
--> statement-breakpoint
ALTER TABLE "nc_dispositions" ADD CONSTRAINT "nc_dispositions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nc_dispositions" ADD CONSTRAINT "nc_dispositions_nonconformance_id_fk" FOREIGN KEY ("company_id","nonconformance_id") REFERENCES "public"."nonconformances"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nc_dispositions" ADD CONSTRAINT "nc_dispositions_supplier_id_fk" FOREIGN KEY ("company_id","supplier_id") REFERENCES "public"."suppliers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nc_dispositions" ADD CONSTRAINT "nc_dispositions_transaction_id_fk" FOREIGN KEY ("company_id","transaction_id") REFERENCES "public"."stock_transactions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nc_dispositions" ADD CONSTRAINT "nc_dispositions_rework_work_order_id_fk" FOREIGN KEY ("company_id","rework_work_order_id") REFERENCES "public"."work_orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nc_dispositions_nc_idx" ON "nc_dispositions" USING btree ("company_id","nonconformance_id","created_at");--> statement-breakpoint
ALTER TABLE "nonconformances" DROP COLUMN "disposition";--> statement-breakpoint
ALTER TABLE "nonconformances" DROP COLUMN "dispositioned_by";--> statement-breakpoint
ALTER TABLE "nonconformances" DROP COLUMN "dispositioned_at";--> statement-breakpoint
ALTER TABLE "nonconformances" DROP COLUMN "transaction_id";--> statement-breakpoint
ALTER TABLE "nonconformances" DROP COLUMN "rework_work_order_id";--> statement-breakpoint
ALTER TABLE "lot_holds" ADD CONSTRAINT "lot_holds_action_check" CHECK ("lot_holds"."action" in ('hold', 'release', 'changed'));--> statement-breakpoint
-- One dispositioned for less than its quantity (possible before today) is open again: the rest is still to decide.
-- Each is said on the company's audit trail, so an open count that grew overnight has its reason beside it.
WITH reopened AS (
  UPDATE nonconformances SET status = 'open'
   WHERE status = 'dispositioned' AND disposition_quantity < quantity
  RETURNING id, company_id, number, quantity - disposition_quantity AS undecided
)
INSERT INTO audit_entries (id, company_id, actor_id, actor_name, entity_type, entity_id, entity_label, action, before, after)
SELECT gen_random_uuid(), r.company_id, NULL, 'Forgeboard (decisions in parts, decision 073)', 'nonconformance', r.id::text,
       'NC-' || lpad(r.number::text, 6, '0'), 'reopened', jsonb_build_object('status', 'dispositioned'),
       jsonb_build_object('status', 'open', 'undecided', trim_scale(r.undecided)::text)
  FROM reopened r;
--> statement-breakpoint
ALTER TABLE "nonconformances" ADD CONSTRAINT "nonconformances_dispositioned_check" CHECK (case "nonconformances"."status" when 'open' then coalesce("nonconformances"."disposition_quantity", 0) < "nonconformances"."quantity"
        when 'dispositioned' then "nonconformances"."disposition_quantity" = "nonconformances"."quantity"
        else "nonconformances"."disposition_quantity" is not null end);--> statement-breakpoint
ALTER TABLE "nonconformances" ADD CONSTRAINT "nonconformances_disposition_quantity_check" CHECK ("nonconformances"."disposition_quantity" is null or ("nonconformances"."disposition_quantity" > 0 and "nonconformances"."disposition_quantity" <= "nonconformances"."quantity"));--> statement-breakpoint
-- A tenant table (decision 070's privileges): the tenant role reads and adds its company's dispositions, never changes
-- or removes one — a wrong one is answered by another nonconformance, as a wrong hold by a release.
GRANT SELECT, INSERT ON nc_dispositions TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE nc_dispositions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY nc_dispositions_tenant ON nc_dispositions FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
CREATE TRIGGER nc_dispositions_immutable BEFORE UPDATE OR DELETE ON nc_dispositions
  FOR EACH ROW EXECUTE FUNCTION quality_history_immutable();
