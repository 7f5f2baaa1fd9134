CREATE TABLE "time_entries" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"step_run_id" uuid,
	"activity" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"source" text NOT NULL,
	"reason" text,
	"rate" numeric(10, 2) NOT NULL,
	"cost" numeric(16, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "time_entries_activity_check" CHECK ("time_entries"."activity" is null or "time_entries"."activity" in ('setup', 'run', 'rework', 'maintenance', 'indirect')),
	CONSTRAINT "time_entries_source_check" CHECK ("time_entries"."source" in ('clock', 'manual', 'floor')),
	CONSTRAINT "time_entries_manual_reason_check" CHECK ("time_entries"."source" <> 'manual' or "time_entries"."reason" is not null),
	CONSTRAINT "time_entries_span_check" CHECK ("time_entries"."ended_at" is null or "time_entries"."ended_at" > "time_entries"."started_at"),
	CONSTRAINT "time_entries_cost_check" CHECK (("time_entries"."ended_at" is null) = ("time_entries"."cost" is null)),
	CONSTRAINT "time_entries_rate_check" CHECK ("time_entries"."rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "time_week_approvals" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" text NOT NULL,
	CONSTRAINT "time_week_approvals_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_job_id_fk" FOREIGN KEY ("company_id","job_id") REFERENCES "public"."jobs"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_step_run_id_fk" FOREIGN KEY ("company_id","step_run_id") REFERENCES "public"."work_order_step_runs"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_week_approvals" ADD CONSTRAINT "time_week_approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_week_approvals" ADD CONSTRAINT "time_week_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_running_key" ON "time_entries" USING btree ("company_id","user_id") WHERE "time_entries"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "time_entries_user_started_idx" ON "time_entries" USING btree ("company_id","user_id","started_at");--> statement-breakpoint
CREATE INDEX "time_entries_job_started_idx" ON "time_entries" USING btree ("company_id","job_id","started_at");--> statement-breakpoint
CREATE INDEX "time_entries_step_run_idx" ON "time_entries" USING btree ("company_id","step_run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "time_week_approvals_week_key" ON "time_week_approvals" USING btree ("company_id","user_id","week_start");
--> statement-breakpoint
-- Entries of one person never overlap (decision 080), and the database itself says so: two requests at once (two
-- clock-ins, a manual entry beside a running clock) cannot both commit. Ranges are [start, end), so one entry may end
-- the instant the next begins (a switch); a running clock reaches to infinity, so nothing can start after it either.
-- btree_gist lets the company and the person be compared with = in the same GiST index; PGlite ships it as a contrib
-- module (server/db/client.ts loads it, as it does pg_trgm).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE time_entries ADD CONSTRAINT time_entries_no_overlap EXCLUDE USING gist (
  company_id WITH =,
  user_id WITH =,
  tstzrange(started_at, coalesce(ended_at, 'infinity'::timestamptz), '[)') WITH &&
);
--> statement-breakpoint
-- Tenant tables (decision 008): entries are clocked, edited and deleted (with a reason, audited); an approval is
-- written once.
GRANT SELECT, INSERT, UPDATE, DELETE ON time_entries TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON time_week_approvals TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE time_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY time_entries_tenant ON time_entries FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE time_week_approvals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY time_week_approvals_tenant ON time_week_approvals FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
-- Every user has a rate from their first day, 0 until set (decision 080). A user with no dated rate at all gets the
-- rate the users row holds, from the day they were created; one whose first dated rate came later gets 0 until then.
INSERT INTO labor_rates (id, company_id, user_id, rate, effective_from)
SELECT gen_random_uuid(), u.company_id, u.id,
       CASE WHEN EXISTS (SELECT 1 FROM labor_rates lr WHERE lr.user_id = u.id) THEN 0
            ELSE coalesce(u.burdened_labor_rate, 0) END,
       u.created_at
  FROM users u
 WHERE u.company_id IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM labor_rates lr WHERE lr.user_id = u.id AND lr.effective_from <= u.created_at);
