-- Labels are tenant data. A printed code is permanent (a label in the field must keep resolving): read and insert
-- only. Formats are the company's own settings: admins add, change and remove them.
GRANT SELECT, INSERT ON label_codes TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON label_formats TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE label_codes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY label_codes_tenant ON label_codes FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE label_formats ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY label_formats_tenant ON label_formats FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
