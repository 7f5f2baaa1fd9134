// The maintenance scheduler's passes (decision 058), by a manual app clock: due soon once the reminder window opens
// (the longer of the plan's lead time and the settings' days), overdue on its cadence, the daily digest at its hour —
// each in the company's own calendar (Tokyo and Honolulu around their midnights) and each exactly once however many
// passes run; a pass that dies before its commit leaves nothing and the next one sends it.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceCompany, type TMaintenanceCompany } from '../../../tests/setup/maintenance-company.ts';
import { completeOccurrence, seedOpenOccurrence } from '../../../tests/setup/maintenance-seed.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { manualClock } from '../../clock.ts';
import { withTenant } from '../../db/tenant.ts';
import { mailOutbox } from '../../mail/mail.tables.ts';
import { maintenanceNotices } from './alerts.tables.ts';
import { dueSoonMail } from './notice-mail.ts';
import { issueNotice } from './notices.ts';
import { runMaintenancePass } from './scheduler.ts';

const clock = manualClock('2026-03-01T00:00:00Z');
let t: TTestApp;
let tokyo: TMaintenanceCompany;
let honolulu: TMaintenanceCompany;

const pass = () => runMaintenancePass({ database: t.database, clock, appUrl: TEST_APP_URL });
/** The notice keys of `companyId` that contain `part`, sorted. */
const keys = async (companyId: string, part: string) =>
  (
    await t.database.db
      .select({ key: maintenanceNotices.key })
      .from(maintenanceNotices)
      .where(and(eq(maintenanceNotices.companyId, companyId), like(maintenanceNotices.key, `%${part}%`)))
  )
    .map((r) => r.key)
    .sort();
/** The maintenance messages queued for `companyId` whose subject contains `part`. */
const mail = (companyId: string, part: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.companyId, companyId), like(mailOutbox.subject, `%${part}%`)));
/** Moves the clock to each instant and runs two passes there (the second must find nothing new). */
const passesAt = async (...instants: string[]) => {
  for (const at of instants) {
    clock.set(at);
    await pass();
    await pass();
  }
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  tokyo = await maintenanceCompany(t, 'Tokyo Works', 'Asia/Tokyo');
  honolulu = await maintenanceCompany(t, 'Honolulu Works', 'Pacific/Honolulu');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('due soon', () => {
  it('goes once when the window opens: the plan’s lead time or the settings’ days, whichever is longer', async () => {
    await tokyo.admin.ok('PUT', '/api/v1/maintenance/email-settings', {
      userIds: [],
      emails: ['pm@tokyoworks.example', 'boss@tokyoworks.example'],
      daysBefore: 2,
      overdueEveryDays: 1,
      breakdownAlerts: true,
      dailyDigest: false,
      digestHour: 7,
    });
    const { companyId, machineId } = tokyo;
    const lead = await seedOpenOccurrence(t.database.db, companyId, machineId, {
      title: 'Oil change',
      dueOn: '2026-04-10',
      leadDays: 5,
    });
    const days = await seedOpenOccurrence(t.database.db, companyId, machineId, {
      title: 'Belt check',
      dueOn: '2026-04-10',
      leadDays: 1,
    });
    // Tokyo is UTC+9: 4 April begins there at 3 April 15:00 UTC.
    await passesAt('2026-04-04T14:59:00Z');
    expect(await keys(companyId, lead.occurrenceId)).toEqual([]);
    await passesAt('2026-04-04T15:00:00Z', '2026-04-05T03:00:00Z');
    expect(await keys(companyId, lead.occurrenceId)).toEqual([`due-soon:${lead.occurrenceId}`]);
    expect(await keys(companyId, days.occurrenceId)).toEqual([]);
    await passesAt('2026-04-07T15:00:00Z', '2026-04-09T15:00:00Z');
    expect(await keys(companyId, days.occurrenceId)).toEqual([`due-soon:${days.occurrenceId}`]);

    const sent = await mail(companyId, 'Oil change');
    expect(sent.map((m) => m.toAddress).sort()).toEqual(['boss@tokyoworks.example', 'pm@tokyoworks.example']);
    expect(sent[0]).toMatchObject({
      subject: 'Maintenance due Friday, April 10, 2026: Oil change on Tokyo Works lathe',
      kind: 'maintenance',
      status: 'pending',
    });
    expect(sent[0]?.textBody).toContain(
      'Oil change on Tokyo Works lathe (LT-1) is due Friday, April 10, 2026.',
    );
    expect(sent[0]?.textBody).toContain(`${TEST_APP_URL}/maintenance/pm-calendar?date=2026-04-10`);
    expect(await mail(companyId, 'Belt check')).toHaveLength(2);
  });

  it('turns on each company’s own midnight: Tokyo’s 20 May begins while Honolulu is still on the 19th', async () => {
    await tokyo.admin.ok('PUT', '/api/v1/maintenance/email-settings', {
      userIds: [],
      emails: ['pm@tokyoworks.example'],
      daysBefore: 0,
      overdueEveryDays: 1,
      breakdownAlerts: true,
      dailyDigest: false,
      digestHour: 7,
    });
    const due = '2026-05-20';
    const t1 = await seedOpenOccurrence(t.database.db, tokyo.companyId, tokyo.machineId, {
      title: 'Coolant',
      dueOn: due,
    });
    const h1 = await seedOpenOccurrence(t.database.db, honolulu.companyId, honolulu.machineId, {
      title: 'Coolant',
      dueOn: due,
    });
    await passesAt('2026-05-19T14:59:59Z');
    expect(await keys(tokyo.companyId, t1.occurrenceId)).toEqual([]);
    await passesAt('2026-05-19T15:00:00Z');
    expect(await keys(tokyo.companyId, t1.occurrenceId)).toEqual([`due-soon:${t1.occurrenceId}`]);
    expect(await keys(honolulu.companyId, h1.occurrenceId)).toEqual([]);
    // Honolulu is UTC-10: its 20 May begins at 10:00 UTC.
    await passesAt('2026-05-20T09:59:59Z');
    expect(await keys(honolulu.companyId, h1.occurrenceId)).toEqual([]);
    await passesAt('2026-05-20T10:00:00Z');
    expect(await keys(honolulu.companyId, h1.occurrenceId)).toEqual([`due-soon:${h1.occurrenceId}`]);
  });

  it('says nothing of work completed before its window', async () => {
    const o = await seedOpenOccurrence(t.database.db, honolulu.companyId, honolulu.machineId, {
      title: 'Done early',
      dueOn: '2026-06-10',
    });
    await completeOccurrence(t.database.db, honolulu.companyId, o.occurrenceId, '2026-06-01');
    await passesAt('2026-06-10T12:00:00Z', '2026-06-20T12:00:00Z');
    expect(await keys(honolulu.companyId, o.occurrenceId)).toEqual([]);
  });
});

describe('overdue', () => {
  it('reminds on the first day past the grace, then every N days, once per period whatever the passes', async () => {
    await honolulu.admin.ok('PUT', '/api/v1/maintenance/email-settings', {
      userIds: [],
      emails: ['pm@honoluluworks.example'],
      daysBefore: 0,
      overdueEveryDays: 3,
      breakdownAlerts: true,
      dailyDigest: false,
      digestHour: 7,
    });
    const o = await seedOpenOccurrence(t.database.db, honolulu.companyId, honolulu.machineId, {
      title: 'Grease',
      dueOn: '2026-07-01',
      graceDays: 2,
    });
    const id = o.occurrenceId;
    // Noon in Honolulu is 22:00 UTC.
    await passesAt('2026-07-01T22:00:00Z', '2026-07-03T22:00:00Z');
    expect(await keys(honolulu.companyId, id)).toEqual([`due-soon:${id}`]);
    await passesAt('2026-07-04T22:00:00Z', '2026-07-05T22:00:00Z', '2026-07-06T22:00:00Z');
    expect(await keys(honolulu.companyId, id)).toEqual([`due-soon:${id}`, `overdue:${id}:2026-07-04`]);
    // A pass that comes late (nothing ran on the 7th, the period's day) still sends that period's one.
    await passesAt('2026-07-08T22:00:00Z', '2026-07-09T22:00:00Z');
    expect(await keys(honolulu.companyId, id)).toEqual([
      `due-soon:${id}`,
      `overdue:${id}:2026-07-04`,
      `overdue:${id}:2026-07-07`,
    ]);
    const overdue = await mail(honolulu.companyId, 'Overdue maintenance: Grease');
    expect(overdue).toHaveLength(2);
    expect(overdue[0]?.textBody).toContain('was due Wednesday, July 1, 2026 and is not done yet');
    await completeOccurrence(t.database.db, honolulu.companyId, id, '2026-07-09');
    await passesAt('2026-07-10T22:00:00Z', '2026-07-13T22:00:00Z');
    expect(await keys(honolulu.companyId, id)).toHaveLength(3);
  });
});

describe('the daily digest', () => {
  it('goes once a day at the digest hour of each company’s day: Tokyo and Honolulu apart', async () => {
    for (const c of [tokyo, honolulu]) {
      await c.admin.ok('PUT', '/api/v1/maintenance/email-settings', {
        userIds: [],
        emails: ['digest@works.example'],
        daysBefore: 0,
        overdueEveryDays: 0,
        breakdownAlerts: true,
        dailyDigest: true,
        digestHour: 7,
      });
      await seedOpenOccurrence(t.database.db, c.companyId, c.machineId, {
        title: 'Late',
        dueOn: '2026-08-01',
      });
    }
    // 21:30 UTC on 10 August: Tokyo 06:30 on the 11th, Honolulu 11:30 on the 10th.
    await passesAt('2026-08-10T21:30:00Z');
    expect(await keys(tokyo.companyId, 'digest:')).toEqual([]);
    expect(await keys(honolulu.companyId, 'digest:')).toEqual(['digest:2026-08-10']);
    // 22:00 UTC: Tokyo 07:00 on the 11th; Honolulu already had the 10th's.
    await passesAt('2026-08-10T22:00:00Z', '2026-08-11T09:00:00Z');
    expect(await keys(tokyo.companyId, 'digest:')).toEqual(['digest:2026-08-11']);
    expect(await keys(honolulu.companyId, 'digest:')).toEqual(['digest:2026-08-10']);
    // 10:00 UTC on the 11th: Honolulu's 11th has begun but it is midnight there, before 07:00; 17:00 UTC is 07:00.
    await passesAt('2026-08-11T10:00:00Z', '2026-08-11T16:59:00Z');
    expect(await keys(honolulu.companyId, 'digest:')).toEqual(['digest:2026-08-10']);
    await passesAt('2026-08-11T17:00:00Z', '2026-08-11T23:00:00Z');
    expect(await keys(honolulu.companyId, 'digest:')).toEqual(['digest:2026-08-10', 'digest:2026-08-11']);

    const [digest] = await mail(tokyo.companyId, 'Maintenance for Tuesday, August 11, 2026');
    expect(digest?.subject).toMatch(/: \d+ overdue, \d+ due, 0 open breakdowns$/);
    expect(digest?.textBody).toContain('- Late on Tokyo Works lathe (LT-1), due Saturday, August 1, 2026');
  });
});

describe('a digest set up after its hour (issue 29, decision 067)', () => {
  it('waits for the next digest hour of the company’s day instead of going at once', async () => {
    const evening = await maintenanceCompany(t, 'Evening Works', 'America/New_York');
    await seedOpenOccurrence(t.database.db, evening.companyId, evening.machineId, {
      title: 'Overdue oiling',
      dueOn: '2026-09-20',
    });
    const settings = (digestHour: number, emails = ['night@evening.example']) =>
      evening.admin.ok('PUT', '/api/v1/maintenance/email-settings', {
        userIds: [],
        emails,
        daysBefore: 0,
        overdueEveryDays: 0,
        breakdownAlerts: true,
        dailyDigest: true,
        digestHour,
      });
    // 00:37 UTC on 5 October is 20:37 on the 4th in New York: the digest turned on for 07:00, long past that day.
    clock.set('2026-10-05T00:37:00Z');
    await settings(7);
    await passesAt('2026-10-05T00:37:30Z', '2026-10-05T03:59:00Z', '2026-10-05T10:59:00Z');
    expect(await keys(evening.companyId, 'digest:')).toEqual([]);
    // 11:00 UTC is 07:00 on the 5th in New York: the first digest.
    await passesAt('2026-10-05T11:00:00Z');
    expect(await keys(evening.companyId, 'digest:')).toEqual(['digest:2026-10-05']);
    expect(await mail(evening.companyId, 'Maintenance for Monday, October 5, 2026')).toHaveLength(1);

    // A new recipient later that day leaves the digest's hour as it was.
    clock.set('2026-10-05T20:00:00Z');
    await settings(7, ['night@evening.example', 'day@evening.example']);
    // Moved to 09:00 at 06:30 on the 6th: nothing at 07:00, the 6th's at 09:00.
    clock.set('2026-10-06T10:30:00Z');
    await settings(9, ['night@evening.example', 'day@evening.example']);
    await passesAt('2026-10-06T11:00:00Z');
    expect(await keys(evening.companyId, 'digest:')).toEqual(['digest:2026-10-05']);
    await passesAt('2026-10-06T13:00:00Z');
    expect(await keys(evening.companyId, 'digest:')).toEqual(['digest:2026-10-05', 'digest:2026-10-06']);
    // Moved to 08:00 at 10:30 on the 7th, past that hour: the 7th has none, the 8th's goes at 08:00.
    clock.set('2026-10-07T14:30:00Z');
    await settings(8, ['night@evening.example', 'day@evening.example']);
    await passesAt('2026-10-07T14:31:00Z', '2026-10-08T03:59:00Z', '2026-10-08T11:59:00Z');
    expect(await keys(evening.companyId, 'digest:')).toEqual(['digest:2026-10-05', 'digest:2026-10-06']);
    await passesAt('2026-10-08T12:00:00Z');
    expect(await keys(evening.companyId, 'digest:')).toEqual([
      'digest:2026-10-05',
      'digest:2026-10-06',
      'digest:2026-10-08',
    ]);
  });
});

describe('a pass that dies before its commit', () => {
  it('leaves neither the notice nor its mail, and the next pass sends it once', async () => {
    const o = await seedOpenOccurrence(t.database.db, tokyo.companyId, tokyo.machineId, {
      title: 'Crash test',
      dueOn: '2026-09-10',
    });
    const occurrence = {
      id: o.occurrenceId,
      planTitle: 'Crash test',
      machineName: 'Tokyo Works lathe',
      assetTag: 'LT-1',
      dueOn: '2026-09-10',
      dueReading: null,
    };
    const died = withTenant(t.database.db, tokyo.companyId, async (tx) => {
      const decided = await issueNotice(
        tx,
        tokyo.companyId,
        { key: `due-soon:${o.occurrenceId}`, kind: 'due_soon', occurrenceId: o.occurrenceId },
        (to) => dueSoonMail(to, tokyo.companyId, TEST_APP_URL, occurrence),
      );
      expect(decided).toBe(true);
      throw new Error('the instance died here');
    });
    await expect(died).rejects.toThrow('the instance died here');
    expect(await keys(tokyo.companyId, o.occurrenceId)).toEqual([]);
    expect(await mail(tokyo.companyId, 'Crash test')).toEqual([]);
    await passesAt('2026-09-10T03:00:00Z');
    expect(await keys(tokyo.companyId, o.occurrenceId)).toEqual([`due-soon:${o.occurrenceId}`]);
    expect((await mail(tokyo.companyId, 'Crash test')).length).toBeGreaterThan(0);
  });
});
