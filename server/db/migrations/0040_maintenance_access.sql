-- The maintenance tables of 0039 are tenant tables (decision 050), granted to the tenant role only what their life
-- needs: machines, plans, occurrences, breakdowns and settings change; status events, meter readings, parts issued and
-- the reminders decided are history, written once.
GRANT SELECT, INSERT, UPDATE ON machines, maintenance_plans, maintenance_occurrences, breakdowns, maintenance_email_settings, maintenance_calendar_feeds TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON machine_status_events, machine_meter_readings, maintenance_parts, maintenance_notices TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON maintenance_recipients TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE machines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY machines_tenant ON machines FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE machine_status_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY machine_status_events_tenant ON machine_status_events FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE machine_meter_readings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY machine_meter_readings_tenant ON machine_meter_readings FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE maintenance_plans ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY maintenance_plans_tenant ON maintenance_plans FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE maintenance_occurrences ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY maintenance_occurrences_tenant ON maintenance_occurrences FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE breakdowns ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY breakdowns_tenant ON breakdowns FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE maintenance_parts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY maintenance_parts_tenant ON maintenance_parts FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE maintenance_email_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY maintenance_email_settings_tenant ON maintenance_email_settings FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE maintenance_recipients ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY maintenance_recipients_tenant ON maintenance_recipients FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE maintenance_notices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY maintenance_notices_tenant ON maintenance_notices FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE maintenance_calendar_feeds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY maintenance_calendar_feeds_tenant ON maintenance_calendar_feeds FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
-- History stays as written, whatever the code does (like the stock ledger, migration 0019).
CREATE OR REPLACE FUNCTION maintenance_history_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'maintenance history cannot be changed or deleted'
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER machine_status_events_immutable BEFORE UPDATE OR DELETE ON machine_status_events
  FOR EACH ROW EXECUTE FUNCTION maintenance_history_immutable();
--> statement-breakpoint
CREATE TRIGGER machine_meter_readings_immutable BEFORE UPDATE OR DELETE ON machine_meter_readings
  FOR EACH ROW EXECUTE FUNCTION maintenance_history_immutable();
--> statement-breakpoint
CREATE TRIGGER maintenance_parts_immutable BEFORE UPDATE OR DELETE ON maintenance_parts
  FOR EACH ROW EXECUTE FUNCTION maintenance_history_immutable();
--> statement-breakpoint
-- A runtime meter never goes backwards: a reading below the machine's latest is refused (check_violation), so a
-- mistyped reading cannot pull a meter plan's due date back. The service says so in words first; this holds anyway.
CREATE OR REPLACE FUNCTION machine_meter_forward() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  latest numeric;
BEGIN
  SELECT max(r.reading) INTO latest FROM machine_meter_readings r
    WHERE r.company_id = NEW.company_id AND r.machine_id = NEW.machine_id;
  IF latest IS NOT NULL AND NEW.reading < latest THEN
    RAISE EXCEPTION 'a meter reading cannot be below the latest (%)', latest
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER machine_meter_readings_forward BEFORE INSERT ON machine_meter_readings
  FOR EACH ROW EXECUTE FUNCTION machine_meter_forward();
