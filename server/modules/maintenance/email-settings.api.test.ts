// Maintenance e-mail settings through the API (decision 058): the defaults until saved, saved whole by admins only,
// bad input refused naming the field with nothing changed, people only of the company (404 naming userIds), every
// change in the audit trail, and the test e-mail arriving at a real SMTP server through the outbox and job queue.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_EMAIL_MESSAGES as M } from '#common/schemas/maintenance-email.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../../tests/setup/test-smtp-server.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { users } from '../auth/auth.tables.ts';
import { maintenanceEmailSettings, maintenanceRecipients } from './alerts.tables.ts';

const URL = '/api/v1/maintenance/email-settings';
let t: TTestApp;
let smtp: TTestSmtpServer;
let adminCookie: string;
let admin: ReturnType<typeof client>;
let technician: ReturnType<typeof client>;
let tomId: string;
let outsiderId: string;

const settings = (extra: object = {}) => ({
  userIds: [tomId],
  emails: ['contractor@fixit.example'],
  daysBefore: 5,
  overdueEveryDays: 2,
  breakdownAlerts: true,
  dailyDigest: true,
  digestHour: 6,
  ...extra,
});
const stored = async () => ({
  settings: await t.database.db.select().from(maintenanceEmailSettings),
  recipients: await t.database.db.select().from(maintenanceRecipients),
});
const userId = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url }, taskWorker: true });
  adminCookie = await t.signIn({ email: 'ada@mail.example', role: 'admin', companyName: 'Mail Works' });
  admin = client(t, adminCookie);
  technician = client(
    t,
    await t.signIn({ email: 'tom@mail.example', role: 'user', companyName: 'Mail Works', firstName: 'Tom' }),
  );
  await t.signIn({ email: 'olga@other.example', role: 'user', companyName: 'Other Works' });
  tomId = await userId('tom@mail.example');
  outsiderId = await userId('olga@other.example');
  const on = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/company/label-config',
    headers: { origin: TEST_APP_URL, cookie: adminCookie },
    payload: { enableMaintenanceFeature: true },
  });
  expect(on.statusCode, on.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('maintenance e-mail settings', () => {
  it('answers the defaults and the company’s people (not another company’s) before anything is saved', async () => {
    const got = await admin.ok('GET', URL);
    expect(got).toMatchObject({
      userIds: [],
      emails: [],
      daysBefore: 3,
      overdueEveryDays: 1,
      breakdownAlerts: true,
      dailyDigest: false,
      digestHour: 7,
      timeZone: 'America/New_York',
    });
    const emails = got.people.map((p: { email: string }) => p.email);
    expect(emails).toEqual(expect.arrayContaining(['ada@mail.example', 'tom@mail.example']));
    expect(emails).not.toContain('olga@other.example');
  });

  it('refuses the test e-mail while nobody is a recipient: 409 saying what to do', async () => {
    const response = await admin.send('POST', `${URL}/test`);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toBe(M.noRecipients);
  });

  it('is for admins only (403 for a technician, nothing changed)', async () => {
    expect((await technician.send('GET', URL)).statusCode).toBe(403);
    expect((await technician.send('PUT', URL, settings())).statusCode).toBe(403);
    expect((await technician.send('POST', `${URL}/test`)).statusCode).toBe(403);
    expect((await stored()).settings).toEqual([]);
  });

  it.each([
    [{ daysBefore: -1 }, 'daysBefore'],
    [{ daysBefore: 'soon' }, 'daysBefore'],
    [{ daysBefore: 1.5 }, 'daysBefore'],
    [{ overdueEveryDays: 91 }, 'overdueEveryDays'],
    [{ digestHour: 24 }, 'digestHour'],
    [{ digestHour: null }, 'digestHour'],
    [{ breakdownAlerts: 'yes' }, 'breakdownAlerts'],
    [{ dailyDigest: undefined }, 'dailyDigest'],
    [{ emails: ['not an address'] }, 'emails.0'],
    [{ emails: ['a@fixit.example', 'A@fixit.example'] }, 'emails'],
    [{ userIds: ['tom'] }, 'userIds.0'],
  ])('refuses %j with 400 naming %s, and saves nothing', async (extra, field) => {
    const before = await stored();
    const response = await admin.send('PUT', URL, settings(extra));
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
    expect(await stored()).toEqual(before);
  });

  it('refuses a person of another company, or nobody: 404 naming userIds, nothing saved', async () => {
    for (const id of [outsiderId, '00000000-0000-4000-8000-000000000000']) {
      const response = await admin.send('PUT', URL, settings({ userIds: [tomId, id] }));
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.fieldErrors).toMatchObject({ 'userIds.1': M.userNotFound });
      expect(response.body).not.toContain('olga');
      expect((await stored()).recipients).toEqual([]);
    }
  });

  it('saves the whole settings, answers them, and records what changed in the audit trail', async () => {
    const saved = await admin.ok('PUT', URL, settings());
    expect(saved).toMatchObject(settings());
    expect(await admin.ok('GET', URL)).toMatchObject(settings());
    const changed = await admin.ok('PUT', URL, settings({ emails: [], daysBefore: 7 }));
    expect(changed).toMatchObject({ emails: [], daysBefore: 7, userIds: [tomId] });
    const entries = await t.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.entityType, 'maintenance-email-settings'), eq(auditEntries.action, 'updated')),
      )
      .orderBy(auditEntries.id);
    expect(entries).toHaveLength(2);
    expect(entries[1]?.before).toEqual({ emails: 'contractor@fixit.example', daysBefore: 5 });
    expect(entries[1]?.after).toEqual({ emails: '', daysBefore: 7 });
    expect(entries[0]?.after).toMatchObject({ people: 'tom@mail.example' });
  });

  it('sends the test e-mail to each saved recipient: it arrives at the SMTP server', async () => {
    await admin.ok('PUT', URL, settings());
    const sent = await admin.ok('POST', `${URL}/test`);
    expect(sent).toEqual({ sentTo: ['tom@mail.example', 'contractor@fixit.example'] });
    const received = await smtp.waitForMessages(2, 20_000);
    expect(received.map((m) => (m.to && 'text' in m.to ? m.to.text : '')).sort()).toEqual([
      'contractor@fixit.example',
      'tom@mail.example',
    ]);
    for (const m of received) {
      expect(m.subject).toBe('Test e-mail from Forgeboard maintenance (Mail Works)');
      expect(m.text).toContain(`${TEST_APP_URL}/maintenance/email-settings`);
    }
    const [entry] = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'test-sent'));
    expect(entry?.after).toEqual({ to: 'tom@mail.example, contractor@fixit.example' });
  });
});
