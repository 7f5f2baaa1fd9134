// The mailer: a real SMTP server receives what it sends; with no SMTP_URL an .eml file is written and its links logged.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestSmtpServer, type TTestSmtpServer } from '../../tests/setup/test-smtp-server.ts';
import { createMailer, outboxFolder, type TMailEnvelope, type TMailLog } from './mailer.ts';

// Long enough that quoted-printable folds it across lines: it must still arrive in one piece.
const LINK = `https://forgeboard.example/verify-email?token=${'a1B2_c3-D4'.repeat(8)}&callbackURL=%2Fdashboard`;
const FROM = 'Forgeboard <no-reply@forgeboard.example>';

const message = (id: string): TMailEnvelope => ({
  id,
  to: 'new.user@example.test',
  subject: 'Verify your e-mail address — Forgeboard',
  text: `Welcome.\n\nOpen this link to verify your address:\n${LINK}\n\nIt expires in 24 hours.`,
  html: `<p>Welcome.</p><p><a href="${LINK}">Verify your address</a></p>`,
});

const silentLog = (): TMailLog => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('over SMTP', () => {
  let smtp: TTestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it('delivers subject, text and HTML with the link intact, from MAIL_FROM, with a Message-ID from the outbox id', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: FROM, dataDir: '/nonexistent' }, silentLog());
    expect(mailer.mode).toBe('smtp');
    await mailer.send(message('0190aaaa-0000-7000-8000-000000000001'));
    mailer.close();

    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.subject).toBe('Verify your e-mail address — Forgeboard');
    expect(mail?.from?.text).toBe('"Forgeboard" <no-reply@forgeboard.example>');
    expect(mail?.text).toContain(LINK);
    expect(mail?.html).toContain(`href="${LINK}"`);
    expect(mail?.messageId).toBe('<0190aaaa-0000-7000-8000-000000000001@forgeboard.example>');
  });

  it('rejects when the server refuses the recipient, with the 550 reply in the error', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: FROM, dataDir: '/nonexistent' }, silentLog());
    smtp.refuseRecipients(true);
    try {
      await expect(mailer.send(message('0190aaaa-0000-7000-8000-000000000002'))).rejects.toThrow(/550/);
    } finally {
      smtp.refuseRecipients(false);
      mailer.close();
    }
  });
});

describe('with no SMTP_URL', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes an .eml file to DATA_DIR/outbox that parses to the same subject and link', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fb-mail-'));
    folders.push(dataDir);
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: FROM, dataDir }, silentLog());
    expect(mailer.mode).toBe('folder');
    await mailer.send(message('0190bbbb-0000-7000-8000-000000000001'));

    const folder = outboxFolder(dataDir);
    expect(readdirSync(folder)).toEqual(['0190bbbb-0000-7000-8000-000000000001.eml']);
    const mail = await simpleParser(readFileSync(join(folder, '0190bbbb-0000-7000-8000-000000000001.eml')));
    expect(mail.subject).toBe('Verify your e-mail address — Forgeboard');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : null).toBe('new.user@example.test');
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain('Verify your address');
  });

  it('logs the subject, the recipient and every link at info level, so an address can be verified by hand', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fb-mail-'));
    folders.push(dataDir);
    const log = silentLog();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: FROM, dataDir }, log);
    const msg = message('0190bbbb-0000-7000-8000-000000000002');
    await mailer.send({ ...msg, text: `${msg.text}\nHelp: http://localhost:3000/learn-more.` });

    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({
        to: 'new.user@example.test',
        subject: 'Verify your e-mail address — Forgeboard',
        links: [LINK, 'http://localhost:3000/learn-more'],
        file: join(outboxFolder(dataDir), '0190bbbb-0000-7000-8000-000000000002.eml'),
      }),
      expect.stringContaining('outbox folder'),
    );
  });
});
