CREATE TABLE "passkeys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text,
	"public_key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"counter" bigint NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"transports" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"aaguid" text
);
--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "passkeys_credential_id_key" ON "passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "passkeys_user_id_idx" ON "passkeys" USING btree ("user_id");--> statement-breakpoint
-- An auth table like two_factors (0009): read and written as the owner, by better-auth's passkey plugin and by our
-- routes for the caller's own rows (decision 089). No grant to the tenant role; row-level security with no policy as
-- a second lock.
REVOKE ALL ON passkeys FROM forgeboard_app;
--> statement-breakpoint
ALTER TABLE passkeys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
COMMENT ON TABLE passkeys IS 'Auth table: no grant to forgeboard_app (WebAuthn public keys). See 0009 and decision 089.';
