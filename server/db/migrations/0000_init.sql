CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan_id" text DEFAULT 'beta' NOT NULL,
	"plan_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"timezone" text DEFAULT 'America/New_York' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"label_height" numeric(6, 3) DEFAULT 1 NOT NULL,
	"label_width" numeric(6, 3) DEFAULT 4 NOT NULL,
	"use_lot_numbers" boolean DEFAULT true NOT NULL,
	"allow_borrowing" boolean DEFAULT false NOT NULL,
	"enable_build_feature" boolean DEFAULT true NOT NULL,
	"enable_time_feature" boolean DEFAULT true NOT NULL,
	"enable_inventory_feature" boolean DEFAULT true NOT NULL,
	"enable_maintenance_feature" boolean DEFAULT false NOT NULL,
	"enable_quality_feature" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_key" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "companies_created_at_idx" ON "companies" USING btree ("created_at");