// Helpers for task queue tests: a queue whose handler the test controls, a gate to hold a task mid-run, a deadline poll.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { TDatabase, TDb } from '#server/db/client.ts';
import type { TTaskRow } from '#server/queue/tasks.repo.ts';
import { queueTasks } from '#server/queue/tasks.tables.ts';
import {
  startTaskWorker,
  type TTask,
  type TTaskLog,
  type TTaskQueue,
  type TTaskWorker,
  type TTaskWorkerOptions,
} from '#server/queue/worker.ts';
import { openTestDatabase, type TTestDatabase } from './test-database.ts';

/** A log that keeps nothing. */
export const quietTaskLog: TTaskLog = { debug() {}, info() {}, warn() {}, error() {} };

/** One run of a task: which, which attempt, and when it started (Date.now()). */
export interface TRun {
  id: string;
  attempts: number;
  at: number;
}

/** A test queue: `handle` decides what each run does; every run is recorded in `runs`. */
export function testQueue(
  handle: (task: TTask) => Promise<void> = async () => undefined,
  options: Partial<Pick<TTaskQueue, 'retryDelayMs' | 'concurrency' | 'failed'>> = {},
): TTaskQueue & { runs: TRun[] } {
  const runs: TRun[] = [];
  return {
    runs,
    retryDelayMs: options.retryDelayMs ?? (() => 60_000),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    ...(options.failed ? { failed: options.failed } : {}),
    async run(task) {
      runs.push({ id: task.id, attempts: task.attempts, at: Date.now() });
      await handle(task);
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

/** The row of task `id`; fails the test when there is none. */
export async function taskRow(db: TDb, id: string): Promise<TTaskRow> {
  const [row] = await db.select().from(queueTasks).where(eq(queueTasks.id, id));
  if (!row) throw new Error(`no task ${id}`);
  return row;
}

/**
 * The set-up every task queue test file shares: a fresh migrated database, emptied of tasks before each test, and the
 * workers a test starts stopped after it. Call once at the top of the file; read `db` and `database` inside tests.
 */
export function queueTestDatabase(defaults: Partial<TTaskWorkerOptions> = {}) {
  let testDb: TTestDatabase | undefined;
  const running: TTaskWorker[] = [];
  beforeAll(async () => {
    testDb = await openTestDatabase();
  });
  afterAll(async () => {
    await testDb?.database.close();
    await testDb?.dispose();
  });
  beforeEach(async () => {
    await testDb!.database.db.delete(queueTasks);
  });
  afterEach(async () => {
    for (const w of running.splice(0)) await w.stop();
  });
  return {
    get db(): TDb {
      return testDb!.database.db;
    },
    get database(): TDatabase {
      return testDb!.database;
    },
    /** A worker serving `queues`; by default it runs only when woken by a commit or by the test (an hour's poll). */
    async worker(queues: Record<string, TTaskQueue>, options: Partial<TTaskWorkerOptions> = {}) {
      const w = await startTaskWorker({
        database: testDb!.database,
        queues,
        log: quietTaskLog,
        workerId: `test-${randomUUID()}`,
        pollIntervalMs: 3_600_000,
        ...defaults,
        ...options,
      });
      running.push(w);
      return w;
    },
  };
}
