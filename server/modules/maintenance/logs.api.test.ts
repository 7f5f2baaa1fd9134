// The maintenance logs through the API: June 2027 of a New York shop worked by hand. The lathe broke down twice (down
// 120 and 60 minutes, repairs of 90 and 50 minutes); the press was in maintenance from 31 May to 2 June (its first
// 24 hours of June); the lathe's monthly PM (2 days' grace) was done on time once, missed once, done late once, and
// is open past its window. The figures are REFERENCES.md's, by the company's days and the app clock's now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_LOGS_MESSAGES } from '#common/schemas/maintenance-logs.ts';
import { manualClock } from '#server/clock.ts';
import { maintenanceHistory } from '../../../tests/setup/maintenance-history.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';

const clock = manualClock('2027-07-10T12:00:00Z');
let t: TTestApp;
let admin: ReturnType<typeof client>;
let technician: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let lathe: string;
let press: string;
let otherMachine: string;

const JUNE = 'from=2027-06-01&to=2027-06-30';

async function switchMaintenanceOn(cookie: string) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/company/label-config',
    headers: { origin: TEST_APP_URL, cookie },
    payload: { enableMaintenanceFeature: true },
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const adminCookie = await t.signIn({ email: 'ada@logs.example', role: 'admin', companyName: 'Log Works' });
  admin = client(t, adminCookie);
  technician = client(
    t,
    await t.signIn({ email: 'tom@logs.example', role: 'user', companyName: 'Log Works' }),
  );
  const otherCookie = await t.signIn({
    email: 'bo@other.example',
    role: 'admin',
    companyName: 'Other Works',
  });
  other = client(t, otherCookie);
  await switchMaintenanceOn(adminCookie);
  await switchMaintenanceOn(otherCookie);
  lathe = (await admin.ok('POST', '/api/v1/machines', { name: 'Lathe', assetTag: 'LT-1' }, 201)).id;
  press = (await admin.ok('POST', '/api/v1/machines', { name: 'Press', assetTag: 'PR-1' }, 201)).id;
  otherMachine = (await other.ok('POST', '/api/v1/machines', { name: 'Mill', assetTag: 'ML-1' }, 201)).id;

  const h = maintenanceHistory(t.database.db);
  await h.status(lathe, '2027-06-05T14:00:00Z', 'down');
  await h.status(lathe, '2027-06-05T16:00:00Z', 'running');
  await h.status(lathe, '2027-06-20T10:00:00Z', 'down');
  await h.status(lathe, '2027-06-20T11:00:00Z', 'running');
  await h.breakdown(lathe, 1, 'Spindle noise', '2027-06-05T14:00:00Z', '2027-06-05T16:00:00Z', 90);
  await h.breakdown(lathe, 2, 'Belt slipping', '2027-06-20T10:00:00Z', '2027-06-20T11:00:00Z', 50);
  await h.status(press, '2027-05-31T04:00:00Z', 'in_maintenance');
  await h.status(press, '2027-06-02T04:00:00Z', 'running');
  const plan = await h.plan(lathe, 'Monthly lube', 2);
  await h.occurrence(plan, lathe, '2027-06-03', {
    completedOn: '2027-06-04',
    completedAt: '2027-06-04T15:00:00Z',
    onTime: true,
  });
  await h.occurrence(plan, lathe, '2027-06-10', { status: 'missed' });
  await h.occurrence(plan, lathe, '2027-06-17', {
    completedOn: '2027-06-25',
    completedAt: '2027-06-25T15:00:00Z',
    onTime: false,
  });
  await h.occurrence(plan, lathe, '2027-06-29', { status: 'open' });
  // The other company's history must never show in Log Works' figures.
  await h.status(otherMachine, '2027-06-10T00:00:00Z', 'down');
  await h.breakdown(otherMachine, 1, 'Other secret', '2027-06-10T00:00:00Z', '2027-06-11T00:00:00Z', 600);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the figures of a month', () => {
  it('works out MTBF, MTTR, availability and compliance per machine and for the shop (REFERENCES.md)', async () => {
    const report = await technician.ok('GET', `/api/v1/maintenance/logs/report?${JUNE}`);
    expect(report).toMatchObject({
      from: '2027-06-01',
      to: '2027-06-30',
      timeZone: 'America/New_York',
      total: 2,
    });
    const [first, second] = report.items;
    // June in New York is 43,200 minutes. Lathe: 180 down, 2 failures → MTBF 21,510 min (358.5 h), MTTR 70 min.
    expect(first).toMatchObject({
      machine: { id: lathe, name: 'Lathe', assetTag: 'LT-1' },
      failures: 2,
      repairs: 2,
      downtimeHours: '3.0',
      operatingHours: '717.0',
      mtbfHours: '358.5',
      mttrHours: '1.2',
      availabilityPercent: '99.7',
      pmsDone: 2,
      pmsDue: 4,
      pmsOnTime: 1,
      compliancePercent: '25.0',
    });
    // Press: no failure, so no MTBF or MTTR; availability is uptime: (43,200 − 1,440) ÷ 43,200.
    expect(second).toMatchObject({
      machine: { id: press },
      failures: 0,
      mtbfHours: null,
      mttrHours: null,
      downtimeHours: '24.0',
      availabilityPercent: '96.7',
      pmsDue: 0,
      compliancePercent: null,
    });
    // The shop: 84,780 operating minutes over 2 failures = 42,390 min (706.5 h); availability 42,390 ÷ 42,460.
    expect(report.totals).toMatchObject({
      failures: 2,
      mtbfHours: '706.5',
      mttrHours: '1.2',
      availabilityPercent: '99.8',
      downtimeHours: '27.0',
      compliancePercent: '25.0',
    });
  });

  it('charts each month, cut to the period at either end, and narrows to one machine', async () => {
    const report = await admin.ok(
      'GET',
      `/api/v1/maintenance/logs/report?from=2027-05-15&to=2027-06-30&machineId=${press}`,
    );
    expect(report.total).toBe(1);
    expect(
      report.months.map((m: { month: string; start: string; end: string }) => [m.month, m.start, m.end]),
    ).toEqual([
      ['2027-05', '2027-05-15', '2027-05-31'],
      ['2027-06', '2027-06-01', '2027-06-30'],
    ]);
    // The press stopped at the start of 31 May in New York: 24 hours in May, 24 in June.
    expect(report.months[0].downtimeHours).toBe('24.0');
    expect(report.months[1].downtimeHours).toBe('24.0');
    expect(report.totals.downtimeHours).toBe('48.0');
  });

  it('counts only the time that has passed, and leaves out a PM still inside its window', async () => {
    clock.set('2027-06-15T04:00:00Z'); // midnight at the start of 15 June in New York
    try {
      const report = await admin.ok('GET', `/api/v1/maintenance/logs/report?${JUNE}&machineId=${lathe}`);
      // 14 days have passed: 20,160 minutes, 120 of them down, one failure.
      expect(report.totals).toMatchObject({ failures: 1, operatingHours: '334.0', mtbfHours: '334.0' });
      // The PM due 29 June is still inside its window on 15 June: left out, where on 10 July it counted as not done.
      expect(report.totals).toMatchObject({ pmsDue: 3, pmsOnTime: 1, compliancePercent: '33.3' });
    } finally {
      clock.set('2027-07-10T12:00:00Z');
    }
  });
});

describe('the entries', () => {
  it('lists completed PMs and resolved repairs, newest first, with the company’s days', async () => {
    const page = await technician.ok('GET', `/api/v1/maintenance/logs?${JUNE}`);
    expect(page.total).toBe(4);
    expect(
      page.items.map((e: { kind: string; title: string; doneOn: string }) => [e.kind, e.title, e.doneOn]),
    ).toEqual([
      ['pm', 'Monthly lube', '2027-06-25'],
      ['repair', '#2 Belt slipping', '2027-06-20'],
      ['repair', '#1 Spindle noise', '2027-06-05'],
      ['pm', 'Monthly lube', '2027-06-04'],
    ]);
    expect(page.items[1]).toMatchObject({
      machine: { id: lathe, name: 'Lathe' },
      minutes: 50,
      downtimeMinutes: 60,
      onTime: null,
      cause: 'Worn belt',
      action: 'New belt',
      doneBy: 'Rita Fixer',
      parts: 0,
    });
    expect(page.items[0]).toMatchObject({ onTime: false, minutes: 45, action: 'Greased and checked' });
  });

  it('pages on the server and filters by kind and machine', async () => {
    const second = await admin.ok('GET', `/api/v1/maintenance/logs?${JUNE}&page=2&pageSize=3`);
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.items).toHaveLength(1);
    const repairs = await admin.ok('GET', `/api/v1/maintenance/logs?${JUNE}&kind=repair`);
    expect(repairs.total).toBe(2);
    expect((await admin.ok('GET', `/api/v1/maintenance/logs?${JUNE}&machineId=${press}`)).total).toBe(0);
  });

  it('exports the entries as a CSV named by the company’s day', async () => {
    const response = await admin.send('GET', `/api/v1/maintenance/logs/export.csv?${JUNE}&kind=pm`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="maintenance-logs-2027-07-10.csv"',
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Done on,Kind,Machine,Asset tag,Work,Done by,Minutes,On time,Downtime (minutes),Cause,Action or notes,Parts issued,Tasks not done',
    );
    expect(lines.slice(1)).toEqual([
      '2027-06-25,Preventive,Lathe,LT-1,Monthly lube,Rita Fixer,45,No,,,Greased and checked,0,',
      '2027-06-04,Preventive,Lathe,LT-1,Monthly lube,Rita Fixer,45,Yes,,,Greased and checked,0,',
    ]);
  });
});

describe('refusals', () => {
  it.each([
    ['from=soon&to=2027-06-30', 'from', MAINTENANCE_LOGS_MESSAGES.date],
    ['from=2027-06-30&to=2027-06-01', 'to', MAINTENANCE_LOGS_MESSAGES.order],
    ['from=2017-01-01&to=2027-06-30', 'from', MAINTENANCE_LOGS_MESSAGES.tooLong],
    [`${JUNE}&kind=inspection`, 'kind', MAINTENANCE_LOGS_MESSAGES.kind],
    [`${JUNE}&machineId=lathe`, 'machineId', 'Machine must be an id'],
  ])('refuses %s naming %s', async (query, field, message) => {
    for (const url of ['/api/v1/maintenance/logs', '/api/v1/maintenance/logs/export.csv']) {
      const response = await admin.send('GET', `${url}?${query}`);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.fieldErrors?.[field]).toBe(message);
    }
  });

  it('answers another company’s machine as one that does not exist, and never counts its history', async () => {
    for (const url of ['/api/v1/maintenance/logs', '/api/v1/maintenance/logs/report']) {
      const response = await admin.send('GET', `${url}?${JUNE}&machineId=${otherMachine}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.fieldErrors).toEqual({
        machineId: MAINTENANCE_LOGS_MESSAGES.machineNotFound,
      });
    }
    const theirs = await other.ok('GET', `/api/v1/maintenance/logs/report?${JUNE}`);
    expect(theirs.total).toBe(1);
    expect(theirs.totals).toMatchObject({ failures: 1, repairs: 1, mttrHours: '10.0' });
  });
});
