-- Decision 067: when the daily digest was last turned on or given another hour (the app clock), so a digest set up
-- after today's hour waits for the next one instead of going at once. Null for settings saved before: no wait.
ALTER TABLE "maintenance_email_settings" ADD COLUMN "digest_from" timestamp with time zone;