// The PM calendar through the API (decision 059): each company day of a range with its work — open occurrences and
// their state on the app clock in the company's zone (New York here), overdue work on its day and on today, done and
// missed ones, forecasts of calendar and meter plans — narrowed by machine and person, and bad input refused naming
// the field. Plans and occurrences are written straight to the tables (tests/setup/maintenance-calendar-seed.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALENDAR_MESSAGES,
  type TCalendar,
  type TCalendarDayPage,
} from '#common/schemas/maintenance-calendar.ts';
import { manualClock } from '#server/clock.ts';
import {
  apiClient as client,
  seedOccurrence,
  seedPlan,
  userByEmail,
} from '../../../tests/setup/maintenance-calendar-seed.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { machines } from './machines.tables.ts';

// 10:00 on Friday 27 November 2026 in New York.
const clock = manualClock('2026-11-27T15:00:00Z');
let t: TTestApp;
let admin: ReturnType<typeof client>;
let tom: ReturnType<typeof client>;
let tomId: string;
let adminId: string;
let press: string;
let lathe: string;
const FROM = '2026-11-02';
const TO = '2026-12-13';

/** The calendar's entries as [day, plan, state, basis, carried to today]. */
const rows = (calendar: TCalendar) =>
  calendar.days.flatMap((d) =>
    d.entries.map((e) => [d.date, e.plan.title, e.state, e.basis, e.carriedToToday] as const),
  );
const calendar = async (query: string, as = tom): Promise<TCalendar> =>
  as.ok('GET', `/api/v1/maintenance/calendar?${query}`);

beforeAll(async () => {
  t = await createTestApp({ clock });
  const adminCookie = await t.signIn({
    email: 'ada@pmcal.example',
    role: 'admin',
    companyName: 'PM Cal Works',
  });
  admin = client(t, adminCookie);
  tom = client(
    t,
    await t.signIn({
      email: 'tom@pmcal.example',
      role: 'user',
      companyName: 'PM Cal Works',
      firstName: 'Tom',
      lastName: 'Fitter',
    }),
  );
  const tomUser = await userByEmail(t.database.db, 'tom@pmcal.example');
  tomId = tomUser.id;
  adminId = (await userByEmail(t.database.db, 'ada@pmcal.example')).id;
  const companyId = tomUser.companyId;
  await admin.ok('PATCH', '/api/v1/company/label-config', { enableMaintenanceFeature: true });
  press = (await admin.ok('POST', '/api/v1/machines', { name: 'Press 4', assetTag: 'PR-4' }, 201)).id;
  lathe = (await admin.ok('POST', '/api/v1/machines', { name: 'Lathe 1', assetTag: 'LT-1' }, 201)).id;
  // The lathe's meter read 560 hours this morning, running 10 hours a day.
  await t.database.db
    .update(machines)
    .set({ meterReading: '560', meterReadAt: new Date('2026-11-27T14:00:00Z'), hoursPerDay: '10' })
    .where(eq(machines.id, lathe));
  const db = t.database.db;
  // Monthly from 1 December with a week's lead: due soon today; its next (1 January) is past the range.
  await seedPlan(db, {
    companyId,
    machineId: press,
    title: 'Grease rams',
    leadDays: 7,
    assigneeUserId: tomId,
    checklist: [{ text: 'Grease both rams' }, { text: 'Wipe the guides' }],
  });
  // Weekly on Thursdays from 5 November: done on the 5th, open since the 12th, a day's grace: overdue.
  const filters = await seedPlan(
    db,
    {
      companyId,
      machineId: press,
      title: 'Change filters',
      startOn: '2026-11-05',
      calendarUnit: 'week',
      graceDays: 1,
      assigneeUserId: tomId,
    },
    { dueOn: '2026-11-12' },
  );
  await seedOccurrence(
    db,
    { id: filters.planId, companyId, machineId: press },
    { dueOn: '2026-11-05', status: 'completed', completedOn: '2026-11-05', onTime: true },
  );
  // Every 100 hours on the lathe, open at 600: the meter reaches it on 1 December, then 700 on 11 December.
  const coolant = await seedPlan(
    db,
    {
      companyId,
      machineId: lathe,
      title: 'Coolant top-up',
      calendarEvery: null,
      calendarUnit: null,
      meterEveryHours: '100',
      meterStartReading: '0',
      assigneeUserId: adminId,
    },
    { dueOn: null, dueReading: '600' },
  );
  await seedOccurrence(
    db,
    { id: coolant.planId, companyId, machineId: lathe },
    {
      dueReading: '500',
      status: 'completed',
      completedOn: '2026-11-20',
      readingAtCompletion: '505',
      onTime: true,
    },
  );
  // Floating every 10 days from 30 November, unassigned: 30 November, then 10 December.
  const chuck = await seedPlan(db, {
    companyId,
    machineId: lathe,
    title: 'Clean chuck',
    mode: 'floating',
    startOn: '2026-11-30',
    calendarEvery: 10,
    calendarUnit: 'day',
  });
  await seedOccurrence(
    db,
    { id: chuck.planId, companyId, machineId: lathe },
    { dueOn: '2026-11-03', status: 'missed' },
  );
  // Switched off: its open occurrence is not on the calendar.
  await seedPlan(db, {
    companyId,
    machineId: press,
    title: 'Old plan',
    startOn: '2026-12-02',
    active: false,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the calendar of a range', () => {
  it('shows every day of the range with its work, on the company’s today', async () => {
    const cal = await calendar(`from=${FROM}&to=${TO}`);
    expect(cal).toMatchObject({ from: FROM, to: TO, today: '2026-11-27', timeZone: 'America/New_York' });
    expect(cal.days.map((d) => d.date)).toHaveLength(42);
    expect(rows(cal)).toEqual([
      ['2026-11-03', 'Clean chuck', 'missed', 'calendar', false],
      ['2026-11-05', 'Change filters', 'completed', 'calendar', false],
      ['2026-11-12', 'Change filters', 'overdue', 'calendar', false],
      ['2026-11-20', 'Coolant top-up', 'completed', 'calendar', false],
      ['2026-11-27', 'Change filters', 'overdue', 'calendar', true],
      ['2026-11-30', 'Clean chuck', 'scheduled', 'calendar', false],
      ['2026-12-01', 'Grease rams', 'due-soon', 'calendar', false],
      ['2026-12-01', 'Coolant top-up', 'scheduled', 'meter', false],
      ['2026-12-03', 'Change filters', 'forecast', 'calendar', false],
      // Within a day and a state, by machine: the lathe before the press.
      ['2026-12-10', 'Clean chuck', 'forecast', 'calendar', false],
      ['2026-12-10', 'Change filters', 'forecast', 'calendar', false],
      ['2026-12-11', 'Coolant top-up', 'forecast', 'meter', false],
    ]);
  });

  it('carries the plan, machine, assignee, checklist and due reading on each entry', async () => {
    const cal = await calendar(`from=2026-12-01&to=2026-12-11`);
    const grease = cal.days[0]!.entries.find((e) => e.plan.title === 'Grease rams')!;
    expect(grease).toMatchObject({
      kind: 'occurrence',
      dueOn: '2026-12-01',
      dueReading: null,
      machine: { id: press, name: 'Press 4', assetTag: 'PR-4' },
      assignee: { id: tomId, name: 'Tom Fitter' },
      checklist: [
        { text: 'Grease both rams', done: null },
        { text: 'Wipe the guides', done: null },
      ],
    });
    expect(grease.occurrenceId).toBe(grease.key);
    const forecast = cal.days.at(-1)!.entries[0]!;
    expect(forecast).toMatchObject({
      kind: 'forecast',
      occurrenceId: null,
      dueOn: null,
      dueReading: '700',
      basis: 'meter',
    });
    expect(forecast.key).toBe(`forecast:${forecast.plan.id}:2026-12-11`);
  });

  it('shows no forecasts in a range wholly past, only the work due there', async () => {
    const cal = await calendar('from=2026-11-01&to=2026-11-15');
    expect(rows(cal).map((r) => r[2])).toEqual(['missed', 'completed', 'overdue']);
  });

  it('takes today from the app clock in the company’s zone: 03:00 UTC is still yesterday in New York', async () => {
    clock.set('2026-11-28T03:00:00Z');
    try {
      expect((await calendar(`from=${FROM}&to=${TO}`)).today).toBe('2026-11-27');
      clock.set('2026-11-28T05:30:00Z');
      const cal = await calendar(`from=${FROM}&to=${TO}`);
      expect(cal.today).toBe('2026-11-28');
      // Overdue work moves with today.
      expect(rows(cal).filter((r) => r[4])).toEqual([
        ['2026-11-28', 'Change filters', 'overdue', 'calendar', true],
      ]);
    } finally {
      clock.set('2026-11-27T15:00:00Z');
    }
  });
});

describe('a busy day: the first few in full, the count of all, the rest a page at a time', () => {
  const day = async (query: string): Promise<TCalendarDayPage> =>
    tom.ok('GET', `/api/v1/maintenance/calendar/day?${query}`);
  const none = { scheduled: 0, 'due-soon': 0, due: 0, overdue: 0, forecast: 0, completed: 0, missed: 0 };

  it('carries at most perDay entries a day, most urgent first, and counts them all by state', async () => {
    const cal = await calendar(`from=${FROM}&to=${TO}&perDay=1`);
    const first = cal.days.find((d) => d.date === '2026-12-01')!;
    expect(first.entries.map((e) => e.plan.title)).toEqual(['Grease rams']);
    expect(first).toMatchObject({ total: 2, counts: { ...none, 'due-soon': 1, scheduled: 1 } });
    const empty = cal.days.find((d) => d.date === '2026-12-02')!;
    expect(empty).toEqual({ date: '2026-12-02', entries: [], total: 0, counts: none });
    // By default a day carries up to 20: this shop's days all fit.
    const whole = await calendar(`from=${FROM}&to=${TO}`);
    for (const d of whole.days) expect(d.entries).toHaveLength(d.total);
  });

  it('pages one day in the calendar’s order, the same entries as the range shows', async () => {
    const [one, two, three] = await Promise.all([
      day('date=2026-12-01&pageSize=1'),
      day('date=2026-12-01&pageSize=1&page=2'),
      day('date=2026-12-01&pageSize=1&page=3'),
    ]);
    expect(one).toMatchObject({ date: '2026-12-01', today: '2026-11-27', total: 2, page: 1, pageSize: 1 });
    expect(one.counts).toEqual({ ...none, 'due-soon': 1, scheduled: 1 });
    expect([...one.items, ...two.items].map((e) => e.plan.title)).toEqual(['Grease rams', 'Coolant top-up']);
    expect(three.items).toEqual([]);
    const range = await calendar('from=2026-11-27&to=2026-11-27');
    expect((await day('date=2026-11-27')).items).toEqual(range.days[0]!.entries);
  });

  it('narrows a day to a machine and to my work', async () => {
    expect((await day(`date=2026-12-10&machineId=${lathe}`)).items.map((e) => e.plan.title)).toEqual([
      'Clean chuck',
    ]);
    expect((await day('date=2026-12-01&assigneeId=me')).items.map((e) => e.plan.title)).toEqual([
      'Grease rams',
    ]);
  });

  it.each([
    ['perDay=0', 'perDay'],
    ['perDay=51', 'perDay'],
    ['perDay=two', 'perDay'],
  ])('refuses a range with %s, naming %s', async (query, field) => {
    const response = await tom.send('GET', `/api/v1/maintenance/calendar?from=${FROM}&to=${TO}&${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fieldErrors).toEqual({ [field]: CALENDAR_MESSAGES.perDay });
  });

  it.each([
    ['', 'date'],
    ['date=2026-02-30', 'date'],
    ['date=2026-12-01&pageSize=101', 'pageSize'],
    ['date=2026-12-01&page=0', 'page'],
    ['date=2026-12-01&machineId=press', 'machineId'],
  ])('refuses a day with "%s", naming %s', async (query, field) => {
    const response = await tom.send('GET', `/api/v1/maintenance/calendar/day?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual([field]);
  });
});

describe('filters', () => {
  it('narrows to one machine', async () => {
    const cal = await calendar(`from=${FROM}&to=${TO}&machineId=${lathe}`);
    expect(new Set(rows(cal).map((r) => r[1]))).toEqual(new Set(['Clean chuck', 'Coolant top-up']));
  });

  it('narrows to my work, and to another person’s', async () => {
    const mine = await calendar(`from=${FROM}&to=${TO}&assigneeId=me`);
    expect(new Set(rows(mine).map((r) => r[1]))).toEqual(new Set(['Grease rams', 'Change filters']));
    const ada = await calendar(`from=${FROM}&to=${TO}&assigneeId=${adminId}`);
    expect(new Set(rows(ada).map((r) => r[1]))).toEqual(new Set(['Coolant top-up']));
    const both = await calendar(`from=${FROM}&to=${TO}&assigneeId=me&machineId=${lathe}`);
    expect(rows(both)).toEqual([]);
  });

  it('refuses a machine or a person that is not the company’s: 404 naming the field', async () => {
    const nobody = '0190a1b2-0000-7000-8000-000000000000';
    for (const [field, message] of [
      ['machineId', CALENDAR_MESSAGES.machineNotFound],
      ['assigneeId', CALENDAR_MESSAGES.assigneeNotFound],
    ] as const) {
      const response = await tom.send(
        'GET',
        `/api/v1/maintenance/calendar?from=${FROM}&to=${TO}&${field}=${nobody}`,
      );
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.fieldErrors).toEqual({ [field]: message });
    }
  });
});

describe('bad input', () => {
  it.each([
    ['to=2026-12-01', 'from'],
    ['from=2026-11-01', 'to'],
    ['from=yesterday&to=2026-12-01', 'from'],
    ['from=2026-11-01&to=2026-02-30', 'to'],
    ['from=2026-12-01&to=2026-11-30', 'to'],
    ['from=2026-11-01&to=2026-12-13', 'to'],
    [`from=${FROM}&to=${TO}&machineId=press`, 'machineId'],
    [`from=${FROM}&to=${TO}&assigneeId=everyone`, 'assigneeId'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await tom.send('GET', `/api/v1/maintenance/calendar?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual([field]);
  });

  it('takes six weeks exactly, and one day', async () => {
    expect((await calendar('from=2026-11-01&to=2026-12-12')).days).toHaveLength(42);
    expect((await calendar('from=2026-11-01&to=2026-11-01')).days).toHaveLength(1);
  });

  it('is refused to a signed-out request and while the area is off', async () => {
    const url = `/api/v1/maintenance/calendar?from=${FROM}&to=${TO}`;
    const signedOut = await t.app.inject({ method: 'GET', url, headers: { origin: TEST_APP_URL } });
    expect(signedOut.statusCode).toBe(401);
    await admin.ok('PATCH', '/api/v1/company/label-config', { enableMaintenanceFeature: false });
    try {
      const off = await tom.send('GET', url);
      expect(off.statusCode).toBe(403);
      expect(off.json().error.code).toBe('FEATURE_DISABLED');
    } finally {
      await admin.ok('PATCH', '/api/v1/company/label-config', { enableMaintenanceFeature: true });
    }
  });
});
