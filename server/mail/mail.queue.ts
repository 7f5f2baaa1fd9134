// The mail queue: each task sends one outbox message (SMTP or an .eml file) and records the outcome on the message.
import type { TDatabase } from '../db/client.ts';
import type { TTask, TTaskQueue } from '../queue/worker.ts';
import type { TMailer } from './mailer.ts';
import * as repo from './outbox.repo.ts';
import type { TMailTaskPayload } from './outbox.ts';
import { retryDelayMs } from './retry.ts';

/** What the mail queue needs. */
export interface TMailQueueOptions {
  database: TDatabase;
  mailer: TMailer;
}

/**
 * The mail queue's handler. One message at a time: the SMTP transport pools a single connection (decision 014).
 * A message is sent only while it is pending, so a task run again after the message went out does not send it again.
 * The attempt is written on the message before the send and `sent` right after the server accepts it, so the only
 * window for a second copy is a worker dying between the server's acceptance and that one write (at least once,
 * decision 042); the Message-ID, made from the outbox id, is the same on both copies.
 */
export function mailQueue({ database, mailer }: TMailQueueOptions): TTaskQueue<TMailTaskPayload> {
  return {
    concurrency: 1,
    retryDelayMs,
    async run(task: TTask<TMailTaskPayload>) {
      const { db } = database;
      const row = await repo.findMail(db, task.payload.mailId);
      if (row?.status !== 'pending') return;
      await repo.recordMailAttemptStarted(db, row.id, task.attempts);
      try {
        await mailer.send({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await repo.recordMailAttemptFailed(db, row.id, task.attempts, message.slice(0, 1000));
        throw error;
      }
      // Nothing between the acceptance and this write: it is the whole window for a duplicate.
      await repo.markMailSent(db, row.id, task.attempts);
    },
    async failed(tx, task, error) {
      await repo.markMailFailed(tx, task.payload.mailId, Math.min(task.attempts, task.maxAttempts), error);
    },
  };
}
