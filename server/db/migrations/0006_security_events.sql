CREATE TABLE "security_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"user_id" text,
	"email" text,
	"type" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"outcome" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "security_events_created_idx" ON "security_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "security_events_company_created_idx" ON "security_events" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "security_events_type_created_idx" ON "security_events" USING btree ("type","created_at");