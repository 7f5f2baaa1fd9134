// A task worker in a process of its own, for tests that kill it with SIGKILL mid-send: the mail queue on the database
// FB_CHILD_DATABASE names (a TDatabaseTarget as JSON), sending to FB_CHILD_SMTP_URL. Prints "ready" once it works.
import { openDatabase, type TDatabaseTarget } from '#server/db/client.ts';
import { mailQueue } from '#server/mail/mail.queue.ts';
import { createMailer, type TMailLog } from '#server/mail/mailer.ts';
import { MAIL_QUEUE } from '#server/mail/outbox.ts';
import { startTaskWorker } from '#server/queue/worker.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const log: TMailLog = {
  debug() {},
  info() {},
  warn: (obj, msg) => console.error(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};
const target = JSON.parse(env('FB_CHILD_DATABASE')) as TDatabaseTarget;
const database = await openDatabase(target);
const mailer = createMailer(
  { smtpUrl: env('FB_CHILD_SMTP_URL'), mailFrom: 'no-reply@forgeboard.example', dataDir: '.' },
  log,
);
await startTaskWorker({
  database,
  queues: { [MAIL_QUEUE]: mailQueue({ database, mailer }) },
  log,
  workerId: env('FB_CHILD_WORKER_ID'),
  pollIntervalMs: 50,
  leaseMs: Number(env('FB_CHILD_LEASE_MS')),
  resume: target.kind === 'postgres' ? 'own' : 'all',
});
process.stdout.write('ready\n');
