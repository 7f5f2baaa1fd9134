CREATE TABLE "maintenance_calendar_feeds" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_read_at" timestamp with time zone,
	CONSTRAINT "maintenance_calendar_feeds_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_email_settings" (
	"company_id" uuid NOT NULL,
	"days_before" integer DEFAULT 3 NOT NULL,
	"overdue_every_days" integer DEFAULT 1 NOT NULL,
	"breakdown_alerts" boolean DEFAULT true NOT NULL,
	"daily_digest" boolean DEFAULT false NOT NULL,
	"digest_hour" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_email_settings_pkey" PRIMARY KEY("company_id"),
	CONSTRAINT "maintenance_email_settings_numbers_check" CHECK ("maintenance_email_settings"."days_before" >= 0 and "maintenance_email_settings"."overdue_every_days" >= 0 and "maintenance_email_settings"."digest_hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "maintenance_notices" (
	"company_id" uuid NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"occurrence_id" uuid,
	"breakdown_id" uuid,
	"recipients" integer NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_notices_pkey" PRIMARY KEY("company_id","key"),
	CONSTRAINT "maintenance_notices_kind_check" CHECK ("maintenance_notices"."kind" in ('due_soon', 'overdue', 'breakdown', 'digest', 'test'))
);
--> statement-breakpoint
CREATE TABLE "maintenance_recipients" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_recipients_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "maintenance_recipients_one_check" CHECK (("maintenance_recipients"."user_id" is null) <> ("maintenance_recipients"."email" is null))
);
--> statement-breakpoint
CREATE TABLE "breakdowns" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"machine_id" uuid NOT NULL,
	"problem" text NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"photo_file_id" uuid,
	"status" text DEFAULT 'reported' NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reported_by" text NOT NULL,
	"started_at" timestamp with time zone,
	"started_by" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"cause" text DEFAULT '' NOT NULL,
	"action" text DEFAULT '' NOT NULL,
	"repair_minutes" integer,
	CONSTRAINT "breakdowns_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "breakdowns_priority_check" CHECK ("breakdowns"."priority" in ('low', 'medium', 'high', 'critical')),
	CONSTRAINT "breakdowns_status_check" CHECK ("breakdowns"."status" in ('reported', 'in_progress', 'resolved')),
	CONSTRAINT "breakdowns_resolved_check" CHECK (("breakdowns"."status" = 'resolved') = ("breakdowns"."resolved_at" is not null)),
	CONSTRAINT "breakdowns_times_check" CHECK (("breakdowns"."resolved_at" is null or "breakdowns"."resolved_at" >= "breakdowns"."reported_at") and ("breakdowns"."repair_minutes" is null or "breakdowns"."repair_minutes" >= 0))
);
--> statement-breakpoint
CREATE TABLE "maintenance_parts" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"occurrence_id" uuid,
	"breakdown_id" uuid,
	"item_id" uuid NOT NULL,
	"lot_id" uuid,
	"location_id" uuid NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "maintenance_parts_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "maintenance_parts_for_check" CHECK (("maintenance_parts"."occurrence_id" is null) <> ("maintenance_parts"."breakdown_id" is null)),
	CONSTRAINT "maintenance_parts_quantity_check" CHECK ("maintenance_parts"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "machine_meter_readings" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"machine_id" uuid NOT NULL,
	"reading" numeric(14, 2) NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"by_name" text NOT NULL,
	CONSTRAINT "machine_meter_readings_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "machine_meter_readings_reading_check" CHECK ("machine_meter_readings"."reading" >= 0),
	CONSTRAINT "machine_meter_readings_source_check" CHECK ("machine_meter_readings"."source" in ('manual', 'work_order'))
);
--> statement-breakpoint
CREATE TABLE "machine_status_events" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"machine_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_name" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"breakdown_id" uuid,
	CONSTRAINT "machine_status_events_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "machine_status_events_status_check" CHECK ("machine_status_events"."to_status" in ('running', 'down', 'in_maintenance'))
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"asset_tag" text NOT NULL,
	"location_id" uuid,
	"make" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"serial" text DEFAULT '' NOT NULL,
	"commissioned_on" date,
	"status" text DEFAULT 'running' NOT NULL,
	"meter_reading" numeric(14, 2) DEFAULT '0' NOT NULL,
	"meter_read_at" timestamp with time zone,
	"hours_per_day" numeric(5, 2) DEFAULT '8' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machines_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "machines_status_check" CHECK ("machines"."status" in ('running', 'down', 'in_maintenance')),
	CONSTRAINT "machines_meter_check" CHECK ("machines"."meter_reading" >= 0),
	CONSTRAINT "machines_hours_per_day_check" CHECK ("machines"."hours_per_day" > 0 and "machines"."hours_per_day" <= 24)
);
--> statement-breakpoint
CREATE TABLE "maintenance_occurrences" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"machine_id" uuid NOT NULL,
	"due_on" date,
	"due_reading" numeric(14, 2),
	"status" text DEFAULT 'open' NOT NULL,
	"completed_on" date,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"reading_at_completion" numeric(14, 2),
	"minutes_spent" integer,
	"checklist_results" jsonb,
	"notes" text DEFAULT '' NOT NULL,
	"on_time" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_occurrences_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "maintenance_occurrences_status_check" CHECK ("maintenance_occurrences"."status" in ('open', 'completed', 'missed')),
	CONSTRAINT "maintenance_occurrences_due_check" CHECK ("maintenance_occurrences"."due_on" is not null or "maintenance_occurrences"."due_reading" is not null),
	CONSTRAINT "maintenance_occurrences_completed_check" CHECK (("maintenance_occurrences"."status" = 'completed') = ("maintenance_occurrences"."completed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "maintenance_plans" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"machine_id" uuid NOT NULL,
	"title" text NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mode" text NOT NULL,
	"start_on" date NOT NULL,
	"calendar_every" integer,
	"calendar_unit" text,
	"meter_every_hours" numeric(14, 2),
	"meter_start_reading" numeric(14, 2),
	"lead_days" integer DEFAULT 0 NOT NULL,
	"grace_days" integer DEFAULT 0 NOT NULL,
	"grace_hours" numeric(14, 2) DEFAULT '0' NOT NULL,
	"assignee_user_id" uuid,
	"estimated_minutes" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_plans_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "maintenance_plans_mode_check" CHECK ("maintenance_plans"."mode" in ('fixed', 'floating')),
	CONSTRAINT "maintenance_plans_calendar_check" CHECK (("maintenance_plans"."calendar_every" is null) = ("maintenance_plans"."calendar_unit" is null) and ("maintenance_plans"."calendar_every" is null or ("maintenance_plans"."calendar_every" > 0 and "maintenance_plans"."calendar_unit" in ('day', 'week', 'month')))),
	CONSTRAINT "maintenance_plans_meter_check" CHECK (("maintenance_plans"."meter_every_hours" is null) = ("maintenance_plans"."meter_start_reading" is null) and ("maintenance_plans"."meter_every_hours" is null or "maintenance_plans"."meter_every_hours" > 0)),
	CONSTRAINT "maintenance_plans_schedule_check" CHECK ("maintenance_plans"."calendar_every" is not null or "maintenance_plans"."meter_every_hours" is not null),
	CONSTRAINT "maintenance_plans_numbers_check" CHECK ("maintenance_plans"."lead_days" >= 0 and "maintenance_plans"."grace_days" >= 0 and "maintenance_plans"."grace_hours" >= 0 and "maintenance_plans"."estimated_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "maintenance_calendar_feeds" ADD CONSTRAINT "maintenance_calendar_feeds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_email_settings" ADD CONSTRAINT "maintenance_email_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_notices" ADD CONSTRAINT "maintenance_notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_recipients" ADD CONSTRAINT "maintenance_recipients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdowns" ADD CONSTRAINT "breakdowns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdowns" ADD CONSTRAINT "breakdowns_machine_id_fk" FOREIGN KEY ("company_id","machine_id") REFERENCES "public"."machines"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdowns" ADD CONSTRAINT "breakdowns_photo_file_id_fk" FOREIGN KEY ("company_id","photo_file_id") REFERENCES "public"."files"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_parts" ADD CONSTRAINT "maintenance_parts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_parts" ADD CONSTRAINT "maintenance_parts_occurrence_id_fk" FOREIGN KEY ("company_id","occurrence_id") REFERENCES "public"."maintenance_occurrences"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_parts" ADD CONSTRAINT "maintenance_parts_breakdown_id_fk" FOREIGN KEY ("company_id","breakdown_id") REFERENCES "public"."breakdowns"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_parts" ADD CONSTRAINT "maintenance_parts_item_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_parts" ADD CONSTRAINT "maintenance_parts_lot_id_fk" FOREIGN KEY ("company_id","lot_id") REFERENCES "public"."lots"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_parts" ADD CONSTRAINT "maintenance_parts_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_parts" ADD CONSTRAINT "maintenance_parts_transaction_id_fk" FOREIGN KEY ("company_id","transaction_id") REFERENCES "public"."stock_transactions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_meter_readings" ADD CONSTRAINT "machine_meter_readings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_meter_readings" ADD CONSTRAINT "machine_meter_readings_machine_id_fk" FOREIGN KEY ("company_id","machine_id") REFERENCES "public"."machines"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_status_events" ADD CONSTRAINT "machine_status_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_status_events" ADD CONSTRAINT "machine_status_events_machine_id_fk" FOREIGN KEY ("company_id","machine_id") REFERENCES "public"."machines"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_occurrences" ADD CONSTRAINT "maintenance_occurrences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_occurrences" ADD CONSTRAINT "maintenance_occurrences_plan_id_fk" FOREIGN KEY ("company_id","plan_id") REFERENCES "public"."maintenance_plans"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_occurrences" ADD CONSTRAINT "maintenance_occurrences_machine_id_fk" FOREIGN KEY ("company_id","machine_id") REFERENCES "public"."machines"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_machine_id_fk" FOREIGN KEY ("company_id","machine_id") REFERENCES "public"."machines"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_calendar_feeds_token_key" ON "maintenance_calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_calendar_feeds_live_key" ON "maintenance_calendar_feeds" USING btree ("company_id","user_id") WHERE "maintenance_calendar_feeds"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "maintenance_notices_decided_idx" ON "maintenance_notices" USING btree ("company_id","decided_at");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_recipients_user_key" ON "maintenance_recipients" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_recipients_email_key" ON "maintenance_recipients" USING btree ("company_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "breakdowns_number_key" ON "breakdowns" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "breakdowns_machine_idx" ON "breakdowns" USING btree ("company_id","machine_id","reported_at");--> statement-breakpoint
CREATE INDEX "breakdowns_status_idx" ON "breakdowns" USING btree ("company_id","status","reported_at");--> statement-breakpoint
CREATE INDEX "maintenance_parts_occurrence_idx" ON "maintenance_parts" USING btree ("company_id","occurrence_id");--> statement-breakpoint
CREATE INDEX "maintenance_parts_breakdown_idx" ON "maintenance_parts" USING btree ("company_id","breakdown_id");--> statement-breakpoint
CREATE INDEX "machine_meter_readings_machine_idx" ON "machine_meter_readings" USING btree ("company_id","machine_id","read_at");--> statement-breakpoint
CREATE INDEX "machine_status_events_machine_idx" ON "machine_status_events" USING btree ("company_id","machine_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "machines_asset_tag_key" ON "machines" USING btree ("company_id",lower("asset_tag"));--> statement-breakpoint
CREATE INDEX "machines_company_name_idx" ON "machines" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_occurrences_one_open_key" ON "maintenance_occurrences" USING btree ("company_id","plan_id") WHERE "maintenance_occurrences"."status" = 'open';--> statement-breakpoint
CREATE INDEX "maintenance_occurrences_due_idx" ON "maintenance_occurrences" USING btree ("company_id","status","due_on");--> statement-breakpoint
CREATE INDEX "maintenance_occurrences_machine_idx" ON "maintenance_occurrences" USING btree ("company_id","machine_id","completed_at");--> statement-breakpoint
CREATE INDEX "maintenance_plans_machine_idx" ON "maintenance_plans" USING btree ("company_id","machine_id");