// Runs background work: claims due tasks of the queues it serves, runs each under a lease its heartbeat keeps alive,
// records the outcome, retries with back-off. Woken by NOTIFY when a task is committed; the poll is the fallback.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { TDatabase, TDb } from '../db/client.ts';
import type { TUnlisten } from '../db/listen.ts';
import { QUEUE_CHANNEL } from './enqueue.ts';
import * as repo from './tasks.repo.ts';

/** A task as its handler sees it. */
export interface TTask<P = Record<string, unknown>> {
  id: string;
  queue: string;
  key: string | null;
  payload: P;
  companyId: string | null;
  /** This attempt's number, from 1. */
  attempts: number;
  maxAttempts: number;
}

/** What a queue does with its tasks. */
export interface TTaskQueue<P = Record<string, unknown>> {
  /** Does the work; a throw is a failed attempt. Must be safe to run again: delivery is at least once. */
  run(task: TTask<P>): Promise<void>;
  /** Records, in `tx` with the task's own 'failed', that the task was given up (its last attempt failed or died). */
  failed?(tx: TDb, task: TTask<P>, error: string): Promise<void>;
  /** The wait before the next attempt after `attempts` failed ones. */
  retryDelayMs(attempts: number): number;
  /** Tasks of this queue one worker runs at once (default 1). */
  concurrency?: number;
}

/** The logging the worker needs; Fastify's (pino) logger fits it. */
export interface TTaskLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What the worker needs; the timings have defaults and are options so that tests can shrink them. */
export interface TTaskWorkerOptions {
  database: TDatabase;
  // biome-ignore lint/suspicious/noExplicitAny: each queue has its own payload type; the worker never reads it
  queues: Record<string, TTaskQueue<any>>;
  log: TTaskLog;
  /** This instance's name in locked_by; the same after a restart (see defaultWorkerId). */
  workerId: string;
  /** The fallback look for due work: retries coming due, dead workers' leases, a missed NOTIFY. */
  pollIntervalMs: number;
  /** How long a claim lasts without a heartbeat. */
  leaseMs?: number;
  heartbeatMs?: number;
  /** Which running tasks to take back at once on start: this worker's (default), or every one (PGlite: one process). */
  resume?: 'own' | 'all';
  /** False: no NOTIFY wake-ups, only the poll and `wake()` (tests that drive the worker themselves). */
  listen?: boolean;
}

/** Outcomes recorded by this worker. */
export interface TRunResult {
  done: number;
  retrying: number;
  failed: number;
}

/** A running worker. */
export interface TTaskWorker {
  readonly workerId: string;
  /** Looks for due work now (what a NOTIFY does). */
  wake(): void;
  /** Claims and runs every task due now until none is left, then resolves with the outcomes recorded meanwhile. */
  runDue(): Promise<TRunResult>;
  /** Stops claiming and waits for the running tasks to finish (their heartbeat goes on meanwhile). */
  stop(): Promise<void>;
}

/** A claim lasts this long unless renewed: a dead worker's tasks are taken over within it (plus one poll). */
export const DEFAULT_LEASE_MS = 10_000;
const MAX_ERROR_LENGTH = 1000;
const PRUNE_EVERY_MS = 60 * 60_000;
/** Done tasks are kept a week for an administrator to look at; failed ones until someone deals with them. */
const KEEP_DONE_MS = 7 * 24 * 60 * 60_000;

/**
 * An instance's worker id: host and port, which a restarted instance has again (so it takes back its own claims at
 * once), and which no two live instances share. Port 0 (any free port) names nothing to resume: a random id.
 */
export function defaultWorkerId(port: number): string {
  return port > 0 ? `${hostname()}:${port}` : `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** Takes back this instance's interrupted tasks, starts listening and polling; resolves once it is ready. */
export async function startTaskWorker(options: TTaskWorkerOptions): Promise<TTaskWorker> {
  const { database, queues, log, workerId, pollIntervalMs } = options;
  const { db } = database;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? leaseMs / 5;
  const running = new Map<string, { queue: string; finished: Promise<void> }>();
  const totals: TRunResult = { done: 0, retrying: 0, failed: 0 };
  let stopped = false;
  let filling: Promise<void> | null = null;
  let fillAgain = false;
  let renewing = false;

  const resumed = await repo.expireLeases(db, options.resume === 'all' ? 'all' : { workerId });
  if (resumed > 0)
    log.info({ resumed, workerId }, 'taking back the tasks this instance was running when it stopped');

  const countRunning = (queue: string) => [...running.values()].filter((r) => r.queue === queue).length;

  async function claimFreeSlots(): Promise<void> {
    for (const [queue, definition] of Object.entries(queues)) {
      const free = (definition.concurrency ?? 1) - countRunning(queue);
      if (stopped || free <= 0) continue;
      const exclude = [...running.keys()];
      const rows = await repo.claimTasks(db, { queue, limit: free, workerId, leaseMs, exclude });
      for (const row of rows) start(definition, row);
    }
  }

  // One claim pass at a time; a wake-up during a pass makes it go round once more.
  function fill(): Promise<void> {
    if (filling) {
      fillAgain = true;
      return filling;
    }
    filling = (async () => {
      try {
        do {
          fillAgain = false;
          await claimFreeSlots();
        } while (fillAgain && !stopped);
      } catch (error) {
        // The database may be briefly unreachable: say so and look again at the next poll.
        log.error({ err: error }, 'claiming tasks failed');
      } finally {
        filling = null;
      }
    })();
    return filling;
  }

  function start(definition: TTaskQueue, row: repo.TTaskRow): void {
    const task: TTask = {
      id: row.id,
      queue: row.queue,
      key: row.key,
      payload: row.payload as Record<string, unknown>,
      companyId: row.companyId,
      attempts: row.attempts,
      maxAttempts: row.maxAttempts,
    };
    const finished = execute(definition, task).finally(() => {
      running.delete(task.id);
      if (!stopped) void fill(); // a slot is free
    });
    running.set(task.id, { queue: task.queue, finished });
  }

  async function execute(definition: TTaskQueue, task: TTask): Promise<void> {
    const claim = { id: task.id, attempts: task.attempts };
    const context = { taskId: task.id, queue: task.queue, attempts: task.attempts };
    try {
      if (task.attempts > task.maxAttempts) {
        // Its last allowed attempt was claimed by a worker that died: it may or may not have run; no more tries.
        await giveUp(definition, task, 'lease expired on the last attempt (its worker stopped)');
        return;
      }
      let failure: { error: unknown } | null = null;
      try {
        await definition.run(task);
      } catch (error) {
        failure = { error };
      }
      if (!failure) {
        if (await repo.completeTask(db, workerId, claim)) totals.done++;
        else
          log.warn(context, 'task finished after its claim was lost; the newer attempt decides its outcome');
        log.debug(context, 'task done');
        return;
      }
      const message = describeError(failure.error);
      if (task.attempts >= task.maxAttempts) {
        await giveUp(definition, task, message);
        return;
      }
      const retryInMs = definition.retryDelayMs(task.attempts);
      if (await repo.failTask(db, workerId, claim, { error: message, giveUp: false, retryInMs }))
        totals.retrying++;
      log.warn({ ...context, err: failure.error, retryInMs }, 'task failed; will retry');
    } catch (error) {
      // Recording the outcome failed (the database went away): the lease runs out and the task is claimed again.
      log.error({ ...context, err: error }, 'could not record the outcome of a task');
    }
  }

  async function giveUp(definition: TTaskQueue, task: TTask, message: string): Promise<void> {
    const claim = { id: task.id, attempts: task.attempts };
    const recorded = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as TDb;
      if (!(await repo.failTask(tx, workerId, claim, { error: message, giveUp: true, retryInMs: 0 })))
        return false;
      await definition.failed?.(tx, task, message);
      return true;
    });
    if (!recorded) return;
    totals.failed++;
    log.warn(
      { taskId: task.id, queue: task.queue, attempts: task.attempts, error: message },
      'task failed for good',
    );
  }

  async function renewLeases(): Promise<void> {
    const ids = [...running.keys()];
    if (renewing || ids.length === 0) return;
    renewing = true;
    try {
      const held = await repo.renewLeases(db, workerId, ids, leaseMs);
      for (const id of ids) {
        // A task that ended meanwhile is no longer running: not a lost lease.
        if (!held.has(id) && running.has(id)) log.warn({ taskId: id }, 'lost the lease of a running task');
      }
    } catch (error) {
      log.warn({ err: error }, 'could not renew the leases of running tasks');
    } finally {
      renewing = false;
    }
  }

  async function prune(): Promise<void> {
    try {
      const pruned = await repo.pruneDoneTasks(db, KEEP_DONE_MS);
      if (pruned > 0) log.info({ pruned }, 'deleted done tasks older than a week');
    } catch (error) {
      log.warn({ err: error }, 'could not delete old done tasks');
    }
  }

  // The HTTP server, not these timers, keeps the process alive.
  const heartbeat = setInterval(() => void renewLeases(), heartbeatMs).unref();
  const poll = setInterval(() => void fill(), pollIntervalMs).unref();
  const pruning = setInterval(() => void prune(), PRUNE_EVERY_MS).unref();
  const unlisten: TUnlisten | null =
    options.listen === false
      ? null
      : await database.listen(QUEUE_CHANNEL, (queue) => {
          // null: the listening connection came back and may have missed some; look anyway.
          if (queue === null || Object.hasOwn(queues, queue)) void fill();
        });
  void fill();

  let stopping: Promise<void> | null = null;
  return {
    workerId,
    wake() {
      if (!stopped) void fill();
    },
    async runDue() {
      const before = { ...totals };
      for (;;) {
        await fill();
        if (running.size === 0) break;
        await Promise.all([...running.values()].map((r) => r.finished));
      }
      return {
        done: totals.done - before.done,
        retrying: totals.retrying - before.retrying,
        failed: totals.failed - before.failed,
      };
    },
    stop() {
      stopping ??= (async () => {
        stopped = true;
        clearInterval(poll);
        clearInterval(pruning);
        await unlisten?.();
        await filling;
        await Promise.all([...running.values()].map((r) => r.finished));
        clearInterval(heartbeat);
      })();
      return stopping;
    },
  };
}

/** The error as kept in last_error: for mail, nodemailer's message carries the SMTP reply ("… rejected: 550 …"). */
function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}
