CREATE TABLE "sso_domains" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"sso_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "sso_domains_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "sso_providers" (
	"id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"issuer" text NOT NULL,
	"oidc_config" text,
	"saml_config" text,
	"user_id" uuid,
	"organization_id" text,
	"domain" text DEFAULT '' NOT NULL,
	"client_secret" text NOT NULL,
	"first_name_claim" text DEFAULT 'given_name' NOT NULL,
	"last_name_claim" text DEFAULT 'family_name' NOT NULL,
	"jit_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_providers_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_company_domain_key" ON "sso_domains" USING btree ("company_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_proved_key" ON "sso_domains" USING btree ("domain") WHERE "sso_domains"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "sso_domains_domain_idx" ON "sso_domains" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_providers_provider_id_key" ON "sso_providers" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_providers_company_key" ON "sso_providers" USING btree ("company_id");--> statement-breakpoint
-- Tenant tables (decision 008). better-auth reads providers on the owner connection before any company is known
-- (the SSO callback); the admin routes read and write both as the company.
GRANT SELECT, INSERT, UPDATE, DELETE ON sso_providers TO forgeboard_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON sso_domains TO forgeboard_app;
--> statement-breakpoint
ALTER TABLE sso_providers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY sso_providers_tenant ON sso_providers FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
--> statement-breakpoint
ALTER TABLE sso_domains ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY sso_domains_tenant ON sso_domains FOR ALL TO forgeboard_app
  USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
