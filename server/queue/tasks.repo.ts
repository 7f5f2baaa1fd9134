// The worker's queries on the queue_tasks table (claim, heartbeat, outcome) and the admin's (list and count by state).
import { and, count, desc, eq, inArray, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../db/client.ts';
import { queueTasks, type TASK_STATUSES } from './tasks.tables.ts';

/** A row of the queue_tasks table. */
export type TTaskRow = typeof queueTasks.$inferSelect;
export type TTaskStatus = (typeof TASK_STATUSES)[number];

/** A claim as the worker holds it: which task, which attempt, under which worker's name. */
export type TClaim = Pick<TTaskRow, 'id' | 'attempts'>;

const afterMs = (ms: number) => sql`now() + (${ms}::double precision * interval '1 millisecond')`;

/**
 * Takes up to `limit` due tasks of `queue` for `workerId`: pending ones whose time has come, and running ones whose
 * lease ran out (their worker died). SKIP LOCKED lets every instance claim at once without waiting on, or taking,
 * each other's rows. `exclude` is what this worker runs now: even a lease it failed to renew is never taken twice
 * by the same worker. The claim counts an attempt and starts the lease.
 */
export async function claimTasks(
  db: TDb,
  options: { queue: string; limit: number; workerId: string; leaseMs: number; exclude: string[] },
): Promise<TTaskRow[]> {
  const due = db
    .select({ id: queueTasks.id })
    .from(queueTasks)
    .where(
      and(
        eq(queueTasks.queue, options.queue),
        or(
          and(eq(queueTasks.status, 'pending'), lte(queueTasks.runAt, sql`now()`)),
          and(eq(queueTasks.status, 'running'), lt(queueTasks.lockedUntil, sql`now()`)),
        ),
        options.exclude.length > 0 ? notInArray(queueTasks.id, options.exclude) : undefined,
      ),
    )
    .orderBy(queueTasks.runAt, queueTasks.id)
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(queueTasks)
    .set({
      status: 'running',
      attempts: sql`${queueTasks.attempts} + 1`,
      lockedBy: options.workerId,
      lockedUntil: afterMs(options.leaseMs),
    })
    .where(inArray(queueTasks.id, due))
    .returning();
  // RETURNING keeps no order; ids are UUIDv7, so sorting by them runs the oldest first.
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Pushes the leases of `ids` (this worker's running tasks) forward; returns the ids it still holds. */
export async function renewLeases(db: TDb, workerId: string, ids: string[], leaseMs: number) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .update(queueTasks)
    .set({ lockedUntil: afterMs(leaseMs) })
    .where(
      and(eq(queueTasks.status, 'running'), eq(queueTasks.lockedBy, workerId), inArray(queueTasks.id, ids)),
    )
    .returning({ id: queueTasks.id });
  return new Set(rows.map((r) => r.id));
}

// Every outcome names the claim it ends: a worker whose lease ran out and whose task was taken over finds no row to
// change, so it cannot overwrite the newer attempt's outcome.
const isClaim = (workerId: string, claim: TClaim): SQL =>
  and(
    eq(queueTasks.id, claim.id),
    eq(queueTasks.status, 'running'),
    eq(queueTasks.lockedBy, workerId),
    eq(queueTasks.attempts, claim.attempts),
  )!;
const unlocked = { lockedBy: null, lockedUntil: null };

/** Records that the claimed task finished; false when the claim had been lost. */
export async function completeTask(db: TDb, workerId: string, claim: TClaim): Promise<boolean> {
  const rows = await db
    .update(queueTasks)
    .set({ status: 'done', finishedAt: sql`now()`, lastError: null, ...unlocked })
    .where(isClaim(workerId, claim))
    .returning({ id: queueTasks.id });
  return rows.length > 0;
}

/** Records a failed attempt: pending again after `retryInMs`, or 'failed' for good when `giveUp`. */
export async function failTask(
  db: TDb,
  workerId: string,
  claim: TClaim,
  failure: { error: string; giveUp: boolean; retryInMs: number },
): Promise<boolean> {
  const rows = await db
    .update(queueTasks)
    .set({
      status: failure.giveUp ? 'failed' : 'pending',
      lastError: failure.error,
      runAt: failure.giveUp ? sql`${queueTasks.runAt}` : afterMs(failure.retryInMs),
      finishedAt: failure.giveUp ? sql`now()` : null,
      ...unlocked,
    })
    .where(isClaim(workerId, claim))
    .returning({ id: queueTasks.id });
  return rows.length > 0;
}

/**
 * Ends the leases of running tasks at once so that the next claim takes them: those of `workerId` (this instance's
 * previous life, after a restart), or every one (`all`: on PGlite this process is the only one there is).
 */
export async function expireLeases(db: TDb, whose: { workerId: string } | 'all'): Promise<number> {
  const rows = await db
    .update(queueTasks)
    .set({ lockedUntil: sql`now() - interval '1 millisecond'` })
    .where(
      and(
        eq(queueTasks.status, 'running'),
        whose === 'all' ? undefined : eq(queueTasks.lockedBy, whose.workerId),
      ),
    )
    .returning({ id: queueTasks.id });
  return rows.length;
}

/** Deletes tasks that finished well more than `olderThanMs` ago; failed ones stay for an administrator to see. */
export async function pruneDoneTasks(db: TDb, olderThanMs: number): Promise<number> {
  const rows = await db
    .delete(queueTasks)
    .where(and(eq(queueTasks.status, 'done'), lt(queueTasks.finishedAt, afterMs(-olderThanMs))))
    .returning({ id: queueTasks.id });
  return rows.length;
}

/**
 * Tasks in `status` (of `queue` if given), newest first, `limit` at most; after the page that ended with task
 * `before`. Ids are UUIDv7, made by the app when the task is written, so their order is the order of writing.
 */
export async function listTasks(
  db: TDb,
  options: { status: TTaskStatus; queue?: string; limit: number; before?: string },
): Promise<TTaskRow[]> {
  return db
    .select()
    .from(queueTasks)
    .where(
      and(
        eq(queueTasks.status, options.status),
        options.queue ? eq(queueTasks.queue, options.queue) : undefined,
        options.before ? lt(queueTasks.id, options.before) : undefined,
      ),
    )
    .orderBy(desc(queueTasks.id))
    .limit(options.limit);
}

/** How many tasks each queue has in each state. */
export async function countTasks(db: TDb): Promise<{ queue: string; status: TTaskStatus; count: number }[]> {
  return db
    .select({ queue: queueTasks.queue, status: queueTasks.status, count: count() })
    .from(queueTasks)
    .groupBy(queueTasks.queue, queueTasks.status)
    .orderBy(queueTasks.queue, queueTasks.status);
}
