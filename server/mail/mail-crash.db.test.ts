// A worker process killed (SIGKILL) while the SMTP server holds its message: the message is neither lost nor sent
// twice. On PostgreSQL another instance takes it over when the dead one's lease ends, or the restarted instance takes
// it back at once; on PGlite (one process) the restarted process does.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TTestDatabase, testDbKind } from '../../tests/setup/test-database.ts';
import { mailTask, outboxRow } from '../../tests/setup/test-outbox.ts';
import { eventually } from '../../tests/setup/test-queue.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../tests/setup/test-smtp-server.ts';
import { openDatabase, queryRows, type TDatabase, type TDatabaseTarget, type TDb } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { startTaskWorker, type TTaskWorker } from '../queue/worker.ts';
import { mailQueue } from './mail.queue.ts';
import { createMailer, type TMailer, type TMailLog } from './mailer.ts';
import { enqueueMail, MAIL_QUEUE } from './outbox.ts';

const quietLog: TMailLog = { debug() {}, info() {}, warn() {}, error() {} };
const CHILD_SCRIPT = 'tests/setup/task-worker-child.ts';

let smtp: TTestSmtpServer;
const children: ChildProcess[] = [];
const workers: TTaskWorker[] = [];
const mailers: TMailer[] = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp?.stop();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.holdMessages(false);
});
afterEach(async () => {
  for (const child of children.splice(0)) await kill(child);
  for (const w of workers.splice(0)) await w.stop();
  for (const m of mailers.splice(0)) m.close();
});

/** Starts a worker process on `target`; resolves once it works (it prints "ready"). */
function startChild(target: TDatabaseTarget, workerId: string, leaseMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD_SCRIPT], {
    env: {
      ...process.env,
      FB_CHILD_DATABASE: JSON.stringify(target),
      FB_CHILD_SMTP_URL: smtp.url,
      FB_CHILD_WORKER_ID: workerId,
      FB_CHILD_LEASE_MS: String(leaseMs),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stdout!.on('data', (chunk) => {
      if (String(chunk).includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the worker process exited (${code}): ${output}`)));
  });
}

/** Kills `child` at once, as a crash or `kill -9` would, and waits until it is gone. */
async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

/** A worker in this process; listening for NOTIFY, polling every 50 ms unless told otherwise. */
async function worker(database: TDatabase, workerId: string, resume: 'own' | 'all' = 'own') {
  const mailer = createMailer(
    { smtpUrl: smtp.url, mailFrom: 'no-reply@forgeboard.example', dataDir: '.' },
    quietLog,
  );
  mailers.push(mailer);
  const w = await startTaskWorker({
    database,
    queues: { [MAIL_QUEUE]: mailQueue({ database, mailer }) },
    log: quietLog,
    workerId,
    pollIntervalMs: 50,
    resume,
  });
  workers.push(w);
  return w;
}

const enqueueReset = (db: TDb) =>
  db.transaction((tx) =>
    enqueueMail(tx as unknown as TDb, {
      to: 'pat@example.test',
      subject: 'Reset your Forgeboard password',
      text: 'Choose a new password: https://forgeboard.example/reset-password?token=abc',
      kind: 'password-reset',
    }),
  );

/** Whether the database's clock has passed `moment`. */
const hasPassed = async (db: TDb, moment: Date) =>
  (
    await queryRows<{ past: boolean }>(db, sql`select now() > ${moment.toISOString()}::timestamptz as past`)
  )[0]!.past;

/** Checks that message `id` went out exactly once, on its second attempt, with the Message-ID made from its id. */
async function expectDeliveredOnce(db: TDb, id: string): Promise<void> {
  // The server has the message; the worker records it just after.
  await eventually(async () => (await mailTask(db, id)).status !== 'running');
  expect(smtp.received.map((m) => m.messageId)).toEqual([`<${id}@forgeboard.example>`]);
  expect(await outboxRow(db, id)).toMatchObject({ status: 'sent', attempts: 2 });
  expect(await mailTask(db, id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
}

// Two processes on one database need a server: PGlite is one process's, and its case is the restart below.
describe.runIf(testDbKind() === 'postgres')('on PostgreSQL, a worker killed mid-send', () => {
  let testDb: TTestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase();
  });
  afterAll(async () => {
    await testDb?.database.close();
    await testDb?.dispose();
  });

  it('leaves its message to the other instance once its 1 s lease ends: delivered once', async () => {
    const { db } = testDb.database;
    smtp.holdMessages(true);
    const child = await startChild({ kind: 'postgres', url: testDb.url! }, `crash-${randomUUID()}`, 1000);
    const id = await enqueueReset(db);
    await smtp.waitForHeld(10_000);
    // The attempt was recorded before the send: the killed sender leaves it on the message.
    expect(await outboxRow(db, id)).toMatchObject({ status: 'pending', attempts: 1 });
    const claimedUntil = (await mailTask(db, id)).lockedUntil!;

    // The other instance, polling every 50 ms, leaves the message alone while its sender lives (and renews it).
    await worker(testDb.database, `live-${randomUUID()}`);
    await eventually(() => hasPassed(db, new Date(claimedUntil.getTime() + 300)));
    expect(await mailTask(db, id)).toMatchObject({ status: 'running', attempts: 1 });
    expect(smtp.received).toEqual([]);

    smtp.holdMessages(false);
    const killedAt = Date.now();
    await kill(child);
    await smtp.waitForMessages(1, 5000);
    const tookOverMs = Date.now() - killedAt;
    expect(tookOverMs).toBeLessThan(5000); // the 1 s lease, a 50 ms poll, a send: seconds at most
    await expectDeliveredOnce(db, id);
  }, 60_000);

  it('when restarted under the same name, takes its message back at once, not after its 60 s lease', async () => {
    const { db } = testDb.database;
    const name = `crash-host-${randomUUID()}:3000`;
    smtp.holdMessages(true);
    const child = await startChild({ kind: 'postgres', url: testDb.url! }, name, 60_000);
    const id = await enqueueReset(db);
    await smtp.waitForHeld(10_000);
    smtp.holdMessages(false);
    await kill(child);

    const restartedAt = Date.now();
    await worker(testDb.database, name);
    await smtp.waitForMessages(1, 5000);
    // Far inside the 60 s lease; a loaded test machine may take a second or two to start a worker and connect.
    expect(Date.now() - restartedAt).toBeLessThan(5000);
    await expectDeliveredOnce(db, id);
  }, 60_000);
});

// The embedded database's real crash: the only process dies; on restart it takes back every task left running.
describe.runIf(testDbKind() === 'pglite')('on PGlite, a process killed mid-send', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'fb-crash-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the message once when it starts again, at once rather than after its 60 s lease', async () => {
    const target: TDatabaseTarget = { kind: 'pglite', dataDir };
    const before = await openDatabase(target);
    await applyMigrations(before);
    const id = await enqueueReset(before.db);
    await before.close(); // the folder is one process's: the worker process opens it next

    smtp.holdMessages(true);
    const child = await startChild(target, 'crash-host:3000', 60_000);
    await smtp.waitForHeld(60_000); // a process start and a PGlite folder to open, on a busy machine
    smtp.holdMessages(false);
    await kill(child); // its lock file stays behind, as after a real kill -9

    const database = await openDatabase(target);
    try {
      const restartedAt = Date.now();
      await worker(database, 'crash-host:3000', 'all');
      await smtp.waitForMessages(1, 5000);
      expect(Date.now() - restartedAt).toBeLessThan(5000); // far inside the 60 s lease
      await expectDeliveredOnce(database.db, id);
    } finally {
      for (const w of workers.splice(0)) await w.stop();
      await database.close();
    }
  }, 120_000);
});
