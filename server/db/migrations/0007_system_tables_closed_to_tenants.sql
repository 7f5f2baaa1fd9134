-- mail_outbox, rate_limit_buckets and security_events are system tables: read and written by the server as the
-- owner (sign-up mail, sign-in limits and the audit trail come before any tenant), never by a tenant request.
-- forgeboard_app gets NO grant on them, so a tenant transaction (withTenant) cannot read other people's mail,
-- counters or security events; the sysadmin code paths read them as the owner. The REVOKE states it explicitly.
-- Row-level security is enabled with no policy as a second lock: should a grant ever be added by mistake, a
-- non-owner role still sees no row (the owner bypasses RLS, so the server's own system work is unaffected).
REVOKE ALL ON mail_outbox FROM forgeboard_app;
--> statement-breakpoint
REVOKE ALL ON rate_limit_buckets FROM forgeboard_app;
--> statement-breakpoint
REVOKE ALL ON security_events FROM forgeboard_app;
--> statement-breakpoint
ALTER TABLE mail_outbox ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE rate_limit_buckets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE security_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
COMMENT ON TABLE mail_outbox IS 'System table: no grant to forgeboard_app (tenants cannot read mail). See 0007.';
--> statement-breakpoint
COMMENT ON TABLE rate_limit_buckets IS 'System table: no grant to forgeboard_app. See 0007.';
--> statement-breakpoint
COMMENT ON TABLE security_events IS 'System table: readable by sysadmin code paths only, no grant to forgeboard_app.';
