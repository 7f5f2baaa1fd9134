-- The balance report sums quantity_micro per item over the company's whole ledger. With the quantity carried in the
-- (company, item, created_at) index, that pass reads the index alone, less than half the pages of the table, instead
-- of every ledger row (docs/decisions/031). Same name and keys, so the item history it served is served as before.
DROP INDEX IF EXISTS "stock_ledger_company_item_created_idx";--> statement-breakpoint
CREATE INDEX "stock_ledger_company_item_created_idx" ON "stock_ledger" USING btree ("company_id","item_id","created_at") INCLUDE ("quantity_micro");
