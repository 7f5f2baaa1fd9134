-- Assembly setup's tables are tenant tables (decision 044). A draft's lines and steps are replaced when it is saved,
-- so the tenant role may delete them; assemblies and revisions are never deleted by the app.
GRANT SELECT, INSERT, UPDATE, DELETE ON bom_lines, assembly_steps TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON assemblies, assembly_revisions TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE assemblies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY assemblies_tenant ON assemblies FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE assembly_revisions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY assembly_revisions_tenant ON assembly_revisions FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE assembly_steps ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY assembly_steps_tenant ON assembly_steps FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE bom_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY bom_lines_tenant ON bom_lines FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
-- A released revision is frozen whatever the code does: its row cannot change or go, and its lines and steps can be
-- neither added, changed nor removed. Work orders keep the revision they were made from, so this is what makes
-- "the recipe this work order was built to" trustworthy.
CREATE OR REPLACE FUNCTION build_revision_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rev_status text;
BEGIN
  IF TG_TABLE_NAME = 'assembly_revisions' THEN
    rev_status := OLD.status;
  ELSE
    SELECT r.status INTO rev_status FROM assembly_revisions r
      WHERE r.company_id = COALESCE(NEW.company_id, OLD.company_id)
        AND r.id = COALESCE(NEW.revision_id, OLD.revision_id);
  END IF;
  IF rev_status = 'released' THEN
    RAISE EXCEPTION 'a released revision cannot be changed: edit a new draft'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assembly_revisions_frozen BEFORE UPDATE OR DELETE ON assembly_revisions
  FOR EACH ROW EXECUTE FUNCTION build_revision_frozen();
--> statement-breakpoint
CREATE TRIGGER bom_lines_frozen BEFORE INSERT OR UPDATE OR DELETE ON bom_lines
  FOR EACH ROW EXECUTE FUNCTION build_revision_frozen();
--> statement-breakpoint
CREATE TRIGGER assembly_steps_frozen BEFORE INSERT OR UPDATE OR DELETE ON assembly_steps
  FOR EACH ROW EXECUTE FUNCTION build_revision_frozen();
