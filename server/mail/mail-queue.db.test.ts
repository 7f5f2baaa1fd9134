// The outbox and its dispatcher against a real SMTP server: once-only delivery, rollback, retries, giving up.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TTestDatabase } from '../../tests/setup/test-database.ts';
import { clearOutbox, makeMailDue, outboxRow } from '../../tests/setup/test-outbox.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../tests/setup/test-smtp-server.ts';
import type { TDb } from '../db/client.ts';
import { createCompany } from '../db/seed/factories.ts';
import { startMailDispatcher, type TMailDispatcher, type TMailDispatcherOptions } from './dispatcher.ts';
import { createMailer, type TMailer, type TMailLog } from './mailer.ts';
import { enqueueMail, type TOutgoingMail } from './outbox.ts';

const LINK = 'https://forgeboard.example/reset-password?token=Zx9-yW8_vU7.tS6&email=pat%40example.test';
const quietLog: TMailLog = { debug() {}, info() {}, warn() {}, error() {} };

let testDb: TTestDatabase;
let db: TDb;
let smtp: TTestSmtpServer;
const running: TMailDispatcher[] = [];
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
  for (const d of running.splice(0)) await d.stop();
  for (const m of mailers.splice(0)) m.close();
});

/** A dispatcher that drains only when the test says (its interval is an hour). */
function dispatcher(overrides: Partial<TMailDispatcherOptions> = {}, smtpUrl = smtp.url): TMailDispatcher {
  const mailer = createMailer(
    { smtpUrl, mailFrom: 'Forgeboard <no-reply@forgeboard.example>', dataDir: '.' },
    quietLog,
  );
  mailers.push(mailer);
  const d = startMailDispatcher({
    database: testDb.database,
    mailer,
    log: quietLog,
    intervalMs: 3_600_000,
    ...overrides,
  });
  running.push(d);
  return d;
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
    const id = await enqueue({ ...resetMail(), companyId: company.id });
    const d = dispatcher();

    expect(await d.drainOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await d.drainOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe('Reset your Forgeboard password');
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain(`<a href="${LINK}">reset it</a>`);

    const row = await outboxRow(db, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, companyId: company.id });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('never sends a message whose transaction rolled back', async () => {
    const failure = new Error('the change that caused the mail failed');
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx as unknown as TDb, resetMail('rolled.back@example.test'));
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect(await dispatcher().drainOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
  });

  it('refuses a subject with a line break, which would start a new header', async () => {
    await expect(enqueue({ ...resetMail(), subject: 'Hi\r\nBcc: everyone@example.test' })).rejects.toThrow(
      /one line/,
    );
  });
});

describe('when the SMTP server refuses', () => {
  it('keeps the message pending with one attempt and a later try, then delivers it once the server accepts', async () => {
    const id = await enqueue();
    const d = dispatcher();
    smtp.refuseRecipients(true);

    expect(await d.drainOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const refused = await outboxRow(db, id);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(refused.lastError).toMatch(/550/);
    const waitMs = refused.nextAttemptAt.getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(20_000); // 30 s after the first failure
    expect(waitMs).toBeLessThanOrEqual(31_000);

    smtp.refuseRecipients(false);
    expect(await d.drainOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 }); // not due yet
    await makeMailDue(db, [id]);
    expect(await d.drainOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await outboxRow(db, id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('keeps the message pending while the server is down, and delivers it once it is back', async () => {
    const down = await startTestSmtpServer();
    await down.stop();
    const id = await enqueue();
    const d = dispatcher({}, down.url);

    expect(await d.drainOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await outboxRow(db, id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await outboxRow(db, id)).lastError).toMatch(/ECONNREFUSED|connect/i);

    const back = await startTestSmtpServer(down.port);
    try {
      await makeMailDue(db, [id]);
      expect(await d.drainOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(back.received.map((m) => m.subject)).toEqual(['Reset your Forgeboard password']);
    } finally {
      await back.stop();
    }
  });

  it('marks the message failed, keeping the error, after its last allowed attempt', async () => {
    const id = await enqueue();
    const d = dispatcher({ maxAttempts: 3 });
    smtp.refuseRecipients(true);
    for (const attempt of [1, 2]) {
      expect(await d.drainOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect(await outboxRow(db, id)).toMatchObject({ status: 'pending', attempts: attempt });
      await makeMailDue(db, [id]);
    }
    expect(await d.drainOnce()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const failed = await outboxRow(db, id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    expect(failed.lastError).toMatch(/550/);

    smtp.refuseRecipients(false);
    await makeMailDue(db, [id]);
    expect(await d.drainOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
  });

  it('gives up on the eighth attempt by default', async () => {
    const id = await enqueue();
    const d = dispatcher();
    smtp.refuseRecipients(true);
    await d.drainOnce();
    // As if six more attempts had failed since.
    await db.execute(sql`update mail_outbox set attempts = 7, next_attempt_at = now() where id = ${id}`);
    expect(await d.drainOnce()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await outboxRow(db, id)).toMatchObject({ status: 'failed', attempts: 8 });
  });
});
