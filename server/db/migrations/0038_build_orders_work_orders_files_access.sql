-- The tables of migration 0037 are tenant tables (decision 044). Grants follow each table's life: a draft's step
-- files are replaced like its steps; files are uploaded and deleted, never changed; orders, work orders, their
-- reservations and step runs change status; consumptions and outputs are history, like the ledger they point to.
GRANT SELECT, INSERT, UPDATE, DELETE ON assembly_step_files TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON files, file_chunks TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON company_counters, build_orders, work_orders, work_order_reservations, work_order_step_runs TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON build_order_lines TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON work_order_consumptions, work_order_outputs TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY files_tenant ON files FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE file_chunks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY file_chunks_tenant ON file_chunks FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE assembly_step_files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY assembly_step_files_tenant ON assembly_step_files FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE company_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_counters_tenant ON company_counters FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE build_orders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY build_orders_tenant ON build_orders FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE build_order_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY build_order_lines_tenant ON build_order_lines FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE work_orders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY work_orders_tenant ON work_orders FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE work_order_reservations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY work_order_reservations_tenant ON work_order_reservations FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE work_order_step_runs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY work_order_step_runs_tenant ON work_order_step_runs FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE work_order_consumptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY work_order_consumptions_tenant ON work_order_consumptions FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE work_order_outputs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY work_order_outputs_tenant ON work_order_outputs FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
-- A released revision's step files are frozen with it, by the same trigger as its lines and steps.
CREATE TRIGGER assembly_step_files_frozen BEFORE INSERT OR UPDATE OR DELETE ON assembly_step_files
  FOR EACH ROW EXECUTE FUNCTION build_revision_frozen();
--> statement-breakpoint
-- What a work order consumed and put out is history beside the ledger postings it names: never changed or deleted.
CREATE TRIGGER work_order_consumptions_immutable BEFORE UPDATE OR DELETE ON work_order_consumptions
  FOR EACH ROW EXECUTE FUNCTION stock_history_immutable();
--> statement-breakpoint
CREATE TRIGGER work_order_outputs_immutable BEFORE UPDATE OR DELETE ON work_order_outputs
  FOR EACH ROW EXECUTE FUNCTION stock_history_immutable();
