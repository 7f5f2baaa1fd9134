// Breakdown alerts before anyone chose recipients (issue 29, decision 067): a company that never saved its maintenance
// e-mail settings (alerts on by default) is told of its first breakdown — the company's active admins are e-mailed,
// read at the report (not a plain user, not an inactive admin, not another company's admin) and the message arrives
// at a real SMTP server through the outbox; the report answers who was told. Once recipients are chosen they are
// told instead; with alerts off the report says nobody was. The settings screen's answer says the same.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertAudienceText } from '#common/schemas/maintenance-email.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../../tests/setup/test-smtp-server.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { mailOutbox } from '../../mail/mail.tables.ts';
import { users } from '../auth/auth.tables.ts';

let smtp: TTestSmtpServer;
let t: TTestApp;
let ada: ReturnType<typeof client>;
let tech: ReturnType<typeof client>;
let machineId: string;

const SETTINGS = '/api/v1/maintenance/email-settings';
const addressesOf = (mail: { to?: unknown }) => {
  const to = mail.to as { text?: string } | undefined;
  return to?.text ?? '';
};
const report = (problem: string) => tech.ok('POST', '/api/v1/breakdowns', { machineId, problem }, 201);

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url }, taskWorker: true });
  const adaCookie = await t.signIn({
    email: 'ada@default.example',
    role: 'admin',
    companyName: 'Default Works',
  });
  ada = client(t, adaCookie);
  await t.signIn({ email: 'bea@default.example', role: 'admin', companyName: 'Default Works' });
  await t.signIn({ email: 'old@default.example', role: 'admin', companyName: 'Default Works' });
  await t.database.db.update(users).set({ active: false }).where(eq(users.email, 'old@default.example'));
  tech = client(
    t,
    await t.signIn({ email: 'tom@default.example', role: 'user', companyName: 'Default Works' }),
  );
  await t.signIn({ email: 'zed@elsewhere.example', role: 'admin', companyName: 'Elsewhere Works' });
  const on = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/company/label-config',
    headers: { origin: TEST_APP_URL, cookie: adaCookie },
    payload: { enableMaintenanceFeature: true },
  });
  expect(on.statusCode, on.body).toBe(200);
  machineId = (await ada.ok('POST', '/api/v1/machines', { name: 'Press', assetTag: 'PR-1' }, 201)).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('breakdown alerts with no recipients chosen', () => {
  it('the settings say the alerts go to the active admins', async () => {
    const settings = await ada.ok('GET', SETTINGS);
    expect(settings).toMatchObject({ breakdownAlerts: true, userIds: [], emails: [] });
    expect(settings.admins.map((p: { email: string }) => p.email)).toEqual([
      'ada@default.example',
      'bea@default.example',
    ]);
    expect(settings.breakdownAlertsTo).toEqual({
      source: 'admins',
      to: ['ada@default.example', 'bea@default.example'],
    });
  });

  it('the first breakdown e-mails the company’s active admins, and the report says so', async () => {
    const made = await report('Ram will not return');
    expect(made.alert).toEqual({ source: 'admins', to: ['ada@default.example', 'bea@default.example'] });
    expect(alertAudienceText(made.alert)).toBe(
      'E-mailed to ada@default.example, bea@default.example (the company’s admins: no recipients are chosen).',
    );
    const received = await smtp.waitForMessages(2, 20_000);
    expect(received.map(addressesOf).sort()).toEqual(['ada@default.example', 'bea@default.example']);
    for (const mail of received) {
      expect(mail.subject).toBe('Breakdown #1 (medium): Press');
      expect(mail.text).toContain('Ram will not return');
      expect(mail.text).toContain(`${TEST_APP_URL}/maintenance/machine-fix?id=${made.id}`);
    }
  });

  it('once recipients are chosen, they are told instead of the admins', async () => {
    await ada.ok('PUT', SETTINGS, {
      userIds: [],
      emails: ['fixers@default.example'],
      daysBefore: 3,
      overdueEveryDays: 1,
      breakdownAlerts: true,
      dailyDigest: false,
      digestHour: 7,
    });
    const made = await report('Guard switch broken');
    expect(made.alert).toEqual({ source: 'recipients', to: ['fixers@default.example'] });
    const received = await smtp.waitForMessages(3, 20_000);
    expect(addressesOf(received[2]!)).toBe('fixers@default.example');
    expect(received[2]!.subject).toBe('Breakdown #2 (medium): Press');
  });

  it('with alerts off the report says nobody was e-mailed, and nothing is sent', async () => {
    await ada.ok('PUT', SETTINGS, {
      userIds: [],
      emails: [],
      daysBefore: 3,
      overdueEveryDays: 1,
      breakdownAlerts: false,
      dailyDigest: false,
      digestHour: 7,
    });
    expect((await ada.ok('GET', SETTINGS)).breakdownAlertsTo).toEqual({ source: 'off', to: [] });
    const made = await report('Light out');
    expect(made.alert).toEqual({ source: 'off', to: [] });
    expect(alertAudienceText(made.alert)).toBe('Nobody was e-mailed: breakdown alerts are off.');
    // The outbox holds nothing for Breakdown 3 (the SMTP server only ever gets what the outbox queued).
    const outbox = await t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like 'Breakdown #3%'`);
    expect(outbox).toEqual([]);
    expect(smtp.received).toHaveLength(3);
  });
});
