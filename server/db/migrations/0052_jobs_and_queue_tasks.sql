-- Decision 079: "jobs" is the shop's jobs (issue 31). The background queue's table (0031, closed to the tenant role by
-- 0032) becomes queue_tasks, with its key, constraints and indexes renamed to match; a rename keeps its rows, its
-- revoked grants and its row-level security exactly as 0032 left them. Then the shop's jobs table, and the job_id of
-- build orders, work orders, stock transactions (an issue's job) and borrowings.
ALTER TABLE "jobs" RENAME TO "queue_tasks";
--> statement-breakpoint
ALTER TABLE "queue_tasks" RENAME CONSTRAINT "jobs_pkey" TO "queue_tasks_pkey";
--> statement-breakpoint
ALTER TABLE "queue_tasks" RENAME CONSTRAINT "jobs_status_check" TO "queue_tasks_status_check";
--> statement-breakpoint
ALTER TABLE "queue_tasks" RENAME CONSTRAINT "jobs_lock_check" TO "queue_tasks_lock_check";
--> statement-breakpoint
ALTER TABLE "queue_tasks" RENAME CONSTRAINT "jobs_attempts_check" TO "queue_tasks_attempts_check";
--> statement-breakpoint
ALTER TABLE "queue_tasks" RENAME CONSTRAINT "jobs_company_id_companies_id_fk" TO "queue_tasks_company_id_companies_id_fk";
--> statement-breakpoint
ALTER INDEX "jobs_queue_key_unique" RENAME TO "queue_tasks_queue_key_unique";
--> statement-breakpoint
ALTER INDEX "jobs_pending_due_idx" RENAME TO "queue_tasks_pending_due_idx";
--> statement-breakpoint
ALTER INDEX "jobs_running_lease_idx" RENAME TO "queue_tasks_running_lease_idx";
--> statement-breakpoint
ALTER INDEX "jobs_status_id_idx" RENAME TO "queue_tasks_status_id_idx";
--> statement-breakpoint
COMMENT ON TABLE queue_tasks IS 'System table: background work (mail, …), no grant to forgeboard_app. See 0032, 0052 and decisions 034, 079.';
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"customer" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"budget_hours" numeric(12, 2),
	"budget_cost" numeric(18, 4),
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "jobs_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('open', 'on_hold', 'closed')),
	CONSTRAINT "jobs_budget_check" CHECK (("jobs"."budget_hours" is null or "jobs"."budget_hours" >= 0) and ("jobs"."budget_cost" is null or "jobs"."budget_cost" >= 0)),
	CONSTRAINT "jobs_closed_check" CHECK (("jobs"."status" = 'closed') = ("jobs"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "build_orders" ADD COLUMN "job_id" uuid;
--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "job_id" uuid;
--> statement-breakpoint
ALTER TABLE "borrowings" ADD COLUMN "job_id" uuid;
--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD COLUMN "job_id" uuid;
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_number_key" ON "jobs" USING btree ("company_id","number");
--> statement-breakpoint
CREATE INDEX "jobs_status_number_idx" ON "jobs" USING btree ("company_id","status","number");
--> statement-breakpoint
ALTER TABLE "build_orders" ADD CONSTRAINT "build_orders_job_id_fk" FOREIGN KEY ("company_id","job_id") REFERENCES "public"."jobs"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_job_id_fk" FOREIGN KEY ("company_id","job_id") REFERENCES "public"."jobs"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "borrowings" ADD CONSTRAINT "borrowings_job_id_fk" FOREIGN KEY ("company_id","job_id") REFERENCES "public"."jobs"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_job_id_fk" FOREIGN KEY ("company_id","job_id") REFERENCES "public"."jobs"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "build_orders_job_idx" ON "build_orders" USING btree ("company_id","job_id") WHERE "build_orders"."job_id" is not null;
--> statement-breakpoint
CREATE INDEX "work_orders_job_idx" ON "work_orders" USING btree ("company_id","job_id") WHERE "work_orders"."job_id" is not null;
--> statement-breakpoint
CREATE INDEX "borrowings_job_idx" ON "borrowings" USING btree ("company_id","job_id") WHERE "borrowings"."job_id" is not null;
--> statement-breakpoint
CREATE INDEX "stock_transactions_job_idx" ON "stock_transactions" USING btree ("company_id","job_id","posted_at") WHERE "stock_transactions"."job_id" is not null;
--> statement-breakpoint
-- jobs is a tenant table (decision 079): everyone signed in reads a company's jobs, admins create and change them
-- (the service decides who); a job is never deleted, since issues, time and orders keep naming it.
GRANT SELECT, INSERT, UPDATE ON jobs TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE jobs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY jobs_tenant ON jobs FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
