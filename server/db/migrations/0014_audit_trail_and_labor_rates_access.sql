-- The audit trail is append-only. The tenant role may read its own company's entries and add entries for its own
-- company, never change or remove one; a trigger refuses UPDATE and DELETE for every role, the owner included,
-- so not even a mistaken query of the server can rewrite history.
GRANT SELECT, INSERT ON audit_entries TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE audit_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_entries_read ON audit_entries FOR SELECT TO forgeboard_app
  USING (company_id = app_company_id());
--> statement-breakpoint
CREATE POLICY audit_entries_add ON audit_entries FOR INSERT TO forgeboard_app
  WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_entries_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_entries_immutable BEFORE UPDATE OR DELETE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION audit_entries_immutable();
--> statement-breakpoint
-- Labor rates: history too. Read and added by the company's own transactions; a rate is superseded, not edited.
GRANT SELECT, INSERT ON labor_rates TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE labor_rates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY labor_rates_tenant ON labor_rates FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
