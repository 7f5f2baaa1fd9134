-- Count sessions, borrowing and lot genealogy are tenant tables. Genealogy is history like the ledger: insert and
-- read only. Sessions, their lines and borrowings change state (counted, posted, returned) and are never deleted.
GRANT SELECT, INSERT, UPDATE ON count_sessions, count_lines, borrowings TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON borrowing_returns, lot_genealogy TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE count_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY count_sessions_tenant ON count_sessions FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE count_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY count_lines_tenant ON count_lines FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE borrowings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY borrowings_tenant ON borrowings FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE borrowing_returns ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY borrowing_returns_tenant ON borrowing_returns FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE lot_genealogy ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY lot_genealogy_tenant ON lot_genealogy FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
CREATE TRIGGER lot_genealogy_immutable BEFORE UPDATE OR DELETE ON lot_genealogy
  FOR EACH ROW EXECUTE FUNCTION stock_history_immutable();
--> statement-breakpoint
CREATE TRIGGER borrowing_returns_immutable BEFORE UPDATE OR DELETE ON borrowing_returns
  FOR EACH ROW EXECUTE FUNCTION stock_history_immutable();
--> statement-breakpoint
-- The stock list searches part numbers, names, lot numbers and location codes anywhere in the text
-- (ILIKE '%…%'): trigram indexes answer that without reading every row (docs/decisions/023).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX items_part_number_trgm_idx ON items USING gin (part_number gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX items_name_trgm_idx ON items USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX lots_lot_number_trgm_idx ON lots USING gin (lot_number gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX locations_full_code_trgm_idx ON locations USING gin (full_code gin_trgm_ops);
