// Two app instances on one database run scheduler passes at the same moment, again and again (decision 058): every
// reminder is decided by exactly one of them and queued once per recipient. On PostgreSQL the passes are concurrent
// transactions on separate connections; the notice's key (ON CONFLICT DO NOTHING) makes the second wait for the
// first and then send nothing. Also: breakdown alerts (noticeBreakdown, as the breakdown report will call it), and
// the scheduler's own timer started as a listening server starts it.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceCompany, type TMaintenanceCompany } from '../../../tests/setup/maintenance-company.ts';
import { seedBreakdown, seedOpenOccurrence } from '../../../tests/setup/maintenance-seed.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { eventually } from '../../../tests/setup/test-queue.ts';
import { manualClock } from '../../clock.ts';
import { queryRows } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { mailOutbox } from '../../mail/mail.tables.ts';
import { maintenanceNotices } from './alerts.tables.ts';
import { noticeBreakdown } from './notices.ts';
import { runMaintenancePass } from './scheduler.ts';

// The digest is set up the evening before (23:00 in Berlin), so the day's midnight digest is due (decision 067).
const clock = manualClock('2026-10-04T21:00:00Z');
let one: TTestApp;
let two: TTestApp;
let shop: TMaintenanceCompany;

const passOn = (t: TTestApp) => runMaintenancePass({ database: t.database, clock, appUrl: TEST_APP_URL });
const noticesOf = (companyId: string) =>
  one.database.db.select().from(maintenanceNotices).where(eq(maintenanceNotices.companyId, companyId));
/** How many messages each (address, subject) pair got: all 1 when nothing was doubled. */
const copies = async (companyId: string) =>
  queryRows<{ to_address: string; subject: string; n: number }>(
    one.database.db,
    sql`select to_address, subject, count(*)::int as n from mail_outbox where company_id = ${companyId}
        and kind = 'maintenance' group by to_address, subject`,
  );

beforeAll(async () => {
  one = await createTestApp({ clock });
  two = await createTestApp({ sharedWith: one, clock });
  shop = await maintenanceCompany(one, 'Twin Works', 'Europe/Berlin', {
    emails: ['pm@twin.example', 'lead@twin.example'],
    daysBefore: 3,
    dailyDigest: true,
    digestHour: 0,
  });
  clock.set('2026-10-05T01:00:00Z');
}, 120_000);
afterAll(async () => {
  await two?.close();
  await one?.close();
});

describe('two instances running passes at once', () => {
  it('decide each reminder once and queue it once per recipient', async () => {
    const made = [];
    for (let i = 0; i < 24; i += 1) {
      // Half due soon (within the 3 days), half overdue: 1 to 12 days past their date.
      const dueOn =
        i % 2 === 0 ? `2026-10-0${6 + (i % 3)}` : `2026-09-${String(10 + (i % 12)).padStart(2, '0')}`;
      made.push(
        await seedOpenOccurrence(one.database.db, shop.companyId, shop.machineId, {
          title: `PM ${i}`,
          dueOn,
        }),
      );
    }
    let decided = 0;
    for (let round = 0; round < 4; round += 1) {
      const results = await Promise.all([passOn(one), passOn(two), passOn(one), passOn(two)]);
      decided += results.reduce((sum, r) => sum + r.notices, 0);
      expect(results.every((r) => r.failed === 0)).toBe(true);
    }
    const notices = await noticesOf(shop.companyId);
    // 24 reminders (12 due soon, 12 overdue) and the day's digest, each decided by exactly one pass.
    expect(notices).toHaveLength(25);
    expect(decided).toBe(25);
    expect(notices.filter((n) => n.kind === 'due_soon')).toHaveLength(12);
    expect(notices.filter((n) => n.kind === 'overdue')).toHaveLength(12);
    expect(notices.filter((n) => n.kind === 'digest').map((n) => n.key)).toEqual(['digest:2026-10-05']);
    const counted = await copies(shop.companyId);
    expect(counted).toHaveLength(50);
    expect(counted.filter((c) => c.n !== 1)).toEqual([]);
  });
});

describe('breakdown alerts', () => {
  it('go once, from the breakdown report’s own transaction, even when two instances call at once', async () => {
    const id = await seedBreakdown(one.database.db, shop.companyId, shop.machineId, {
      problem: 'Spindle seized',
      priority: 'critical',
    });
    const call = (t: TTestApp) =>
      withTenant(t.database.db, shop.companyId, (tx) =>
        noticeBreakdown(tx, shop.companyId, id, TEST_APP_URL),
      );
    const answers = await Promise.all([call(one), call(two), call(one)]);
    expect(answers.filter((told) => told.to.length > 0)).toHaveLength(1);
    const sent = await one.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.companyId, shop.companyId), sql`${mailOutbox.subject} like 'Breakdown #%'`));
    expect(sent.map((m) => m.toAddress).sort()).toEqual(['lead@twin.example', 'pm@twin.example']);
    expect(sent[0]?.subject).toBe('Breakdown #1 (critical): Twin Works lathe');
    expect(sent[0]?.textBody).toContain('Problem: Spindle seized');
    expect(sent[0]?.textBody).toContain(`${TEST_APP_URL}/maintenance/machine-fix?id=${id}`);
  });

  it('are not sent while breakdown alerts are off', async () => {
    await shop.admin.ok('PUT', '/api/v1/maintenance/email-settings', {
      userIds: [],
      emails: ['pm@twin.example'],
      daysBefore: 3,
      overdueEveryDays: 1,
      breakdownAlerts: false,
      dailyDigest: false,
      digestHour: 7,
    });
    const id = await seedBreakdown(one.database.db, shop.companyId, shop.machineId, { problem: 'Leak' });
    const sent = await withTenant(one.database.db, shop.companyId, (tx) =>
      noticeBreakdown(tx, shop.companyId, id, TEST_APP_URL),
    );
    expect(sent).toEqual({ source: 'off', to: [] });
    expect((await noticesOf(shop.companyId)).filter((n) => n.breakdownId === id)).toEqual([]);
  });
});

describe('the scheduler’s timer', () => {
  it('runs passes every MAINTENANCE_SCAN_INTERVAL_MS once started, and stops with the app', async () => {
    const timed = await createTestApp({
      sharedWith: one,
      clock,
      maintenanceScheduler: true,
      env: { MAINTENANCE_SCAN_INTERVAL_MS: '1000' },
    });
    try {
      const o = await seedOpenOccurrence(one.database.db, shop.companyId, shop.machineId, {
        title: 'Timed',
        dueOn: '2026-10-06',
      });
      await eventually(
        async () => (await noticesOf(shop.companyId)).some((n) => n.occurrenceId === o.occurrenceId),
        10_000,
      );
    } finally {
      await timed.close();
    }
  });
});
