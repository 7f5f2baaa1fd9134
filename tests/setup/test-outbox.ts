// Helpers for tests that look into the mail outbox: read a message's row and its job, make waiting messages due now.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '#server/db/client.ts';
import type { TJobRow } from '#server/jobs/jobs.repo.ts';
import { jobs } from '#server/jobs/jobs.tables.ts';
import { mailOutbox } from '#server/mail/mail.tables.ts';
import type { TOutboxRow } from '#server/mail/outbox.repo.ts';
import { MAIL_QUEUE } from '#server/mail/outbox.ts';

/** The outbox row of message `id`; fails the test when there is none. */
export async function outboxRow(db: TDb, id: string): Promise<TOutboxRow> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no outbox message ${id}`);
  return row;
}

/** The job that sends message `id` (its key is the message id); fails the test when there is none. */
export async function mailJob(db: TDb, id: string): Promise<TJobRow> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.queue, MAIL_QUEUE), eq(jobs.key, id)));
  if (!row) throw new Error(`no mail job for message ${id}`);
  return row;
}

/** Moves the next attempt of waiting mail jobs (all, or those of messages `ids`) into the past, as time passing would. */
export async function makeMailDue(db: TDb, ids?: string[]): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(
      and(eq(jobs.queue, MAIL_QUEUE), eq(jobs.status, 'pending'), ids ? inArray(jobs.key, ids) : undefined),
    );
}

/** Empties the outbox and its jobs, so a test starts with nothing due. */
export async function clearOutbox(db: TDb): Promise<void> {
  await db.delete(jobs).where(eq(jobs.queue, MAIL_QUEUE));
  await db.delete(mailOutbox);
}
