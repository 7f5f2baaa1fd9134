-- Tenants read only their own company's events; inserts happen as the owner (a visitor may have no company).
GRANT SELECT ON analytics_events TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE analytics_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY analytics_events_tenant ON analytics_events FOR SELECT TO forgeboard_app
  USING (company_id = app_company_id());
