CREATE TABLE "badges" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "badges_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "kiosks" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "kiosks_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "badges_code_hash_key" ON "badges" USING btree ("company_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "badges_live_key" ON "badges" USING btree ("company_id","user_id") WHERE "badges"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "kiosks_company_created_idx" ON "kiosks" USING btree ("company_id","created_at");--> statement-breakpoint
-- Tenant tables (decision 008): kiosks and badges are set up, used and revoked, never deleted (the audit trail names
-- them). The kiosk's own requests find their kiosk by id on the owner connection before any company is known
-- (decision 083); everything after runs as the kiosk's company.
GRANT SELECT, INSERT, UPDATE ON kiosks TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON badges TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE kiosks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY kiosks_tenant ON kiosks FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE badges ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY badges_tenant ON badges FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
