// The worker's queries on the jobs table (claim, heartbeat, outcome) and the admin's (list and count by state).
import { and, count, desc, eq, inArray, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../db/client.ts';
import { type JOB_STATUSES, jobs } from './jobs.tables.ts';

/** A row of the jobs table. */
export type TJobRow = typeof jobs.$inferSelect;
export type TJobStatus = (typeof JOB_STATUSES)[number];

/** A claim as the worker holds it: which job, which attempt, under which worker's name. */
export type TClaim = Pick<TJobRow, 'id' | 'attempts'>;

const afterMs = (ms: number) => sql`now() + (${ms}::double precision * interval '1 millisecond')`;

/**
 * Takes up to `limit` due jobs of `queue` for `workerId`: pending ones whose time has come, and running ones whose
 * lease ran out (their worker died). SKIP LOCKED lets every instance claim at once without waiting on, or taking,
 * each other's rows. `exclude` is what this worker runs now: even a lease it failed to renew is never taken twice
 * by the same worker. The claim counts an attempt and starts the lease.
 */
export async function claimJobs(
  db: TDb,
  options: { queue: string; limit: number; workerId: string; leaseMs: number; exclude: string[] },
): Promise<TJobRow[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.queue, options.queue),
        or(
          and(eq(jobs.status, 'pending'), lte(jobs.runAt, sql`now()`)),
          and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`)),
        ),
        options.exclude.length > 0 ? notInArray(jobs.id, options.exclude) : undefined,
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: options.workerId,
      lockedUntil: afterMs(options.leaseMs),
    })
    .where(inArray(jobs.id, due))
    .returning();
  // RETURNING keeps no order; ids are UUIDv7, so sorting by them runs the oldest first.
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Pushes the leases of `ids` (this worker's running jobs) forward; returns the ids it still holds. */
export async function renewLeases(db: TDb, workerId: string, ids: string[], leaseMs: number) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: afterMs(leaseMs) })
    .where(and(eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId), inArray(jobs.id, ids)))
    .returning({ id: jobs.id });
  return new Set(rows.map((r) => r.id));
}

// Every outcome names the claim it ends: a worker whose lease ran out and whose job was taken over finds no row to
// change, so it cannot overwrite the newer attempt's outcome.
const isClaim = (workerId: string, claim: TClaim): SQL =>
  and(
    eq(jobs.id, claim.id),
    eq(jobs.status, 'running'),
    eq(jobs.lockedBy, workerId),
    eq(jobs.attempts, claim.attempts),
  )!;
const unlocked = { lockedBy: null, lockedUntil: null };

/** Records that the claimed job finished; false when the claim had been lost. */
export async function completeJob(db: TDb, workerId: string, claim: TClaim): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', finishedAt: sql`now()`, lastError: null, ...unlocked })
    .where(isClaim(workerId, claim))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Records a failed attempt: pending again after `retryInMs`, or 'failed' for good when `giveUp`. */
export async function failJob(
  db: TDb,
  workerId: string,
  claim: TClaim,
  failure: { error: string; giveUp: boolean; retryInMs: number },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: failure.giveUp ? 'failed' : 'pending',
      lastError: failure.error,
      runAt: failure.giveUp ? sql`${jobs.runAt}` : afterMs(failure.retryInMs),
      finishedAt: failure.giveUp ? sql`now()` : null,
      ...unlocked,
    })
    .where(isClaim(workerId, claim))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Ends the leases of running jobs at once so that the next claim takes them: those of `workerId` (this instance's
 * previous life, after a restart), or every one (`all`: on PGlite this process is the only one there is).
 */
export async function expireLeases(db: TDb, whose: { workerId: string } | 'all'): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() - interval '1 millisecond'` })
    .where(and(eq(jobs.status, 'running'), whose === 'all' ? undefined : eq(jobs.lockedBy, whose.workerId)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Deletes jobs that finished well more than `olderThanMs` ago; failed ones stay for an administrator to see. */
export async function pruneDoneJobs(db: TDb, olderThanMs: number): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, afterMs(-olderThanMs))))
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Jobs in `status` (of `queue` if given), newest first, `limit` at most; after the page that ended with job
 * `before`. Ids are UUIDv7, made by the app when the job is written, so their order is the order of writing.
 */
export async function listJobs(
  db: TDb,
  options: { status: TJobStatus; queue?: string; limit: number; before?: string },
): Promise<TJobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.status, options.status),
        options.queue ? eq(jobs.queue, options.queue) : undefined,
        options.before ? lt(jobs.id, options.before) : undefined,
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(options.limit);
}

/** How many jobs each queue has in each state. */
export async function countJobs(db: TDb): Promise<{ queue: string; status: TJobStatus; count: number }[]> {
  return db
    .select({ queue: jobs.queue, status: jobs.status, count: count() })
    .from(jobs)
    .groupBy(jobs.queue, jobs.status)
    .orderBy(jobs.queue, jobs.status);
}
