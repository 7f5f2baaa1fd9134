-- Stock tables are tenant tables. Balances change only through postings (INSERT ... ON CONFLICT DO UPDATE); the
-- ledger and its transactions are append-only: the tenant role may read and insert, and a trigger refuses UPDATE
-- and DELETE to every role, so a mistake is corrected by a reversing transaction, never by editing history.
GRANT SELECT, INSERT, UPDATE ON lots, stock_balances TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON stock_transactions, stock_ledger TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE lots ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY lots_tenant ON lots FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE stock_balances ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stock_balances_tenant ON stock_balances FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE stock_transactions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stock_transactions_tenant ON stock_transactions FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE stock_ledger ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY stock_ledger_tenant ON stock_ledger FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_history_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock history cannot be changed or deleted: post a reversing transaction'
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER stock_ledger_immutable BEFORE UPDATE OR DELETE ON stock_ledger
  FOR EACH ROW EXECUTE FUNCTION stock_history_immutable();
--> statement-breakpoint
CREATE TRIGGER stock_transactions_immutable BEFORE UPDATE OR DELETE ON stock_transactions
  FOR EACH ROW EXECUTE FUNCTION stock_history_immutable();
