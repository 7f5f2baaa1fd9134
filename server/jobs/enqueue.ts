// Writes a job inside the caller's transaction: the work exists if and only if the change that causes it commits.
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { TDb } from '../db/client.ts';
import { jobs } from './jobs.tables.ts';

/** The NOTIFY channel that wakes every instance's worker when a job is written (payload: the queue's name). */
export const JOBS_CHANNEL = 'forgeboard_jobs';

/** Attempts before a job is given up as 'failed', unless its queue asks for another number. */
export const DEFAULT_MAX_ATTEMPTS = 5;

/** A job to write. */
export interface TNewJob {
  queue: string;
  payload?: Record<string, unknown>;
  /** Identity within the queue: writing a job whose key is already there does nothing. */
  key?: string;
  companyId?: string | null;
  maxAttempts?: number;
  /** Not before this moment; at once when left out. */
  runAt?: Date;
}

/**
 * Writes `job` in `tx` and returns its id, or null when a job with the same queue and key exists. The NOTIFY goes
 * out with the commit (never on a rollback), so workers wake within milliseconds of the change; the poll is the
 * fallback. Runs as the owner: jobs is a system table.
 */
export async function enqueueJob(tx: TDb, job: TNewJob): Promise<string | null> {
  const [id] = await enqueueJobs(tx, [job]);
  return id ?? null;
}

/** Rows a statement when many jobs are written at once: well below PostgreSQL's 65,535 bind parameters. */
const JOBS_PER_INSERT = 1000;

/**
 * Writes many jobs in `tx` as `enqueueJob` writes one (each skipped when its queue and key exist), a statement per
 * thousand and one NOTIFY per queue that got a job; returns the ids written.
 */
export async function enqueueJobs(tx: TDb, list: TNewJob[]): Promise<string[]> {
  const written: string[] = [];
  const woken = new Set<string>();
  for (let start = 0; start < list.length; start += JOBS_PER_INSERT) {
    const inserted = await tx
      .insert(jobs)
      .values(
        list.slice(start, start + JOBS_PER_INSERT).map((job) => ({
          id: uuidv7(),
          queue: job.queue,
          key: job.key ?? null,
          payload: job.payload ?? {},
          companyId: job.companyId ?? null,
          maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          ...(job.runAt ? { runAt: job.runAt } : {}),
        })),
      )
      .onConflictDoNothing({ target: [jobs.queue, jobs.key] })
      .returning({ id: jobs.id, queue: jobs.queue });
    for (const row of inserted) {
      written.push(row.id);
      woken.add(row.queue);
    }
  }
  for (const queue of woken) await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${queue})`);
  return written;
}

/**
 * Runs `fn` in `db` when it is already a transaction, else in a new one: writes that must commit together (a message
 * and the job that sends it) stay together even when a caller hands in the root database.
 */
export async function inTransaction<T>(db: TDb, fn: (tx: TDb) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return fn(db as unknown as TDb);
  return db.transaction((tx) => fn(tx as unknown as TDb));
}
