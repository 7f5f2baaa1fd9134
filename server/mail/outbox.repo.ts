// The mail queue's queries on the outbox: read the message a task names, then record what became of it.
import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../db/client.ts';
import { mailOutbox } from './mail.tables.ts';

/** A row of the outbox. */
export type TOutboxRow = typeof mailOutbox.$inferSelect;

/** The message `id`, or null when it is gone (its company was deleted). */
export async function findMail(db: TDb, id: string): Promise<TOutboxRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

// Only a message still pending changes: a copy of the task that runs again after the message went out (its worker
// died between the two writes) must not turn 'sent' back into anything else.
const isPending = (id: string) => and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending'));

/**
 * Records, before the send, that attempt `attempts` is starting, so that a sender killed during the send leaves the
 * attempt on the message (a copy may then go out from the instance that takes the task over: decision 042).
 */
export async function recordMailAttemptStarted(db: TDb, id: string, attempts: number): Promise<void> {
  await db.update(mailOutbox).set({ attempts }).where(isPending(id));
}

/** Records that the message went out on attempt `attempts`. */
export async function markMailSent(db: TDb, id: string, attempts: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', attempts, sentAt: sql`now()`, lastError: null })
    .where(isPending(id));
}

/** Records a failed attempt at the message; it stays pending while its task retries. */
export async function recordMailAttemptFailed(
  db: TDb,
  id: string,
  attempts: number,
  error: string,
): Promise<void> {
  await db.update(mailOutbox).set({ attempts, lastError: error }).where(isPending(id));
}

/** Records that the message was given up: its last attempt failed, or its sender died during it. */
export async function markMailFailed(db: TDb, id: string, attempts: number, error: string): Promise<void> {
  await db.update(mailOutbox).set({ status: 'failed', attempts, lastError: error }).where(isPending(id));
}
