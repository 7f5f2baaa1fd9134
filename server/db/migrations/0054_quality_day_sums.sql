CREATE TABLE "inspection_day_defects" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"item_id" uuid NOT NULL,
	"defect_code_id" uuid,
	"failures" integer NOT NULL,
	CONSTRAINT "inspection_day_defects_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "inspection_day_defects_cell_unique" UNIQUE NULLS NOT DISTINCT("company_id","day","item_id","defect_code_id"),
	CONSTRAINT "inspection_day_defects_failures_check" CHECK ("inspection_day_defects"."failures" > 0)
);
--> statement-breakpoint
CREATE TABLE "inspection_days" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"item_id" uuid NOT NULL,
	"step_id" uuid,
	"machine_id" uuid,
	"inspections" integer NOT NULL,
	"units" integer NOT NULL,
	"passed" integer NOT NULL,
	"defects" integer NOT NULL,
	"opportunities" bigint NOT NULL,
	CONSTRAINT "inspection_days_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "inspection_days_cell_unique" UNIQUE NULLS NOT DISTINCT("company_id","day","item_id","step_id","machine_id"),
	CONSTRAINT "inspection_days_counts_check" CHECK ("inspection_days"."inspections" > 0 and "inspection_days"."passed" between 0 and "inspection_days"."units" and "inspection_days"."defects" >= 0 and "inspection_days"."opportunities" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inspection_day_defects" ADD CONSTRAINT "inspection_day_defects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_days" ADD CONSTRAINT "inspection_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 074 "Day sums": the dashboard's sums of finished inspections by company day, item, step and machine, and
-- of failed results by day, item and defect code. Tenant tables: the finish adds to them as the tenant role (insert,
-- update), a rebuild of a company's deletes and inserts; RLS keeps each company to its own rows.
GRANT SELECT, INSERT, UPDATE, DELETE ON inspection_days, inspection_day_defects TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE inspection_days ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inspection_days_tenant ON inspection_days FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE inspection_day_defects ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inspection_day_defects_tenant ON inspection_day_defects FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
-- The sums of every inspection finished before this migration, each on its company's clock (rebuildQualityDays in
-- server/modules/quality/quality-days.repo.ts derives the same for one company). A zone the database does not know
-- counts as UTC, as the server's safeTimeZone does, rather than stopping the migration.
INSERT INTO inspection_days (id, company_id, day, item_id, step_id, machine_id, inspections, units, passed, defects, opportunities)
SELECT gen_random_uuid(), i.company_id, (i.finished_at AT TIME ZONE c.timezone)::date, i.item_id, i.step_id, i.machine_id,
       count(*)::int, sum(i.sample_size)::int, sum(i.sample_size - coalesce(i.defective_units, 0))::int,
       sum(coalesce(i.defects, 0))::int, sum(i.sample_size * coalesce(opp.n, 0))::bigint
  FROM inspections i
  JOIN (SELECT id, CASE WHEN EXISTS (SELECT 1 FROM pg_timezone_names z WHERE z.name = timezone) THEN timezone
                        ELSE 'UTC' END AS timezone
          FROM companies) c ON c.id = i.company_id
  LEFT JOIN (SELECT k.company_id, k.version_id, sum(k.readings_per_unit)::bigint AS n
               FROM inspection_checks k GROUP BY k.company_id, k.version_id) opp
    ON opp.company_id = i.company_id AND opp.version_id = i.plan_version_id
 WHERE i.status <> 'open'
 GROUP BY 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO inspection_day_defects (id, company_id, day, item_id, defect_code_id, failures)
SELECT gen_random_uuid(), i.company_id, (i.finished_at AT TIME ZONE c.timezone)::date, i.item_id, r.defect_code_id,
       count(*)::int
  FROM inspections i
  JOIN (SELECT id, CASE WHEN EXISTS (SELECT 1 FROM pg_timezone_names z WHERE z.name = timezone) THEN timezone
                        ELSE 'UTC' END AS timezone
          FROM companies) c ON c.id = i.company_id
  JOIN inspection_results r ON r.company_id = i.company_id AND r.inspection_id = i.id AND NOT r.passed
 WHERE i.status <> 'open'
 GROUP BY 2, 3, 4, 5;
