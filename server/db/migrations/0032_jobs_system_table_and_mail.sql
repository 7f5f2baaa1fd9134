-- jobs is a system table like mail_outbox (0007): the server claims and runs background work as the owner, never as a
-- tenant. forgeboard_app gets no grant, and row-level security with no policy is the second lock. Decision 034.
REVOKE ALL ON jobs FROM forgeboard_app;
--> statement-breakpoint
ALTER TABLE jobs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
COMMENT ON TABLE jobs IS 'System table: background work (mail, …), no grant to forgeboard_app. See 0032 and decision 034.';
--> statement-breakpoint
-- Mail still waiting to go out moves onto the job queue, keeping its attempts, its back-off and its last error. A
-- message a dispatcher of the previous release was sending is due at once (at least once: decision 014).
-- 8 attempts as before; the job's key is the message id, as enqueueMail writes it, and so is its id here (a UUIDv7
-- made by the app, so the admin's newest-first list by id holds).
INSERT INTO jobs (id, queue, key, payload, company_id, status, attempts, max_attempts, run_at, last_error, created_at)
SELECT id, 'mail', id::text, jsonb_build_object('mailId', id), company_id, 'pending', attempts, 8,
       CASE WHEN status = 'pending' THEN next_attempt_at ELSE now() END, last_error, created_at
FROM mail_outbox
WHERE status IN ('pending', 'sending');
--> statement-breakpoint
-- next_attempt_at is no longer read. 'infinity' keeps the previous release's dispatcher, on instances still running
-- during a rolling start, off these messages; enqueueMail writes it too. The column and the 'sending' state stay one
-- release for those instances' inserts and are dropped by a later migration.
UPDATE mail_outbox SET status = 'pending', next_attempt_at = 'infinity' WHERE status IN ('pending', 'sending');
