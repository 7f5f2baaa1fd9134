// Sends what the outbox holds: claims due messages, sends each, records the outcome, retries with back-off.
import type { TDatabase } from '../db/client.ts';
import type { TMailer, TMailLog } from './mailer.ts';
import * as repo from './outbox.repo.ts';
import { DEFAULT_LEASE_MS, DEFAULT_MAX_ATTEMPTS, retryDelayMs } from './retry.ts';

/** What the dispatcher needs; the tuning numbers have defaults and are options so that tests can shrink them. */
export interface TMailDispatcherOptions {
  database: TDatabase;
  mailer: TMailer;
  log: TMailLog;
  /** The pause between two drains of the outbox. */
  intervalMs: number;
  batchSize?: number;
  leaseMs?: number;
  maxAttempts?: number;
}

/** What one drain did. */
export interface TDrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

/** A running dispatcher. */
export interface TMailDispatcher {
  /** Sends every message due now, then resolves; drains of one dispatcher never overlap. */
  drainOnce(): Promise<TDrainResult>;
  /** Stops the timer and waits for a drain in progress; messages claimed but not yet sent are handed back. */
  stop(): Promise<void>;
}

const DEFAULT_BATCH_SIZE = 10;
/** Enough batches for a burst; what is left waits for the next interval rather than hold the loop forever. */
const MAX_BATCHES_PER_DRAIN = 50;
const MAX_ERROR_LENGTH = 1000;

/** Starts draining the outbox every `intervalMs` (the first drain after one interval). */
export function startMailDispatcher(options: TMailDispatcherOptions): TMailDispatcher {
  const { database, mailer, log, intervalMs } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  async function sendOne(row: repo.TOutboxRow, result: TDrainResult): Promise<void> {
    const { db } = database;
    try {
      await mailer.send({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
      });
    } catch (error) {
      const giveUp = row.attempts >= maxAttempts;
      const retryInMs = retryDelayMs(row.attempts);
      await repo.markAttemptFailed(db, row, { error: describeError(error), giveUp, retryInMs });
      if (giveUp) result.failed++;
      else result.retrying++;
      log.warn(
        {
          mailId: row.id,
          kind: row.kind,
          attempts: row.attempts,
          err: error,
          retryInMs: giveUp ? null : retryInMs,
        },
        giveUp ? 'mail failed for good after its last attempt' : 'mail not sent; will retry',
      );
      return;
    }
    await repo.markSent(db, row);
    result.sent++;
    log.debug({ mailId: row.id, kind: row.kind, attempts: row.attempts }, 'mail sent');
  }

  async function drain(): Promise<TDrainResult> {
    const { db } = database;
    const result: TDrainResult = { sent: 0, retrying: 0, failed: 0 };
    result.failed += await repo.failAbandonedMessages(db, maxAttempts);
    for (let batch = 0; batch < MAX_BATCHES_PER_DRAIN && !stopped; batch++) {
      const claimedAt = Date.now();
      const rows = await repo.claimDueMessages(db, { batchSize, leaseMs, maxAttempts });
      for (const [index, row] of rows.entries()) {
        // Past half the lease another instance may soon take these over: hand the rest back rather than
        // risk two copies. The same on stop, so a shutdown does not leave them waiting for the lease.
        if (stopped || Date.now() - claimedAt > leaseMs / 2) {
          await repo.releaseClaims(db, rows.slice(index));
          return result;
        }
        await sendOne(row, result);
      }
      if (rows.length < batchSize) break;
    }
    return result;
  }

  function drainOnce(): Promise<TDrainResult> {
    const run = queue.then(drain);
    queue = run.catch(() => undefined);
    return run;
  }

  async function tick(): Promise<void> {
    try {
      const result = await drainOnce();
      if (result.sent + result.retrying + result.failed > 0) log.info({ ...result }, 'mail outbox drained');
    } catch (error) {
      // The database may be briefly unreachable: say so and try again at the next interval.
      log.error({ err: error }, 'mail outbox drain failed');
    }
    schedule();
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => void tick(), intervalMs);
    timer.unref(); // the HTTP server, not this timer, keeps the process alive
  }

  schedule();
  return {
    drainOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await queue;
    },
  };
}

/** The error as kept in last_error: nodemailer's message carries the SMTP reply ("… rejected: 550 …"). */
function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}
