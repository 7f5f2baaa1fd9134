-- pending_registrations holds sign-ups waiting for their e-mail verification (no company yet). Like the auth
-- tables of 0009 it is read and written by the server as the owner only: no grant to forgeboard_app, and row-level
-- security on with no policy as a second lock.
REVOKE ALL ON pending_registrations FROM forgeboard_app;
--> statement-breakpoint
ALTER TABLE pending_registrations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
COMMENT ON TABLE pending_registrations IS 'Auth table: no grant to forgeboard_app (sign-ups before verification). See 0011.';
