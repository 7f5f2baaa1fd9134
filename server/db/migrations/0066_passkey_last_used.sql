-- Decision 089, "Last used": when a passkey last signed its person in, set by our sign-in service after the plugin
-- verified it. Nullable, so adding it rewrites nothing; null means never used since it was added.
ALTER TABLE "passkeys" ADD COLUMN "last_used_at" timestamp with time zone;
