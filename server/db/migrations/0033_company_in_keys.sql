-- Tenant tables are keyed by (company_id, id) and every foreign key between them carries company_id (decision 033),
-- so a row can never point into another company, even written by the owner (foreign-key checks bypass row-level
-- security), and the tables can be distributed by company_id. In order: the foreign keys and the unique keys and
-- indexes that change go first, then each single-column primary key (PostgreSQL's default name, <table>_pkey) gives
-- way to (company_id, id) under the same name, then the composite foreign keys are added (validated against the rows
-- already there: ids were unique, so only a row that already pointed into another company could fail), then the
-- indexes again with company_id leading. label_codes keeps its token unique on its own (decision 027).
ALTER TABLE "count_lines" DROP CONSTRAINT "count_lines_session_key";--> statement-breakpoint
ALTER TABLE "stock_balances" DROP CONSTRAINT "stock_balances_item_location_lot_key";--> statement-breakpoint
ALTER TABLE "borrowing_returns" DROP CONSTRAINT "borrowing_returns_borrowing_id_borrowings_id_fk";
--> statement-breakpoint
ALTER TABLE "borrowing_returns" DROP CONSTRAINT "borrowing_returns_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "borrowing_returns" DROP CONSTRAINT "borrowing_returns_transaction_id_stock_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "borrowings" DROP CONSTRAINT "borrowings_item_id_items_id_fk";
--> statement-breakpoint
ALTER TABLE "borrowings" DROP CONSTRAINT "borrowings_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "borrowings" DROP CONSTRAINT "borrowings_lot_id_lots_id_fk";
--> statement-breakpoint
ALTER TABLE "borrowings" DROP CONSTRAINT "borrowings_transaction_id_stock_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "count_lines" DROP CONSTRAINT "count_lines_session_id_count_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "count_lines" DROP CONSTRAINT "count_lines_item_id_items_id_fk";
--> statement-breakpoint
ALTER TABLE "count_lines" DROP CONSTRAINT "count_lines_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "count_lines" DROP CONSTRAINT "count_lines_lot_id_lots_id_fk";
--> statement-breakpoint
ALTER TABLE "count_sessions" DROP CONSTRAINT "count_sessions_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "count_sessions" DROP CONSTRAINT "count_sessions_transaction_id_stock_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_default_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "locations" DROP CONSTRAINT "locations_parent_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "lot_genealogy" DROP CONSTRAINT "lot_genealogy_parent_lot_id_lots_id_fk";
--> statement-breakpoint
ALTER TABLE "lot_genealogy" DROP CONSTRAINT "lot_genealogy_child_lot_id_lots_id_fk";
--> statement-breakpoint
ALTER TABLE "lot_genealogy" DROP CONSTRAINT "lot_genealogy_transaction_id_stock_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "lots" DROP CONSTRAINT "lots_item_id_items_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_balances" DROP CONSTRAINT "stock_balances_item_id_items_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_balances" DROP CONSTRAINT "stock_balances_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_balances" DROP CONSTRAINT "stock_balances_lot_id_lots_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_transaction_id_stock_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_item_id_items_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_lot_id_lots_id_fk";
--> statement-breakpoint
DROP INDEX "borrowing_returns_borrowing_idx";--> statement-breakpoint
DROP INDEX "lot_genealogy_parent_idx";--> statement-breakpoint
DROP INDEX "lot_genealogy_child_idx";--> statement-breakpoint
DROP INDEX "lots_item_number_key";--> statement-breakpoint
DROP INDEX "stock_ledger_transaction_idx";--> statement-breakpoint
DROP INDEX "stock_ledger_lot_idx";--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_pkey";--> statement-breakpoint
ALTER TABLE "borrowing_returns" DROP CONSTRAINT "borrowing_returns_pkey";--> statement-breakpoint
ALTER TABLE "borrowings" DROP CONSTRAINT "borrowings_pkey";--> statement-breakpoint
ALTER TABLE "count_lines" DROP CONSTRAINT "count_lines_pkey";--> statement-breakpoint
ALTER TABLE "count_sessions" DROP CONSTRAINT "count_sessions_pkey";--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_pkey";--> statement-breakpoint
ALTER TABLE "locations" DROP CONSTRAINT "locations_pkey";--> statement-breakpoint
ALTER TABLE "lot_genealogy" DROP CONSTRAINT "lot_genealogy_pkey";--> statement-breakpoint
ALTER TABLE "lots" DROP CONSTRAINT "lots_pkey";--> statement-breakpoint
ALTER TABLE "stock_balances" DROP CONSTRAINT "stock_balances_pkey";--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_pkey";--> statement-breakpoint
ALTER TABLE "stock_transactions" DROP CONSTRAINT "stock_transactions_pkey";--> statement-breakpoint
ALTER TABLE "label_codes" DROP CONSTRAINT "label_codes_pkey";--> statement-breakpoint
ALTER TABLE "label_formats" DROP CONSTRAINT "label_formats_pkey";--> statement-breakpoint
ALTER TABLE "labor_rates" DROP CONSTRAINT "labor_rates_pkey";--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "borrowing_returns" ADD CONSTRAINT "borrowing_returns_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "borrowings" ADD CONSTRAINT "borrowings_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "count_sessions" ADD CONSTRAINT "count_sessions_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "lot_genealogy" ADD CONSTRAINT "lot_genealogy_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "label_codes" ADD CONSTRAINT "label_codes_pkey" PRIMARY KEY("company_id","token");--> statement-breakpoint
ALTER TABLE "label_formats" ADD CONSTRAINT "label_formats_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "labor_rates" ADD CONSTRAINT "labor_rates_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "borrowing_returns" ADD CONSTRAINT "borrowing_returns_borrowing_id_fk" FOREIGN KEY ("company_id","borrowing_id") REFERENCES "public"."borrowings"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowing_returns" ADD CONSTRAINT "borrowing_returns_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowing_returns" ADD CONSTRAINT "borrowing_returns_transaction_id_fk" FOREIGN KEY ("company_id","transaction_id") REFERENCES "public"."stock_transactions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowings" ADD CONSTRAINT "borrowings_item_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowings" ADD CONSTRAINT "borrowings_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowings" ADD CONSTRAINT "borrowings_lot_id_fk" FOREIGN KEY ("company_id","lot_id") REFERENCES "public"."lots"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borrowings" ADD CONSTRAINT "borrowings_transaction_id_fk" FOREIGN KEY ("company_id","transaction_id") REFERENCES "public"."stock_transactions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_session_id_fk" FOREIGN KEY ("company_id","session_id") REFERENCES "public"."count_sessions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_item_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_lot_id_fk" FOREIGN KEY ("company_id","lot_id") REFERENCES "public"."lots"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_sessions" ADD CONSTRAINT "count_sessions_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_sessions" ADD CONSTRAINT "count_sessions_transaction_id_fk" FOREIGN KEY ("company_id","transaction_id") REFERENCES "public"."stock_transactions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_default_location_id_fk" FOREIGN KEY ("company_id","default_location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_parent_id_fk" FOREIGN KEY ("company_id","parent_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_genealogy" ADD CONSTRAINT "lot_genealogy_parent_lot_id_fk" FOREIGN KEY ("company_id","parent_lot_id") REFERENCES "public"."lots"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_genealogy" ADD CONSTRAINT "lot_genealogy_child_lot_id_fk" FOREIGN KEY ("company_id","child_lot_id") REFERENCES "public"."lots"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_genealogy" ADD CONSTRAINT "lot_genealogy_transaction_id_fk" FOREIGN KEY ("company_id","transaction_id") REFERENCES "public"."stock_transactions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_item_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_item_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_lot_id_fk" FOREIGN KEY ("company_id","lot_id") REFERENCES "public"."lots"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_transaction_id_fk" FOREIGN KEY ("company_id","transaction_id") REFERENCES "public"."stock_transactions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_item_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_lot_id_fk" FOREIGN KEY ("company_id","lot_id") REFERENCES "public"."lots"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "label_codes_token_key" ON "label_codes" USING btree ("token");--> statement-breakpoint
CREATE INDEX "borrowing_returns_borrowing_idx" ON "borrowing_returns" USING btree ("company_id","borrowing_id");--> statement-breakpoint
CREATE INDEX "lot_genealogy_parent_idx" ON "lot_genealogy" USING btree ("company_id","parent_lot_id");--> statement-breakpoint
CREATE INDEX "lot_genealogy_child_idx" ON "lot_genealogy" USING btree ("company_id","child_lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lots_item_number_key" ON "lots" USING btree ("company_id","item_id",lower("lot_number"));--> statement-breakpoint
CREATE INDEX "stock_ledger_transaction_idx" ON "stock_ledger" USING btree ("company_id","transaction_id");--> statement-breakpoint
CREATE INDEX "stock_ledger_lot_idx" ON "stock_ledger" USING btree ("company_id","lot_id");--> statement-breakpoint
ALTER TABLE "count_lines" ADD CONSTRAINT "count_lines_session_key" UNIQUE NULLS NOT DISTINCT("company_id","session_id","item_id","location_id","lot_id");--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_item_location_lot_key" UNIQUE NULLS NOT DISTINCT("company_id","item_id","location_id","lot_id");--> statement-breakpoint
-- stock_search_other_item_ids (0028) runs as the owner, where no policy adds company_id: its joins on id alone would
-- no longer find an index (the keys now lead with company_id), and an id is unique only within its company. The same
-- function, joined on (company_id, id).
CREATE OR REPLACE FUNCTION stock_search_other_item_ids(pattern text, active boolean) RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT l.item_id FROM lots l JOIN items i ON i.company_id = l.company_id AND i.id = l.item_id
      WHERE l.company_id = app_company_id() AND l.lot_number_key LIKE $1 AND ($2 IS NULL OR i.active = $2)
     UNION
     SELECT b.item_id FROM stock_balances b
       JOIN locations l ON l.company_id = b.company_id AND l.id = b.location_id
       JOIN items i ON i.company_id = b.company_id AND i.id = b.item_id
      WHERE l.company_id = app_company_id() AND b.company_id = app_company_id()
        AND l.full_code ILIKE $1 AND b.quantity > 0 AND ($2 IS NULL OR i.active = $2)'
    USING lower(pattern), active;
END
$$;
