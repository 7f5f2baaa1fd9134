// Breakdown alerts from the report itself (decisions 057 and 058): POST /api/v1/breakdowns writes the alert's notice
// and its e-mails in the report's transaction — one message per recipient, naming the machine and the problem — and
// none while the company has breakdown alerts off; a report refused (another company's machine) sends nothing.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BREAKDOWN_MESSAGES } from '#common/schemas/breakdowns.ts';
import { maintenanceCompany, type TMaintenanceCompany } from '../../../tests/setup/maintenance-company.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { mailOutbox } from '../../mail/mail.tables.ts';
import { maintenanceNotices } from './alerts.tables.ts';

let t: TTestApp;
let shop: TMaintenanceCompany;
let other: TMaintenanceCompany;

const alertsOf = (companyId: string) =>
  t.database.db
    .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.companyId, companyId), sql`${mailOutbox.subject} like 'Breakdown #%'`));

beforeAll(async () => {
  t = await createTestApp();
  shop = await maintenanceCompany(t, 'Alert Works', 'America/Chicago', {
    emails: ['pm@alert.example', 'lead@alert.example'],
  });
  other = await maintenanceCompany(t, 'Quiet Works', 'America/Chicago', { emails: ['pm@quiet.example'] });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a breakdown reported', () => {
  it('alerts every recipient once, from the report’s own transaction', async () => {
    const made = await shop.admin.ok(
      'POST',
      '/api/v1/breakdowns',
      { machineId: shop.machineId, problem: 'Coolant pump leaking', priority: 'critical' },
      201,
    );
    const alerts = await alertsOf(shop.companyId);
    expect(alerts.map((a) => a.to).sort()).toEqual(['lead@alert.example', 'pm@alert.example']);
    expect(alerts[0]!.subject).toBe('Breakdown #1 (critical): Alert Works lathe');
    expect(alerts[0]!.text).toContain('Coolant pump leaking');
    expect(alerts[0]!.text).toContain(`/maintenance/machine-fix?id=${made.id}`);
    const notices = await t.database.db
      .select()
      .from(maintenanceNotices)
      .where(eq(maintenanceNotices.companyId, shop.companyId));
    expect(notices.map((n) => n.key)).toEqual([`breakdown:${made.id}`]);
  });

  it('sends nothing while breakdown alerts are off, and nothing for a report refused', async () => {
    await shop.admin.ok('PUT', '/api/v1/maintenance/email-settings', {
      userIds: [],
      emails: ['pm@alert.example'],
      daysBefore: 3,
      overdueEveryDays: 1,
      breakdownAlerts: false,
      dailyDigest: false,
      digestHour: 7,
    });
    const before = (await alertsOf(shop.companyId)).length;
    await shop.admin.ok(
      'POST',
      '/api/v1/breakdowns',
      { machineId: shop.machineId, problem: 'Belt squeal' },
      201,
    );
    expect(await alertsOf(shop.companyId)).toHaveLength(before);

    const refused = await other.admin.send('POST', '/api/v1/breakdowns', {
      machineId: shop.machineId,
      problem: 'Not yours',
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.fieldErrors).toEqual({ machineId: BREAKDOWN_MESSAGES.machineNotFound });
    expect(await alertsOf(other.companyId)).toEqual([]);
  });
});
