// The mail queue against a real SMTP server: once-only delivery, rollback, retries with back-off, giving up.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TTestDatabase } from '../../tests/setup/test-database.ts';
import { clearOutbox, mailTask, makeMailDue, outboxRow } from '../../tests/setup/test-outbox.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../tests/setup/test-smtp-server.ts';
import { queryRows, type TDb } from '../db/client.ts';
import { createCompany } from '../db/seed/factories.ts';
import { startTaskWorker, type TTaskWorker, type TTaskWorkerOptions } from '../queue/worker.ts';
import { mailQueue } from './mail.queue.ts';
import { createMailer, type TMailer, type TMailLog } from './mailer.ts';
import { enqueueMail, MAIL_QUEUE, type TOutgoingMail } from './outbox.ts';

const LINK = 'https://forgeboard.example/reset-password?token=Zx9-yW8_vU7.tS6&email=pat%40example.test';
const quietLog: TMailLog = { debug() {}, info() {}, warn() {}, error() {} };

let testDb: TTestDatabase;
let db: TDb;
let smtp: TTestSmtpServer;
const running: TTaskWorker[] = [];
const mailers: TMailer[] = [];

beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.database.db;
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp?.stop();
  await testDb?.database.close();
  await testDb?.dispose();
});
beforeEach(async () => {
  await clearOutbox(db);
  smtp.received.length = 0;
  smtp.refuseRecipients(false);
});
afterEach(async () => {
  for (const w of running.splice(0)) await w.stop();
  for (const m of mailers.splice(0)) m.close();
});

/** A worker serving the mail queue that runs only when the test says (no NOTIFY, an hour between polls). */
async function worker(overrides: Partial<TTaskWorkerOptions> = {}, smtpUrl = smtp.url): Promise<TTaskWorker> {
  const mailer = createMailer(
    { smtpUrl, mailFrom: 'Forgeboard <no-reply@forgeboard.example>', dataDir: '.' },
    quietLog,
  );
  mailers.push(mailer);
  const w = await startTaskWorker({
    database: testDb.database,
    queues: { [MAIL_QUEUE]: mailQueue({ database: testDb.database, mailer }) },
    log: quietLog,
    workerId: `test-${randomUUID()}`,
    pollIntervalMs: 3_600_000,
    listen: false,
    ...overrides,
  });
  running.push(w);
  return w;
}

const resetMail = (to = 'pat@example.test'): TOutgoingMail => ({
  to,
  subject: 'Reset your Forgeboard password',
  text: `Someone asked to reset the password of ${to}.\nChoose a new one here: ${LINK}\n`,
  html: `<p>Choose a new password: <a href="${LINK}">reset it</a></p>`,
  kind: 'password-reset',
});

/** Enqueues `mail` in its own committed transaction, as a request's service would. */
const enqueue = (mail: TOutgoingMail = resetMail()) =>
  db.transaction((tx) => enqueueMail(tx as unknown as TDb, mail));

describe('delivery', () => {
  it('delivers an enqueued message once, with its subject, text, HTML and link intact', async () => {
    const { company } = await createCompany(db);
    const w = await worker();
    const id = await enqueue({ ...resetMail(), companyId: company.id });

    expect(await w.runDue()).toEqual({ done: 1, retrying: 0, failed: 0 });
    expect(await w.runDue()).toEqual({ done: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe('Reset your Forgeboard password');
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain(`<a href="${LINK}">reset it</a>`);
    expect(mail.messageId).toBe(`<${id}@forgeboard.example>`);

    const row = await outboxRow(db, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, companyId: company.id });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(await mailTask(db, id)).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
  });

  it('writes the message and its task together when handed the root database instead of a transaction', async () => {
    const w = await worker();
    const id = await enqueueMail(db, resetMail('root.db@example.test'));
    expect(await mailTask(db, id)).toMatchObject({ status: 'pending', companyId: null, maxAttempts: 8 });
    expect(await w.runDue()).toEqual({ done: 1, retrying: 0, failed: 0 });
  });

  it('never sends a message whose transaction rolled back, and leaves no task for it', async () => {
    const w = await worker();
    const failure = new Error('the change that caused the mail failed');
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx as unknown as TDb, resetMail('rolled.back@example.test'));
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect(await w.runDue()).toEqual({ done: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
    expect(await queryRows(db, sql`select id from queue_tasks`)).toEqual([]);
  });

  it('refuses a subject with a line break, which would start a new header', async () => {
    await expect(enqueue({ ...resetMail(), subject: 'Hi\r\nBcc: everyone@example.test' })).rejects.toThrow(
      /one line/,
    );
  });
});

describe('when the SMTP server refuses', () => {
  it('retries after 30 s, then 1 min, keeping the error, and delivers once the server accepts', async () => {
    const w = await worker();
    const id = await enqueue();
    smtp.refuseRecipients(true);

    expect(await w.runDue()).toEqual({ done: 0, retrying: 1, failed: 0 });
    const refused = await outboxRow(db, id);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(refused.lastError).toMatch(/550/);
    const firstWait = (await mailTask(db, id)).runAt.getTime() - Date.now();
    expect(firstWait).toBeGreaterThan(20_000); // 30 s after the first failure
    expect(firstWait).toBeLessThanOrEqual(31_000);

    expect(await w.runDue()).toEqual({ done: 0, retrying: 0, failed: 0 }); // not due yet
    await makeMailDue(db, [id]);
    expect(await w.runDue()).toEqual({ done: 0, retrying: 1, failed: 0 });
    const secondWait = (await mailTask(db, id)).runAt.getTime() - Date.now();
    expect(secondWait).toBeGreaterThan(50_000); // 1 min after the second
    expect(secondWait).toBeLessThanOrEqual(61_000);

    smtp.refuseRecipients(false);
    await makeMailDue(db, [id]);
    expect(await w.runDue()).toEqual({ done: 1, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await outboxRow(db, id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('keeps the message pending while the server is down, and delivers it once it is back', async () => {
    const down = await startTestSmtpServer();
    await down.stop();
    const w = await worker({}, down.url);
    const id = await enqueue();

    expect(await w.runDue()).toEqual({ done: 0, retrying: 1, failed: 0 });
    expect(await outboxRow(db, id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await outboxRow(db, id)).lastError).toMatch(/ECONNREFUSED|connect/i);

    const back = await startTestSmtpServer(down.port);
    try {
      await makeMailDue(db, [id]);
      expect(await w.runDue()).toEqual({ done: 1, retrying: 0, failed: 0 });
      expect(back.received.map((m) => m.subject)).toEqual(['Reset your Forgeboard password']);
    } finally {
      await back.stop();
    }
  });

  it('marks the message and its task failed, keeping the error, after the last allowed attempt', async () => {
    const w = await worker();
    const id = await enqueue();
    await db.execute(sql`update queue_tasks set max_attempts = 3 where key = ${id}`);
    smtp.refuseRecipients(true);
    for (const attempt of [1, 2]) {
      expect(await w.runDue()).toEqual({ done: 0, retrying: 1, failed: 0 });
      expect(await outboxRow(db, id)).toMatchObject({ status: 'pending', attempts: attempt });
      await makeMailDue(db, [id]);
    }
    expect(await w.runDue()).toEqual({ done: 0, retrying: 0, failed: 1 });
    const failed = await outboxRow(db, id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    expect(failed.lastError).toMatch(/550/);
    expect(await mailTask(db, id)).toMatchObject({ status: 'failed', attempts: 3 });

    smtp.refuseRecipients(false);
    await makeMailDue(db, [id]);
    expect(await w.runDue()).toEqual({ done: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
  });

  it('gives up on the eighth attempt by default', async () => {
    const w = await worker();
    const id = await enqueue();
    smtp.refuseRecipients(true);
    await w.runDue();
    // As if six more attempts had failed since.
    await db.execute(sql`update queue_tasks set attempts = 7, run_at = now() where key = ${id}`);
    expect(await w.runDue()).toEqual({ done: 0, retrying: 0, failed: 1 });
    expect(await outboxRow(db, id)).toMatchObject({ status: 'failed', attempts: 8 });
  });
});
