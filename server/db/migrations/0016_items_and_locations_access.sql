-- Items and locations are tenant tables: the request role reads and writes its own company's rows only.
GRANT SELECT, INSERT, UPDATE ON locations, items TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE locations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY locations_tenant ON locations FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY items_tenant ON items FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
-- "Everything under this area" is a prefix match on the stored path: text_pattern_ops lets LIKE 'prefix%' use it.
CREATE INDEX locations_company_path_idx ON locations (company_id, path text_pattern_ops);
--> statement-breakpoint
-- The stock list searches part numbers and names by prefix in any case.
CREATE INDEX items_company_part_number_prefix_idx ON items (company_id, lower(part_number) text_pattern_ops);
