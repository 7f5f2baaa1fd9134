-- The quality tables of 0047 are tenant tables (decision 070), granted to the tenant role only what their life needs:
-- setup changes (a draft's checks are replaced, a recipe draft's step plans too); inspections and nonconformances
-- move through their states; results and the holds' history are written once.
GRANT SELECT, INSERT, UPDATE, DELETE ON suppliers, defect_codes, inspection_plans, inspection_plan_versions, inspection_checks, assembly_step_checks TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON inspections, nonconformances TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON inspection_results, lot_holds TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE suppliers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY suppliers_tenant ON suppliers FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE defect_codes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY defect_codes_tenant ON defect_codes FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE inspection_plans ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inspection_plans_tenant ON inspection_plans FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE inspection_plan_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inspection_plan_versions_tenant ON inspection_plan_versions FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE inspection_checks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inspection_checks_tenant ON inspection_checks FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE assembly_step_checks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY assembly_step_checks_tenant ON assembly_step_checks FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE inspections ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inspections_tenant ON inspections FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE inspection_results ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inspection_results_tenant ON inspection_results FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE lot_holds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY lot_holds_tenant ON lot_holds FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE nonconformances ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY nonconformances_tenant ON nonconformances FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
-- A released plan version is frozen whatever the code does, as an assembly revision is: its row cannot change or go,
-- and its checks can be neither added, changed nor removed. An inspection keeps the version it used, so this is what
-- makes "the checks this lot was judged by" trustworthy.
CREATE OR REPLACE FUNCTION quality_plan_version_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  version_status text;
BEGIN
  IF TG_TABLE_NAME = 'inspection_plan_versions' THEN
    version_status := OLD.status;
  ELSE
    SELECT v.status INTO version_status FROM inspection_plan_versions v
      WHERE v.company_id = COALESCE(NEW.company_id, OLD.company_id)
        AND v.id = COALESCE(NEW.version_id, OLD.version_id);
  END IF;
  IF version_status = 'released' THEN
    RAISE EXCEPTION 'a released inspection plan version cannot be changed: edit a new draft'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER inspection_plan_versions_frozen BEFORE UPDATE OR DELETE ON inspection_plan_versions
  FOR EACH ROW EXECUTE FUNCTION quality_plan_version_frozen();
--> statement-breakpoint
CREATE TRIGGER inspection_checks_frozen BEFORE INSERT OR UPDATE OR DELETE ON inspection_checks
  FOR EACH ROW EXECUTE FUNCTION quality_plan_version_frozen();
--> statement-breakpoint
-- Which plans a released revision's steps are inspected with is frozen with the revision, like its lines and files.
CREATE TRIGGER assembly_step_checks_frozen BEFORE INSERT OR UPDATE OR DELETE ON assembly_step_checks
  FOR EACH ROW EXECUTE FUNCTION build_revision_frozen();
--> statement-breakpoint
-- Results and the holds' history are written once: a wrong result is answered by a nonconformance, a wrong hold by a
-- release, never by an edit.
CREATE OR REPLACE FUNCTION quality_history_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'quality history cannot be changed or deleted'
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER inspection_results_immutable BEFORE UPDATE OR DELETE ON inspection_results
  FOR EACH ROW EXECUTE FUNCTION quality_history_immutable();
--> statement-breakpoint
CREATE TRIGGER lot_holds_immutable BEFORE UPDATE OR DELETE ON lot_holds
  FOR EACH ROW EXECUTE FUNCTION quality_history_immutable();
