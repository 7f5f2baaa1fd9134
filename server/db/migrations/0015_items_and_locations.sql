CREATE TABLE "items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"part_number" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_of_measure" text DEFAULT 'ea' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"unit_cost" numeric(16, 4) DEFAULT '0' NOT NULL,
	"reorder_point" numeric(18, 6),
	"default_location_id" uuid,
	"lot_tracked" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"parent_id" uuid,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"full_code" text NOT NULL,
	"depth" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_default_location_id_locations_id_fk" FOREIGN KEY ("default_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_parent_id_locations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "items_company_part_number_key" ON "items" USING btree ("company_id",lower("part_number"));--> statement-breakpoint
CREATE INDEX "items_company_active_idx" ON "items" USING btree ("company_id","active");--> statement-breakpoint
CREATE INDEX "items_company_category_idx" ON "items" USING btree ("company_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_company_code_key" ON "locations" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "locations_company_parent_idx" ON "locations" USING btree ("company_id","parent_id");