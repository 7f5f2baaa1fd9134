// The app and its mail dispatcher: started only when asked, sends on its interval, stops when the app closes.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../tests/setup/test-app.ts';
import { outboxRow } from '../../tests/setup/test-outbox.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../tests/setup/test-smtp-server.ts';
import type { TDb } from '../db/client.ts';
import { outboxFolder } from './mailer.ts';
import { enqueueMail } from './outbox.ts';

const LINK = 'http://localhost:3000/verify-email?token=tok_123.abc';
const INTERVAL = { MAIL_DISPATCH_INTERVAL_MS: '100' };

let smtp: TTestSmtpServer;
const apps: TTestApp[] = [];
const folders: string[] = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  smtp.received.length = 0;
});
afterAll(async () => {
  await smtp?.stop();
});

async function testApp(options: Parameters<typeof createTestApp>[0]): Promise<TTestApp> {
  const t = await createTestApp(options);
  apps.push(t);
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

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the mail dispatcher in the app', () => {
  it('is not started by createTestApp unless asked', async () => {
    const t = await testApp({ env: { SMTP_URL: smtp.url, ...INTERVAL } });
    const id = await enqueueVerification(t, 'idle@example.test');
    await pause(400);
    expect(smtp.received).toEqual([]);
    expect(await outboxRow(t.database.db, id)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('sends a queued message on its own within an interval once started, over SMTP_URL', async () => {
    const t = await testApp({ mailDispatcher: true, env: { SMTP_URL: smtp.url, ...INTERVAL } });
    expect(t.app.mailer.mode).toBe('smtp');
    const id = await enqueueVerification(t, 'started@example.test');
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.subject).toBe('Verify your e-mail address');
    expect(mail?.text).toContain(LINK);
    for (let i = 0; i < 50 && (await outboxRow(t.database.db, id)).status !== 'sent'; i++) await pause(20);
    expect(await outboxRow(t.database.db, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('with no SMTP_URL writes an .eml file in DATA_DIR/outbox that parses to the subject and link', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fb-outbox-'));
    folders.push(dataDir);
    const t = await testApp({ mailDispatcher: true, env: { DATA_DIR: dataDir, ...INTERVAL } });
    expect(t.app.mailer.mode).toBe('folder');
    const id = await enqueueVerification(t, 'no.smtp@example.test');

    const file = join(outboxFolder(dataDir), `${id}.eml`);
    for (let i = 0; i < 100 && !existsSync(file); i++) await pause(20);
    expect(readdirSync(outboxFolder(dataDir))).toEqual([`${id}.eml`]);
    const mail = await simpleParser(readFileSync(file));
    expect(mail.subject).toBe('Verify your e-mail address');
    expect(mail.text).toContain(LINK);
  });

  it('stops sending when the app closes', async () => {
    const owner = await testApp({ env: { SMTP_URL: smtp.url, ...INTERVAL } });
    const sender = await createTestApp({
      sharedWith: owner,
      mailDispatcher: true,
      env: { SMTP_URL: smtp.url, ...INTERVAL },
    });
    await sender.close();
    const id = await enqueueVerification(owner, 'after.close@example.test');
    await pause(400);
    expect(smtp.received).toEqual([]);
    expect(await outboxRow(owner.database.db, id)).toMatchObject({ status: 'pending' });
  });
});
