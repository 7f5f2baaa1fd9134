CREATE TABLE "assemblies" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assemblies_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "assembly_revisions" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"assembly_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"based_on_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" text,
	CONSTRAINT "assembly_revisions_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "assembly_revisions_status_check" CHECK ("assembly_revisions"."status" in ('draft', 'released')),
	CONSTRAINT "assembly_revisions_released_check" CHECK (("assembly_revisions"."status" = 'released') = ("assembly_revisions"."released_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "assembly_steps" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"revision_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"setup_minutes" numeric(12, 3) DEFAULT '0' NOT NULL,
	"run_minutes" numeric(12, 3) DEFAULT '0' NOT NULL,
	"based_on_step_id" uuid,
	CONSTRAINT "assembly_steps_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "assembly_steps_times_check" CHECK ("assembly_steps"."setup_minutes" >= 0 and "assembly_steps"."run_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bom_lines" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"revision_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"component_item_id" uuid NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"scrap_percent" numeric(7, 3) DEFAULT '0' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"step_id" uuid,
	CONSTRAINT "bom_lines_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "bom_lines_quantity_check" CHECK ("bom_lines"."quantity" > 0),
	CONSTRAINT "bom_lines_scrap_check" CHECK ("bom_lines"."scrap_percent" >= 0 and "bom_lines"."scrap_percent" < 1000)
);
--> statement-breakpoint
ALTER TABLE "assemblies" ADD CONSTRAINT "assemblies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assemblies" ADD CONSTRAINT "assemblies_item_id_fk" FOREIGN KEY ("company_id","item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_revisions" ADD CONSTRAINT "assembly_revisions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_revisions" ADD CONSTRAINT "assembly_revisions_assembly_id_fk" FOREIGN KEY ("company_id","assembly_id") REFERENCES "public"."assemblies"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_revisions" ADD CONSTRAINT "assembly_revisions_based_on_id_fk" FOREIGN KEY ("company_id","based_on_id") REFERENCES "public"."assembly_revisions"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_steps" ADD CONSTRAINT "assembly_steps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_steps" ADD CONSTRAINT "assembly_steps_revision_id_fk" FOREIGN KEY ("company_id","revision_id") REFERENCES "public"."assembly_revisions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_revision_id_fk" FOREIGN KEY ("company_id","revision_id") REFERENCES "public"."assembly_revisions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_component_item_id_fk" FOREIGN KEY ("company_id","component_item_id") REFERENCES "public"."items"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_step_id_fk" FOREIGN KEY ("company_id","step_id") REFERENCES "public"."assembly_steps"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assemblies_company_item_key" ON "assemblies" USING btree ("company_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assembly_revisions_number_key" ON "assembly_revisions" USING btree ("company_id","assembly_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "assembly_revisions_one_draft_key" ON "assembly_revisions" USING btree ("company_id","assembly_id") WHERE "assembly_revisions"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "assembly_steps_revision_idx" ON "assembly_steps" USING btree ("company_id","revision_id","position");--> statement-breakpoint
CREATE INDEX "bom_lines_revision_idx" ON "bom_lines" USING btree ("company_id","revision_id","position");--> statement-breakpoint
CREATE INDEX "bom_lines_component_idx" ON "bom_lines" USING btree ("company_id","component_item_id");