-- Decision 094: the month sums of 0062 are dropped. Read by the balance report, they made it slower, not faster, on the
-- 10,000,000-row bench database (18.6 s against 10.0 s median, alternating, on a machine at load 30): summing 2.4
-- million month rows in a hash cost more than the old streaming pass over the ledger index. Unread, their trigger
-- would only cost every posting. The report reads the ledger as it did before 0062.
DROP TRIGGER stock_ledger_months_insert ON stock_ledger;
--> statement-breakpoint
DROP FUNCTION stock_ledger_months_add();
--> statement-breakpoint
ALTER TABLE "stock_ledger_months" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "stock_ledger_months" CASCADE;--> statement-breakpoint
DROP INDEX "stock_ledger_company_created_idx";