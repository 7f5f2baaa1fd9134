CREATE TABLE "assembly_step_files" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"revision_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	CONSTRAINT "assembly_step_files_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "build_order_lines" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"assembly_id" uuid NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	CONSTRAINT "build_order_lines_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "build_order_lines_quantity_check" CHECK ("build_order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "build_orders" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"customer" text,
	"due_on" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "build_orders_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "build_orders_status_check" CHECK ("build_orders"."status" in ('draft', 'open', 'in_progress', 'done', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "work_order_consumptions" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"step_run_id" uuid,
	"bom_line_id" uuid,
	"item_id" uuid NOT NULL,
	"lot_id" uuid,
	"location_id" uuid NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "work_order_consumptions_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "work_order_consumptions_quantity_check" CHECK ("work_order_consumptions"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "work_order_outputs" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"lot_id" uuid,
	"location_id" uuid,
	"good_quantity" numeric(18, 6) NOT NULL,
	"scrap_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"scrap_reason" text,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "work_order_outputs_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "work_order_outputs_quantity_check" CHECK ("work_order_outputs"."good_quantity" >= 0 and "work_order_outputs"."scrap_quantity" >= 0 and "work_order_outputs"."good_quantity" + "work_order_outputs"."scrap_quantity" > 0),
	CONSTRAINT "work_order_outputs_posting_check" CHECK (("work_order_outputs"."good_quantity" > 0) = ("work_order_outputs"."transaction_id" is not null and "work_order_outputs"."location_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "work_order_reservations" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"consumed" numeric(18, 6) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "work_order_reservations_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "work_order_reservations_quantity_check" CHECK ("work_order_reservations"."quantity" >= 0 and "work_order_reservations"."consumed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "work_order_step_runs" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_by" uuid NOT NULL,
	"started_by_name" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_minutes" numeric(12, 3) DEFAULT '0' NOT NULL,
	"finished_by" uuid,
	"finished_by_name" text,
	"finished_at" timestamp with time zone,
	"good_quantity" numeric(18, 6),
	"scrap_quantity" numeric(18, 6),
	"scrap_reason" text,
	CONSTRAINT "work_order_step_runs_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "work_order_step_runs_status_check" CHECK ("work_order_step_runs"."status" in ('running', 'paused', 'finished')),
	CONSTRAINT "work_order_step_runs_finished_check" CHECK (("work_order_step_runs"."status" = 'finished') = ("work_order_step_runs"."finished_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"order_line_id" uuid,
	"assembly_id" uuid NOT NULL,
	"revision_id" uuid NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"due_on" date,
	"output_location_id" uuid,
	"good_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"scrap_quantity" numeric(18, 6) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"released_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "work_orders_status_check" CHECK ("work_orders"."status" in ('planned', 'released', 'in_progress', 'paused', 'completed', 'cancelled')),
	CONSTRAINT "work_orders_quantity_check" CHECK ("work_orders"."quantity" > 0),
	CONSTRAINT "work_orders_output_check" CHECK ("work_orders"."good_quantity" >= 0 and "work_orders"."scrap_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "company_counters" (
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"next_value" bigint NOT NULL,
	CONSTRAINT "company_counters_pkey" PRIMARY KEY("company_id","name"),
	CONSTRAINT "company_counters_next_check" CHECK ("company_counters"."next_value" > 0)
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"company_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_pkey" PRIMARY KEY("company_id","file_id","seq"),
	CONSTRAINT "file_chunks_seq_check" CHECK ("file_chunks"."seq" >= 0)
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"chunk_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "files_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "files_size_check" CHECK ("files"."size_bytes" >= 0),
	CONSTRAINT "files_chunk_size_check" CHECK ("files"."chunk_size" > 0)
);
--> statement-breakpoint
ALTER TABLE "assembly_step_files" ADD CONSTRAINT "assembly_step_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_step_files" ADD CONSTRAINT "assembly_step_files_revision_id_fk" FOREIGN KEY ("company_id","revision_id") REFERENCES "public"."assembly_revisions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_step_files" ADD CONSTRAINT "assembly_step_files_step_id_fk" FOREIGN KEY ("company_id","step_id") REFERENCES "public"."assembly_steps"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_step_files" ADD CONSTRAINT "assembly_step_files_file_id_fk" FOREIGN KEY ("company_id","file_id") REFERENCES "public"."files"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_order_lines" ADD CONSTRAINT "build_order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_order_lines" ADD CONSTRAINT "build_order_lines_order_id_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."build_orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_order_lines" ADD CONSTRAINT "build_order_lines_assembly_id_fk" FOREIGN KEY ("company_id","assembly_id") REFERENCES "public"."assemblies"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_orders" ADD CONSTRAINT "build_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_consumptions" ADD CONSTRAINT "work_order_consumptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_consumptions" ADD CONSTRAINT "work_order_consumptions_work_order_id_fk" FOREIGN KEY ("company_id","work_order_id") REFERENCES "public"."work_orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_consumptions" ADD CONSTRAINT "work_order_consumptions_step_run_id_fk" FOREIGN KEY ("company_id","step_run_id") REFERENCES "public"."work_order_step_runs"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_consumptions" ADD CONSTRAINT "work_order_consumptions_bom_line_id_fk" FOREIGN KEY ("company_id","bom_line_id") REFERENCES "public"."bom_lines"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_consumptions" ADD CONSTRAINT "work_order_consumptions_item_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_consumptions" ADD CONSTRAINT "work_order_consumptions_lot_id_fk" FOREIGN KEY ("company_id","lot_id") REFERENCES "public"."lots"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_consumptions" ADD CONSTRAINT "work_order_consumptions_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_consumptions" ADD CONSTRAINT "work_order_consumptions_transaction_id_fk" FOREIGN KEY ("company_id","transaction_id") REFERENCES "public"."stock_transactions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_outputs" ADD CONSTRAINT "work_order_outputs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_outputs" ADD CONSTRAINT "work_order_outputs_work_order_id_fk" FOREIGN KEY ("company_id","work_order_id") REFERENCES "public"."work_orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_outputs" ADD CONSTRAINT "work_order_outputs_lot_id_fk" FOREIGN KEY ("company_id","lot_id") REFERENCES "public"."lots"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_outputs" ADD CONSTRAINT "work_order_outputs_location_id_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_outputs" ADD CONSTRAINT "work_order_outputs_transaction_id_fk" FOREIGN KEY ("company_id","transaction_id") REFERENCES "public"."stock_transactions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_reservations" ADD CONSTRAINT "work_order_reservations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_reservations" ADD CONSTRAINT "work_order_reservations_work_order_id_fk" FOREIGN KEY ("company_id","work_order_id") REFERENCES "public"."work_orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_reservations" ADD CONSTRAINT "work_order_reservations_item_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_step_runs" ADD CONSTRAINT "work_order_step_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_step_runs" ADD CONSTRAINT "work_order_step_runs_work_order_id_fk" FOREIGN KEY ("company_id","work_order_id") REFERENCES "public"."work_orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_step_runs" ADD CONSTRAINT "work_order_step_runs_step_id_fk" FOREIGN KEY ("company_id","step_id") REFERENCES "public"."assembly_steps"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_order_line_id_fk" FOREIGN KEY ("company_id","order_line_id") REFERENCES "public"."build_order_lines"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_assembly_id_fk" FOREIGN KEY ("company_id","assembly_id") REFERENCES "public"."assemblies"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_revision_id_fk" FOREIGN KEY ("company_id","revision_id") REFERENCES "public"."assembly_revisions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_output_location_id_fk" FOREIGN KEY ("company_id","output_location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_counters" ADD CONSTRAINT "company_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_fk" FOREIGN KEY ("company_id","file_id") REFERENCES "public"."files"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assembly_step_files_step_idx" ON "assembly_step_files" USING btree ("company_id","step_id","position");--> statement-breakpoint
CREATE INDEX "assembly_step_files_file_idx" ON "assembly_step_files" USING btree ("company_id","file_id");--> statement-breakpoint
CREATE INDEX "build_order_lines_order_idx" ON "build_order_lines" USING btree ("company_id","order_id","position");--> statement-breakpoint
CREATE INDEX "build_order_lines_assembly_idx" ON "build_order_lines" USING btree ("company_id","assembly_id");--> statement-breakpoint
CREATE UNIQUE INDEX "build_orders_number_key" ON "build_orders" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "build_orders_status_due_idx" ON "build_orders" USING btree ("company_id","status","due_on");--> statement-breakpoint
CREATE INDEX "work_order_consumptions_work_order_idx" ON "work_order_consumptions" USING btree ("company_id","work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_outputs_work_order_idx" ON "work_order_outputs" USING btree ("company_id","work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_outputs_created_idx" ON "work_order_outputs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_reservations_item_key" ON "work_order_reservations" USING btree ("company_id","work_order_id","item_id");--> statement-breakpoint
CREATE INDEX "work_order_reservations_open_item_idx" ON "work_order_reservations" USING btree ("company_id","item_id") WHERE "work_order_reservations"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_step_runs_step_key" ON "work_order_step_runs" USING btree ("company_id","work_order_id","step_id");--> statement-breakpoint
CREATE INDEX "work_order_step_runs_started_idx" ON "work_order_step_runs" USING btree ("company_id","started_by","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_number_key" ON "work_orders" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "work_orders_status_due_idx" ON "work_orders" USING btree ("company_id","status","due_on");--> statement-breakpoint
CREATE INDEX "work_orders_order_line_idx" ON "work_orders" USING btree ("company_id","order_line_id");--> statement-breakpoint
CREATE INDEX "work_orders_completed_idx" ON "work_orders" USING btree ("company_id","completed_at","assembly_id");