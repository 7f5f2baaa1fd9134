// The dispatcher's queries on the outbox: claim due messages, then record each attempt's result.
import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { TDb } from '../db/client.ts';
import { mailOutbox } from './mail.tables.ts';

/** A row of the outbox. */
export type TOutboxRow = typeof mailOutbox.$inferSelect;

const afterMs = (ms: number) => sql`now() + (${ms}::double precision * interval '1 millisecond')`;

/**
 * Takes up to `batchSize` due messages for this dispatcher: pending ones whose time has come, and 'sending' ones
 * whose lease ran out (their sender died). SKIP LOCKED lets several instances claim at once without waiting on,
 * or taking, each other's rows. The claim counts an attempt and sets the lease's end in next_attempt_at.
 */
export async function claimDueMessages(
  db: TDb,
  options: { batchSize: number; leaseMs: number; maxAttempts: number },
): Promise<TOutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, ['pending', 'sending']),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        lt(mailOutbox.attempts, options.maxAttempts),
      ),
    )
    .orderBy(mailOutbox.nextAttemptAt, mailOutbox.id)
    .limit(options.batchSize)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: afterMs(options.leaseMs),
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  // RETURNING keeps no order; ids are UUIDv7, so sorting by them sends the oldest first.
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

// Every write below names the attempt it claimed: a sender whose lease ran out and was overtaken by another
// instance finds no row to change, so it cannot overwrite the newer attempt's outcome.
const isOurClaim = (row: TOutboxRow) =>
  and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, row.attempts));

/** Records that the claimed message went out. */
export async function markSent(db: TDb, row: TOutboxRow): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(isOurClaim(row));
}

/** Records a failed attempt: back to pending after `retryInMs`, or 'failed' for good when `giveUp`. */
export async function markAttemptFailed(
  db: TDb,
  row: TOutboxRow,
  failure: { error: string; giveUp: boolean; retryInMs: number },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: failure.giveUp ? 'failed' : 'pending',
      lastError: failure.error,
      nextAttemptAt: afterMs(failure.giveUp ? 0 : failure.retryInMs),
    })
    .where(isOurClaim(row));
}

/** Hands claimed messages back unsent (the dispatcher is stopping): due again at once, the attempt not counted. */
export async function releaseClaims(db: TDb, rows: TOutboxRow[]): Promise<void> {
  for (const row of rows) {
    await db
      .update(mailOutbox)
      .set({ status: 'pending', attempts: sql`${mailOutbox.attempts} - 1`, nextAttemptAt: sql`now()` })
      .where(isOurClaim(row));
  }
}

/** Gives up on messages whose last allowed attempt's sender died mid-send: they are never claimed again. */
export async function failAbandonedMessages(db: TDb, maxAttempts: number): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({
      status: 'failed',
      lastError: sql`coalesce(${mailOutbox.lastError} || '; ', '') || 'lease expired on the last attempt (its sender stopped)'`,
    })
    .where(
      and(
        eq(mailOutbox.status, 'sending'),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        sql`${mailOutbox.attempts} >= ${maxAttempts}`,
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}
