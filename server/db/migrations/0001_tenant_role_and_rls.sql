-- Row-level security underneath the company_id in every query (DESIGN.md "Tenancy and access").
-- Requests run as forgeboard_app, a role that owns nothing, so the policies bind (owners bypass RLS).
DO $$
BEGIN
  CREATE ROLE forgeboard_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- roles are cluster-wide: another database of the same server may have made it already
END
$$;
--> statement-breakpoint
-- The migrating user must be able to SET ROLE to it; a superuser can already, others need membership.
DO $$
BEGIN
  EXECUTE format('GRANT forgeboard_app TO %I', current_user);
EXCEPTION WHEN others THEN
  NULL;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO forgeboard_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_company_id() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.company_id', true), '')::uuid $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_company_id() TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT ON companies TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, UPDATE ON company_settings TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY companies_tenant ON companies FOR ALL TO forgeboard_app
  USING (id = app_company_id()) WITH CHECK (id = app_company_id());
--> statement-breakpoint
ALTER TABLE company_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_settings_tenant ON company_settings FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
