-- Decision 091: names in the PM calendar's order, as the server's Intl.Collator('en', { sensitivity: 'base',
-- numeric: true }) compares them (ICU's own keywords; PGlite's ICU reads this spelling, not BCP 47's -u-kn).
CREATE COLLATION IF NOT EXISTS pm_names (provider = icu, locale = 'en@colNumeric=yes;colStrength=primary', deterministic = false);
--> statement-breakpoint
CREATE TABLE "maintenance_schedule" (
	"company_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"key" text NOT NULL,
	"day" date NOT NULL,
	"urgency" smallint NOT NULL,
	"occurrence_id" uuid,
	"basis" text NOT NULL,
	"due_on" date,
	"due_reading" numeric(14, 2),
	"carried_to_today" boolean DEFAULT false NOT NULL,
	"machine_id" uuid NOT NULL,
	"assignee_user_id" uuid,
	"machine_name" text NOT NULL,
	"plan_title" text NOT NULL,
	CONSTRAINT "maintenance_schedule_pkey" PRIMARY KEY("company_id","plan_id","key")
);
--> statement-breakpoint
CREATE TABLE "maintenance_schedule_counts" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"urgency" smallint NOT NULL,
	"assignee_key" uuid NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "maintenance_schedule_counts_pkey" PRIMARY KEY("company_id","assignee_key","day","urgency")
);
--> statement-breakpoint
CREATE TABLE "maintenance_schedule_stamps" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"as_of" date NOT NULL,
	"through" date NOT NULL,
	"time_zone" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance_schedule" ADD CONSTRAINT "maintenance_schedule_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_schedule" ADD CONSTRAINT "maintenance_schedule_plan_id_fk" FOREIGN KEY ("company_id","plan_id") REFERENCES "public"."maintenance_plans"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_schedule_counts" ADD CONSTRAINT "maintenance_schedule_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_schedule_stamps" ADD CONSTRAINT "maintenance_schedule_stamps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_schedule_day_idx" ON "maintenance_schedule" USING btree ("company_id","day","urgency","machine_name" collate pm_names,"plan_title" collate pm_names,"key" collate "C");--> statement-breakpoint
CREATE INDEX "maintenance_schedule_assignee_idx" ON "maintenance_schedule" USING btree ("company_id","assignee_user_id","day","urgency","machine_name" collate pm_names,"plan_title" collate pm_names,"key" collate "C");--> statement-breakpoint
CREATE INDEX "maintenance_schedule_machine_idx" ON "maintenance_schedule" USING btree ("company_id","machine_id","day");--> statement-breakpoint
-- Decision 091: the stored PM schedule. Tenant tables, written by the tenant role in the transaction of the change
-- that moves the schedule, under the company's policy like their neighbours.
GRANT SELECT, INSERT, UPDATE, DELETE ON maintenance_schedule, maintenance_schedule_counts, maintenance_schedule_stamps
  TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE maintenance_schedule ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE maintenance_schedule_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE maintenance_schedule_stamps ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY maintenance_schedule_tenant ON maintenance_schedule FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
CREATE POLICY maintenance_schedule_counts_tenant ON maintenance_schedule_counts FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
CREATE POLICY maintenance_schedule_stamps_tenant ON maintenance_schedule_stamps FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
-- A day's counts by urgency, the whole shop's (the nil uuid) and each person's, kept from the rows: a statement
-- trigger with transition tables sums a plan's or a company's rewrite once. Rows are only inserted and deleted. A
-- company being deleted takes its counts along, so its rows' deletion adds nothing (the join to companies).
CREATE FUNCTION maintenance_schedule_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO maintenance_schedule_counts AS c (company_id, assignee_key, day, urgency, count)
    SELECT o.company_id, k.key, o.day, o.urgency, -count(*)
      FROM old_rows o
      JOIN companies co ON co.id = o.company_id
      CROSS JOIN LATERAL (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), (o.assignee_user_id)) AS k(key)
     WHERE k.key IS NOT NULL
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, assignee_key, day, urgency) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO maintenance_schedule_counts AS c (company_id, assignee_key, day, urgency, count)
    SELECT n.company_id, k.key, n.day, n.urgency, count(*)
      FROM new_rows n
      CROSS JOIN LATERAL (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), (n.assignee_user_id)) AS k(key)
     WHERE k.key IS NOT NULL
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, assignee_key, day, urgency) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER maintenance_schedule_count_insert AFTER INSERT ON maintenance_schedule
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintenance_schedule_count();
--> statement-breakpoint
CREATE TRIGGER maintenance_schedule_count_delete AFTER DELETE ON maintenance_schedule
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintenance_schedule_count();
