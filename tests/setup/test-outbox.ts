// Helpers for tests that look into the mail outbox: read a message's row and its task, make waiting messages due now.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '#server/db/client.ts';
import { mailOutbox } from '#server/mail/mail.tables.ts';
import type { TOutboxRow } from '#server/mail/outbox.repo.ts';
import { MAIL_QUEUE } from '#server/mail/outbox.ts';
import type { TTaskRow } from '#server/queue/tasks.repo.ts';
import { queueTasks } from '#server/queue/tasks.tables.ts';

/** The outbox row of message `id`; fails the test when there is none. */
export async function outboxRow(db: TDb, id: string): Promise<TOutboxRow> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no outbox message ${id}`);
  return row;
}

/** The task that sends message `id` (its key is the message id); fails the test when there is none. */
export async function mailTask(db: TDb, id: string): Promise<TTaskRow> {
  const [row] = await db
    .select()
    .from(queueTasks)
    .where(and(eq(queueTasks.queue, MAIL_QUEUE), eq(queueTasks.key, id)));
  if (!row) throw new Error(`no mail task for message ${id}`);
  return row;
}

/** Moves the next attempt of waiting mail tasks (all, or those of messages `ids`) into the past, as time passing would. */
export async function makeMailDue(db: TDb, ids?: string[]): Promise<void> {
  await db
    .update(queueTasks)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(
      and(
        eq(queueTasks.queue, MAIL_QUEUE),
        eq(queueTasks.status, 'pending'),
        ids ? inArray(queueTasks.key, ids) : undefined,
      ),
    );
}

/** Empties the outbox and its tasks, so a test starts with nothing due. */
export async function clearOutbox(db: TDb): Promise<void> {
  await db.delete(queueTasks).where(eq(queueTasks.queue, MAIL_QUEUE));
  await db.delete(mailOutbox);
}
