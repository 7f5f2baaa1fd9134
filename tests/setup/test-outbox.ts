// Helpers for tests that look into the mail outbox: read a message's row, make waiting messages due now.
import { eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '#server/db/client.ts';
import { mailOutbox } from '#server/mail/mail.tables.ts';
import type { TOutboxRow } from '#server/mail/outbox.repo.ts';

/** The outbox row of message `id`; fails the test when there is none. */
export async function outboxRow(db: TDb, id: string): Promise<TOutboxRow> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no outbox message ${id}`);
  return row;
}

/** Moves the next attempt of pending or sending messages (all, or `ids`) into the past, as time passing would. */
export async function makeMailDue(db: TDb, ids?: string[]): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(ids ? inArray(mailOutbox.id, ids) : inArray(mailOutbox.status, ['pending', 'sending']));
}

/** Empties the outbox, so a test starts with nothing due. */
export async function clearOutbox(db: TDb): Promise<void> {
  await db.delete(mailOutbox);
}
