-- The better-auth tables (users, sessions, accounts, verifications, two_factors; decision 015) are read and written
-- by the server as the owner: sign-in finds a user, and a session, before any tenant is known. For now
-- forgeboard_app gets NO grant on them, like the system tables of 0007, and row-level security is enabled with no
-- policy as a second lock. Company-scoped reads of users (the admin users list) will get a grant and a policy on
-- company_id in the administration issue; sessions, accounts, verifications and two_factors stay closed.
REVOKE ALL ON users FROM forgeboard_app;
--> statement-breakpoint
REVOKE ALL ON sessions FROM forgeboard_app;
--> statement-breakpoint
REVOKE ALL ON accounts FROM forgeboard_app;
--> statement-breakpoint
REVOKE ALL ON verifications FROM forgeboard_app;
--> statement-breakpoint
REVOKE ALL ON two_factors FROM forgeboard_app;
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE accounts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE verifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE two_factors ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
COMMENT ON TABLE users IS 'Auth table: no grant to forgeboard_app yet; the admin users list gets a company_id policy later. See 0009.';
--> statement-breakpoint
COMMENT ON TABLE sessions IS 'Auth table: no grant to forgeboard_app (session tokens). See 0009.';
--> statement-breakpoint
COMMENT ON TABLE accounts IS 'Auth table: no grant to forgeboard_app (password hashes). See 0009.';
--> statement-breakpoint
COMMENT ON TABLE verifications IS 'Auth table: no grant to forgeboard_app (tokens). See 0009.';
--> statement-breakpoint
COMMENT ON TABLE two_factors IS 'Auth table: no grant to forgeboard_app (TOTP secrets). See 0009.';
