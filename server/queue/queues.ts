// The app's background work: every queue and its handler, and the worker that serves them in this instance.
import type { TDatabase } from '../db/client.ts';
import type { TConfig } from '../env.ts';
import { mailQueue } from '../mail/mail.queue.ts';
import type { TMailer } from '../mail/mailer.ts';
import { MAIL_QUEUE } from '../mail/outbox.ts';
import { defaultWorkerId, startTaskWorker, type TTaskLog, type TTaskWorker } from './worker.ts';

/** What the app's queues need. */
export interface TAppQueueOptions {
  config: Pick<TConfig, 'port' | 'queuePollIntervalMs'>;
  database: TDatabase;
  mailer: TMailer;
  log: TTaskLog;
}

/**
 * Starts this instance's worker for every queue the app has (mail now; maintenance reminders, report exports and
 * label batches add theirs here). On PGlite this process is the only one on its database, so every task left running
 * is its own and resumes at once; on PostgreSQL those of this host and port do.
 */
export function startAppTaskWorker({
  config,
  database,
  mailer,
  log,
}: TAppQueueOptions): Promise<TTaskWorker> {
  return startTaskWorker({
    database,
    queues: { [MAIL_QUEUE]: mailQueue({ database, mailer }) },
    log,
    workerId: defaultWorkerId(config.port),
    pollIntervalMs: config.queuePollIntervalMs,
    resume: database.driver === 'pglite' ? 'all' : 'own',
  });
}
