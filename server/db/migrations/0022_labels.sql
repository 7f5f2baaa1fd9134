CREATE TABLE "label_codes" (
	"token" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_formats" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"width" numeric(7, 3) NOT NULL,
	"height" numeric(7, 3) NOT NULL,
	"unit" text NOT NULL,
	"symbology" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"free_text" text DEFAULT '' NOT NULL,
	"text_size" integer DEFAULT 9 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_formats_size_positive" CHECK ("label_formats"."width" > 0 and "label_formats"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "label_codes" ADD CONSTRAINT "label_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_formats" ADD CONSTRAINT "label_formats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "label_codes_entity_key" ON "label_codes" USING btree ("company_id","kind","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "label_formats_company_name_key" ON "label_formats" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "label_formats_company_idx" ON "label_formats" USING btree ("company_id");