CREATE TABLE "inspection_results" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"check_id" uuid NOT NULL,
	"unit_no" integer NOT NULL,
	"reading_no" integer DEFAULT 1 NOT NULL,
	"passed" boolean NOT NULL,
	"value" numeric(18, 6),
	"choice" text,
	"defect_code_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"photo_file_id" uuid,
	"confirmed" boolean DEFAULT false NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_results_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "inspection_results_units_check" CHECK ("inspection_results"."unit_no" >= 1 and "inspection_results"."reading_no" >= 1),
	CONSTRAINT "inspection_results_defect_check" CHECK ("inspection_results"."passed" or "inspection_results"."defect_code_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"plan_id" uuid NOT NULL,
	"plan_version_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"item_id" uuid NOT NULL,
	"lot_id" uuid,
	"work_order_id" uuid,
	"step_id" uuid,
	"machine_id" uuid,
	"supplier_id" uuid,
	"lot_size" numeric(18, 6) NOT NULL,
	"sample_size" integer NOT NULL,
	"severity" text,
	"accept_number" integer DEFAULT 0 NOT NULL,
	"reject_number" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"back_to_normal" boolean DEFAULT false NOT NULL,
	"started_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_by" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "inspections_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "inspections_stage_check" CHECK ("inspections"."stage" in ('receipt', 'step', 'final')),
	CONSTRAINT "inspections_status_check" CHECK ("inspections"."status" in ('open', 'passed', 'failed')),
	CONSTRAINT "inspections_severity_check" CHECK ("inspections"."severity" is null or "inspections"."severity" in ('normal', 'tightened', 'reduced')),
	CONSTRAINT "inspections_plan_numbers_check" CHECK ("inspections"."sample_size" >= 1 and "inspections"."accept_number" >= 0 and "inspections"."reject_number" > "inspections"."accept_number"),
	CONSTRAINT "inspections_finished_check" CHECK (("inspections"."status" = 'open') = ("inspections"."finished_at" is null))
);
--> statement-breakpoint
CREATE TABLE "lot_holds" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"inspection_id" uuid,
	"nonconformance_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lot_holds_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "lot_holds_action_check" CHECK ("lot_holds"."action" in ('hold', 'release'))
);
--> statement-breakpoint
CREATE TABLE "nonconformances" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"inspection_id" uuid,
	"item_id" uuid NOT NULL,
	"lot_id" uuid,
	"work_order_id" uuid,
	"supplier_id" uuid,
	"quantity" numeric(18, 6) NOT NULL,
	"description" text NOT NULL,
	"containment" text DEFAULT '' NOT NULL,
	"root_cause" text DEFAULT '' NOT NULL,
	"corrective_action" text DEFAULT '' NOT NULL,
	"preventive_action" text DEFAULT '' NOT NULL,
	"disposition" text,
	"disposition_quantity" numeric(18, 6),
	"status" text DEFAULT 'open' NOT NULL,
	"opened_by" uuid NOT NULL,
	"opened_by_name" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispositioned_by" text,
	"dispositioned_at" timestamp with time zone,
	"closed_by" uuid,
	"closed_by_name" text,
	"closed_at" timestamp with time zone,
	"transaction_id" uuid,
	"rework_work_order_id" uuid,
	CONSTRAINT "nonconformances_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "nonconformances_status_check" CHECK ("nonconformances"."status" in ('open', 'dispositioned', 'closed')),
	CONSTRAINT "nonconformances_disposition_check" CHECK ("nonconformances"."disposition" is null or "nonconformances"."disposition" in ('scrap', 'rework', 'use_as_is', 'return_to_supplier')),
	CONSTRAINT "nonconformances_quantity_check" CHECK ("nonconformances"."quantity" > 0),
	CONSTRAINT "nonconformances_dispositioned_check" CHECK (("nonconformances"."status" = 'open') = ("nonconformances"."disposition" is null)),
	CONSTRAINT "nonconformances_closed_check" CHECK (("nonconformances"."status" = 'closed') = ("nonconformances"."closed_at" is not null)
        and ("nonconformances"."closed_by" is null or "nonconformances"."closed_by" is distinct from "nonconformances"."opened_by"))
);
--> statement-breakpoint
CREATE TABLE "assembly_step_checks" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"revision_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	CONSTRAINT "assembly_step_checks_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "defect_codes" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"severity" text DEFAULT 'major' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "defect_codes_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "defect_codes_severity_check" CHECK ("defect_codes"."severity" in ('minor', 'major', 'critical'))
);
--> statement-breakpoint
CREATE TABLE "inspection_checks" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"critical" boolean DEFAULT false NOT NULL,
	"photo_on_fail" boolean DEFAULT false NOT NULL,
	"nominal" numeric(18, 6),
	"lower_limit" numeric(18, 6),
	"upper_limit" numeric(18, 6),
	"unit" text DEFAULT '' NOT NULL,
	"readings_per_unit" integer DEFAULT 1 NOT NULL,
	"choices" text[],
	"accepted_choices" text[],
	"reference_file_id" uuid,
	CONSTRAINT "inspection_checks_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "inspection_checks_kind_check" CHECK ("inspection_checks"."kind" in ('pass_fail', 'measurement', 'choice', 'visual')),
	CONSTRAINT "inspection_checks_measurement_check" CHECK ("inspection_checks"."kind" <> 'measurement' or (("inspection_checks"."lower_limit" is not null or "inspection_checks"."upper_limit" is not null)
        and ("inspection_checks"."lower_limit" is null or "inspection_checks"."upper_limit" is null or "inspection_checks"."lower_limit" <= "inspection_checks"."upper_limit")
        and "inspection_checks"."readings_per_unit" between 1 and 10)),
	CONSTRAINT "inspection_checks_choice_check" CHECK ("inspection_checks"."kind" <> 'choice' or (cardinality("inspection_checks"."choices") > 0 and cardinality("inspection_checks"."accepted_choices") > 0
        and "inspection_checks"."accepted_choices" <@ "inspection_checks"."choices"))
);
--> statement-breakpoint
CREATE TABLE "inspection_plan_versions" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sampling" text DEFAULT 'all' NOT NULL,
	"sample_count" integer,
	"inspection_level" text,
	"aql" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" text,
	CONSTRAINT "inspection_plan_versions_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "inspection_plan_versions_status_check" CHECK ("inspection_plan_versions"."status" in ('draft', 'released')),
	CONSTRAINT "inspection_plan_versions_sampling_check" CHECK (("inspection_plan_versions"."sampling" = 'all' and "inspection_plan_versions"."sample_count" is null and "inspection_plan_versions"."aql" is null)
        or ("inspection_plan_versions"."sampling" = 'fixed' and "inspection_plan_versions"."sample_count" >= 1 and "inspection_plan_versions"."aql" is null)
        or ("inspection_plan_versions"."sampling" = 'aql' and "inspection_plan_versions"."sample_count" is null and "inspection_plan_versions"."aql" is not null
            and "inspection_plan_versions"."inspection_level" in ('S-1', 'S-2', 'S-3', 'S-4', 'I', 'II', 'III'))),
	CONSTRAINT "inspection_plan_versions_released_check" CHECK (("inspection_plan_versions"."status" = 'released') = ("inspection_plan_versions"."released_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "inspection_plans" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_plans_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "inspection_plans_stage_check" CHECK ("inspection_plans"."stage" in ('receipt', 'step', 'final'))
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "work_order_outputs" ADD COLUMN "scrap_defect_code_id" uuid;--> statement-breakpoint
ALTER TABLE "work_order_step_runs" ADD COLUMN "scrap_defect_code_id" uuid;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "supplier_id" uuid;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "on_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "held_by" text;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD COLUMN "supplier_id" uuid;--> statement-breakpoint
ALTER TABLE "inspection_results" ADD CONSTRAINT "inspection_results_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_results" ADD CONSTRAINT "inspection_results_inspection_id_fk" FOREIGN KEY ("company_id","inspection_id") REFERENCES "public"."inspections"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_results" ADD CONSTRAINT "inspection_results_check_id_fk" FOREIGN KEY ("company_id","check_id") REFERENCES "public"."inspection_checks"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_results" ADD CONSTRAINT "inspection_results_defect_code_id_fk" FOREIGN KEY ("company_id","defect_code_id") REFERENCES "public"."defect_codes"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_results" ADD CONSTRAINT "inspection_results_photo_file_id_fk" FOREIGN KEY ("company_id","photo_file_id") REFERENCES "public"."files"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_plan_id_fk" FOREIGN KEY ("company_id","plan_id") REFERENCES "public"."inspection_plans"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_plan_version_id_fk" FOREIGN KEY ("company_id","plan_version_id") REFERENCES "public"."inspection_plan_versions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_item_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_lot_id_fk" FOREIGN KEY ("company_id","lot_id") REFERENCES "public"."lots"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_work_order_id_fk" FOREIGN KEY ("company_id","work_order_id") REFERENCES "public"."work_orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_step_id_fk" FOREIGN KEY ("company_id","step_id") REFERENCES "public"."assembly_steps"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_machine_id_fk" FOREIGN KEY ("company_id","machine_id") REFERENCES "public"."machines"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_supplier_id_fk" FOREIGN KEY ("company_id","supplier_id") REFERENCES "public"."suppliers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_holds" ADD CONSTRAINT "lot_holds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_holds" ADD CONSTRAINT "lot_holds_lot_id_fk" FOREIGN KEY ("company_id","lot_id") REFERENCES "public"."lots"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_holds" ADD CONSTRAINT "lot_holds_inspection_id_fk" FOREIGN KEY ("company_id","inspection_id") REFERENCES "public"."inspections"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_holds" ADD CONSTRAINT "lot_holds_nonconformance_id_fk" FOREIGN KEY ("company_id","nonconformance_id") REFERENCES "public"."nonconformances"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nonconformances" ADD CONSTRAINT "nonconformances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nonconformances" ADD CONSTRAINT "nonconformances_inspection_id_fk" FOREIGN KEY ("company_id","inspection_id") REFERENCES "public"."inspections"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nonconformances" ADD CONSTRAINT "nonconformances_item_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nonconformances" ADD CONSTRAINT "nonconformances_lot_id_fk" FOREIGN KEY ("company_id","lot_id") REFERENCES "public"."lots"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nonconformances" ADD CONSTRAINT "nonconformances_work_order_id_fk" FOREIGN KEY ("company_id","work_order_id") REFERENCES "public"."work_orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nonconformances" ADD CONSTRAINT "nonconformances_supplier_id_fk" FOREIGN KEY ("company_id","supplier_id") REFERENCES "public"."suppliers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nonconformances" ADD CONSTRAINT "nonconformances_transaction_id_fk" FOREIGN KEY ("company_id","transaction_id") REFERENCES "public"."stock_transactions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nonconformances" ADD CONSTRAINT "nonconformances_rework_work_order_id_fk" FOREIGN KEY ("company_id","rework_work_order_id") REFERENCES "public"."work_orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_step_checks" ADD CONSTRAINT "assembly_step_checks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_step_checks" ADD CONSTRAINT "assembly_step_checks_revision_id_fk" FOREIGN KEY ("company_id","revision_id") REFERENCES "public"."assembly_revisions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_step_checks" ADD CONSTRAINT "assembly_step_checks_step_id_fk" FOREIGN KEY ("company_id","step_id") REFERENCES "public"."assembly_steps"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_step_checks" ADD CONSTRAINT "assembly_step_checks_plan_id_fk" FOREIGN KEY ("company_id","plan_id") REFERENCES "public"."inspection_plans"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "defect_codes" ADD CONSTRAINT "defect_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_checks" ADD CONSTRAINT "inspection_checks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_checks" ADD CONSTRAINT "inspection_checks_version_id_fk" FOREIGN KEY ("company_id","version_id") REFERENCES "public"."inspection_plan_versions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_checks" ADD CONSTRAINT "inspection_checks_reference_file_id_fk" FOREIGN KEY ("company_id","reference_file_id") REFERENCES "public"."files"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_plan_versions" ADD CONSTRAINT "inspection_plan_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_plan_versions" ADD CONSTRAINT "inspection_plan_versions_plan_id_fk" FOREIGN KEY ("company_id","plan_id") REFERENCES "public"."inspection_plans"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_plans" ADD CONSTRAINT "inspection_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_plans" ADD CONSTRAINT "inspection_plans_item_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_results_reading_key" ON "inspection_results" USING btree ("company_id","inspection_id","check_id","unit_no","reading_no");--> statement-breakpoint
CREATE INDEX "inspection_results_check_idx" ON "inspection_results" USING btree ("company_id","check_id","recorded_at");--> statement-breakpoint
CREATE INDEX "inspection_results_defect_idx" ON "inspection_results" USING btree ("company_id","recorded_at","defect_code_id") WHERE not "inspection_results"."passed";--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_number_key" ON "inspections" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_open_lot_key" ON "inspections" USING btree ("company_id","plan_id","lot_id") WHERE "inspections"."status" = 'open' and "inspections"."lot_id" is not null and "inspections"."work_order_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_open_step_key" ON "inspections" USING btree ("company_id","plan_id","work_order_id","step_id") WHERE "inspections"."status" = 'open' and "inspections"."work_order_id" is not null and "inspections"."step_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_open_final_key" ON "inspections" USING btree ("company_id","plan_id","work_order_id") WHERE "inspections"."status" = 'open' and "inspections"."work_order_id" is not null and "inspections"."step_id" is null;--> statement-breakpoint
CREATE INDEX "inspections_item_idx" ON "inspections" USING btree ("company_id","item_id","started_at");--> statement-breakpoint
CREATE INDEX "inspections_work_order_idx" ON "inspections" USING btree ("company_id","work_order_id");--> statement-breakpoint
CREATE INDEX "inspections_lot_idx" ON "inspections" USING btree ("company_id","lot_id");--> statement-breakpoint
CREATE INDEX "inspections_switching_idx" ON "inspections" USING btree ("company_id","plan_id","supplier_id","finished_at");--> statement-breakpoint
CREATE INDEX "lot_holds_lot_idx" ON "lot_holds" USING btree ("company_id","lot_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nonconformances_number_key" ON "nonconformances" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "nonconformances_inspection_key" ON "nonconformances" USING btree ("company_id","inspection_id") WHERE "nonconformances"."inspection_id" is not null;--> statement-breakpoint
CREATE INDEX "nonconformances_status_idx" ON "nonconformances" USING btree ("company_id","status","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "assembly_step_checks_step_plan_key" ON "assembly_step_checks" USING btree ("company_id","step_id","plan_id");--> statement-breakpoint
CREATE INDEX "assembly_step_checks_plan_idx" ON "assembly_step_checks" USING btree ("company_id","plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "defect_codes_code_key" ON "defect_codes" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_checks_position_key" ON "inspection_checks" USING btree ("company_id","version_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_plan_versions_number_key" ON "inspection_plan_versions" USING btree ("company_id","plan_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_plan_versions_one_draft_key" ON "inspection_plan_versions" USING btree ("company_id","plan_id") WHERE "inspection_plan_versions"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_plans_item_stage_key" ON "inspection_plans" USING btree ("company_id","item_id","stage") WHERE "inspection_plans"."stage" in ('receipt', 'final');--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_plans_step_name_key" ON "inspection_plans" USING btree ("company_id","item_id",lower("name")) WHERE "inspection_plans"."stage" = 'step';--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_code_key" ON "suppliers" USING btree ("company_id",lower("code"));--> statement-breakpoint
ALTER TABLE "work_order_outputs" ADD CONSTRAINT "work_order_outputs_scrap_defect_code_id_fk" FOREIGN KEY ("company_id","scrap_defect_code_id") REFERENCES "public"."defect_codes"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_step_runs" ADD CONSTRAINT "work_order_step_runs_scrap_defect_code_id_fk" FOREIGN KEY ("company_id","scrap_defect_code_id") REFERENCES "public"."defect_codes"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_supplier_id_fk" FOREIGN KEY ("company_id","supplier_id") REFERENCES "public"."suppliers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_supplier_id_fk" FOREIGN KEY ("company_id","supplier_id") REFERENCES "public"."suppliers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_hold_check" CHECK ("lots"."on_hold" = ("lots"."held_at" is not null));