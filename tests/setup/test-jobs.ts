// Helpers for job queue tests: a queue whose handler the test controls, a gate to hold a job mid-run, a deadline poll.
import { eq } from 'drizzle-orm';
import type { TDb } from '#server/db/client.ts';
import type { TJobRow } from '#server/jobs/jobs.repo.ts';
import { jobs } from '#server/jobs/jobs.tables.ts';
import type { TJob, TJobLog, TJobQueue } from '#server/jobs/worker.ts';

/** A log that keeps nothing. */
export const quietJobLog: TJobLog = { debug() {}, info() {}, warn() {}, error() {} };

/** One run of a job: which, which attempt, and when it started (Date.now()). */
export interface TRun {
  id: string;
  attempts: number;
  at: number;
}

/** A test queue: `handle` decides what each run does; every run is recorded in `runs`. */
export function testQueue(
  handle: (job: TJob) => Promise<void> = async () => undefined,
  options: Partial<Pick<TJobQueue, 'retryDelayMs' | 'concurrency' | 'failed'>> = {},
): TJobQueue & { runs: TRun[] } {
  const runs: TRun[] = [];
  return {
    runs,
    retryDelayMs: options.retryDelayMs ?? (() => 60_000),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    ...(options.failed ? { failed: options.failed } : {}),
    async run(job) {
      runs.push({ id: job.id, attempts: job.attempts, at: Date.now() });
      await handle(job);
    },
  };
}

/** A promise the test resolves when it chooses: `open()` lets whatever waits on `wait` go on. */
export function gate(): { wait: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

/** Polls `check` until it holds, failing after `timeoutMs`; resolves with the time it took. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return Date.now() - started;
}

/** The row of job `id`; fails the test when there is none. */
export async function jobRow(db: TDb, id: string): Promise<TJobRow> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}
