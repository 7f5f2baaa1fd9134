CREATE TABLE "stock_ledger_months" (
	"company_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"month" date NOT NULL,
	"received_micro" bigint DEFAULT 0 NOT NULL,
	"issued_micro" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_ledger_months_pkey" PRIMARY KEY("company_id","item_id","location_id","month")
);
--> statement-breakpoint
ALTER TABLE "time_entries" DROP CONSTRAINT "time_entries_source_check";--> statement-breakpoint
ALTER TABLE "stock_ledger_months" ADD CONSTRAINT "stock_ledger_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger_months" ADD CONSTRAINT "stock_ledger_months_item_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger_months" ADD CONSTRAINT "stock_ledger_months_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Decision 094: the balance report's partial months read the ledger by time; the index carries what they sum, so the
-- read needs no table pages (as stock_ledger_company_item_created_idx does for an item's history, migration 0030).
CREATE INDEX "stock_ledger_company_created_idx" ON "stock_ledger" USING btree ("company_id","created_at") INCLUDE ("item_id","location_id","quantity_micro");--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_source_check" CHECK ("time_entries"."source" in ('clock', 'manual', 'floor', 'kiosk'));
--> statement-breakpoint
-- A tenant table, written by the ledger's trigger as whoever posts (the tenant role, under the company's policy).
GRANT SELECT, INSERT, UPDATE ON stock_ledger_months TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE stock_ledger_months ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stock_ledger_months_tenant ON stock_ledger_months FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
-- The ledger is only ever inserted into (migration 0019), so its month sums only ever grow: one statement trigger
-- adds a statement's lines, summed per item, location and month, in key order (two postings that touch the same
-- rows lock them in the same order, as they lock their balances).
CREATE FUNCTION stock_ledger_months_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_ledger_months AS m (company_id, item_id, location_id, month, received_micro, issued_micro)
  SELECT n.company_id, n.item_id, n.location_id, date_trunc('month', n.created_at AT TIME ZONE 'UTC')::date,
         coalesce(sum(n.quantity_micro) FILTER (WHERE n.quantity_micro > 0), 0),
         coalesce(-sum(n.quantity_micro) FILTER (WHERE n.quantity_micro < 0), 0)
    FROM new_lines n
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, item_id, location_id, month) DO UPDATE
    SET received_micro = m.received_micro + excluded.received_micro,
        issued_micro = m.issued_micro + excluded.issued_micro;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_ledger_months_insert AFTER INSERT ON stock_ledger
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION stock_ledger_months_add();
--> statement-breakpoint
-- The sums of the ledger as it stands.
INSERT INTO stock_ledger_months (company_id, item_id, location_id, month, received_micro, issued_micro)
SELECT l.company_id, l.item_id, l.location_id, date_trunc('month', l.created_at AT TIME ZONE 'UTC')::date,
       coalesce(sum(l.quantity_micro) FILTER (WHERE l.quantity_micro > 0), 0),
       coalesce(-sum(l.quantity_micro) FILTER (WHERE l.quantity_micro < 0), 0)
  FROM stock_ledger l
 GROUP BY 1, 2, 3, 4;
