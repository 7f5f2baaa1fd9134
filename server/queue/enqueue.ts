// Writes a task inside the caller's transaction: the work exists if and only if the change that causes it commits.
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { TDb } from '../db/client.ts';
import { queueTasks } from './tasks.tables.ts';

/** The NOTIFY channel that wakes every instance's worker when a task is written (payload: the queue's name). */
export const QUEUE_CHANNEL = 'forgeboard_queue';

/** Attempts before a task is given up as 'failed', unless its queue asks for another number. */
export const DEFAULT_MAX_ATTEMPTS = 5;

/** A task to write. */
export interface TNewTask {
  queue: string;
  payload?: Record<string, unknown>;
  /** Identity within the queue: writing a task whose key is already there does nothing. */
  key?: string;
  companyId?: string | null;
  maxAttempts?: number;
  /** Not before this moment; at once when left out. */
  runAt?: Date;
}

/**
 * Writes `task` in `tx` and returns its id, or null when a task with the same queue and key exists. The NOTIFY goes
 * out with the commit (never on a rollback), so workers wake within milliseconds of the change; the poll is the
 * fallback. Runs as the owner: queue_tasks is a system table.
 */
export async function enqueueTask(tx: TDb, task: TNewTask): Promise<string | null> {
  const [id] = await enqueueTasks(tx, [task]);
  return id ?? null;
}

/** Rows a statement when many tasks are written at once: well below PostgreSQL's 65,535 bind parameters. */
const TASKS_PER_INSERT = 1000;

/**
 * Writes many tasks in `tx` as `enqueueTask` writes one (each skipped when its queue and key exist), a statement per
 * thousand and one NOTIFY per queue that got a task; returns the ids written.
 */
export async function enqueueTasks(tx: TDb, list: TNewTask[]): Promise<string[]> {
  const written: string[] = [];
  const woken = new Set<string>();
  for (let start = 0; start < list.length; start += TASKS_PER_INSERT) {
    const inserted = await tx
      .insert(queueTasks)
      .values(
        list.slice(start, start + TASKS_PER_INSERT).map((task) => ({
          id: uuidv7(),
          queue: task.queue,
          key: task.key ?? null,
          payload: task.payload ?? {},
          companyId: task.companyId ?? null,
          maxAttempts: task.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          ...(task.runAt ? { runAt: task.runAt } : {}),
        })),
      )
      .onConflictDoNothing({ target: [queueTasks.queue, queueTasks.key] })
      .returning({ id: queueTasks.id, queue: queueTasks.queue });
    for (const row of inserted) {
      written.push(row.id);
      woken.add(row.queue);
    }
  }
  for (const queue of woken) await tx.execute(sql`select pg_notify(${QUEUE_CHANNEL}, ${queue})`);
  return written;
}

/**
 * Runs `fn` in `db` when it is already a transaction, else in a new one: writes that must commit together (a message
 * and the task that sends it) stay together even when a caller hands in the root database.
 */
export async function inTransaction<T>(db: TDb, fn: (tx: TDb) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return fn(db as unknown as TDb);
  return db.transaction((tx) => fn(tx as unknown as TDb));
}
