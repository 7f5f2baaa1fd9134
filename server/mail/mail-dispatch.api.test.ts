// The app and its task worker: mail written by a request goes out within a second, and closing waits for a send.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../tests/setup/test-app.ts';
import { mailTask, outboxRow } from '../../tests/setup/test-outbox.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../tests/setup/test-smtp-server.ts';
import type { TDb } from '../db/client.ts';
import { outboxFolder } from './mailer.ts';
import { enqueueMail } from './outbox.ts';

const LINK = 'http://localhost:3000/verify-email?token=tok_123.abc';
// A minute between polls: whatever arrives sooner was woken by the commit (NOTIFY), not found by the poll.
const NO_POLL = { QUEUE_POLL_INTERVAL_MS: '60000' };

let smtp: TTestSmtpServer;
/** Owns the database and runs no worker; each test starts another instance on it that does. */
let owner: TTestApp;
const instances: TTestApp[] = [];
const folders: string[] = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  owner = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterEach(async () => {
  for (const instance of instances.splice(0)) await instance.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  smtp.received.length = 0;
  smtp.holdMessages(false);
});
afterAll(async () => {
  await owner?.close();
  await smtp?.stop();
});

/** A second instance on the owner's database, its task worker started as a listening server's is. */
async function instanceWithWorker(env: Record<string, string>): Promise<TTestApp> {
  const t = await createTestApp({ sharedWith: owner, taskWorker: true, env });
  instances.push(t);
  return t;
}

const enqueueVerification = (t: TTestApp, to: string) =>
  t.database.db.transaction((tx) =>
    enqueueMail(tx as unknown as TDb, {
      to,
      subject: 'Verify your e-mail address',
      text: `Open ${LINK} to verify ${to}.`,
      kind: 'verification',
    }),
  );

/** Polls `check` until it holds, failing after `timeoutMs`. */
async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the task worker in the app', () => {
  it('delivers the mail a request wrote as soon as it commits, woken by the commit and not by the poll', async () => {
    const t = await instanceWithWorker({ SMTP_URL: smtp.url, ...NO_POLL });
    expect(t.app.mailer.mode).toBe('smtp');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      headers: { origin: TEST_APP_URL },
      payload: {
        email: 'quick.mail@example.com',
        password: 'Sturdy-Anvil-42',
        confirmPassword: 'Sturdy-Anvil-42',
        companyName: 'Quick Mail Works',
        firstName: 'Ada',
        lastName: 'Lovelace',
        termsAccepted: true,
        privacyAccepted: true,
      },
    });
    expect(signUp.statusCode).toBe(201);
    const answered = Date.now();

    // The next poll is a minute away: a message here within 15 s was woken by the commit's NOTIFY. (How fast that is
    // belongs to a benchmark; on an idle machine it is well under a second, on a shared CI machine it varied.)
    const [mail] = await smtp.waitForMessages(1, 15_000);
    expect(Date.now() - answered).toBeLessThan(15_000);
    expect(mail?.subject).toBe('Confirm your e-mail address for Forgeboard');
  });

  it('with no SMTP_URL writes an .eml file in DATA_DIR/outbox that parses to the subject and link', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fb-outbox-'));
    folders.push(dataDir);
    const t = await instanceWithWorker({ DATA_DIR: dataDir, ...NO_POLL });
    expect(t.app.mailer.mode).toBe('folder');
    const id = await enqueueVerification(t, 'no.smtp@example.test');

    const file = join(outboxFolder(dataDir), `${id}.eml`);
    await eventually(() => existsSync(file));
    expect(readdirSync(outboxFolder(dataDir))).toEqual([`${id}.eml`]);
    const mail = await simpleParser(readFileSync(file));
    expect(mail.subject).toBe('Verify your e-mail address');
    expect(mail.text).toContain(LINK);
  });

  it('on close, finishes the message being sent and records it before the database closes', async () => {
    const sender = await createTestApp({ sharedWith: owner, taskWorker: true, env: { SMTP_URL: smtp.url } });
    smtp.holdMessages(true);
    const id = await enqueueVerification(owner, 'during.close@example.test');
    const held = await smtp.waitForHeld();
    // The attempt is on the message before the server has answered (decision 042): a crash now leaves it recorded.
    expect(await outboxRow(owner.database.db, id)).toMatchObject({ status: 'pending', attempts: 1 });

    const closing = sender.close();
    held.accept();
    await closing;
    expect(smtp.received.map((m) => m.subject)).toEqual(['Verify your e-mail address']);
    expect(await outboxRow(owner.database.db, id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await mailTask(owner.database.db, id)).toMatchObject({ status: 'done', lockedBy: null });
  });
});
