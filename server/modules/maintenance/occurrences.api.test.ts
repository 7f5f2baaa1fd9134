// Completing maintenance (decisions 045, 056) through the API, on the app's clock: a late completion of a fixed plan
// records the grid dates passed as missed and opens the next; an early one misses nothing; a floating plan moves with
// the work; a metered plan needs a reading, never below the machine's meter, and a refusal writes nothing; a second
// completion is 409 naming the status; the machine's due list gives each open occurrence its state.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_MESSAGES } from '#common/schemas/machines.ts';
import { OCCURRENCE_MESSAGES } from '#common/schemas/maintenance-occurrences.ts';
import { maintenanceShop, type TMaintenanceShop } from '../../../tests/setup/maintenance-shop.ts';
import { machineMeterReadings } from './machines.tables.ts';
import { maintenanceOccurrences } from './plans.tables.ts';

let s: TMaintenanceShop;
let lathe: string;
// The second task is left unticked: every completion below confirms so (occurrence-skipped-tasks.api.test.ts
// refuses one that does not).
const TICKS = [{ done: true }, { done: false, note: 'Oil was fine' }];

const rowsOf = async (planId: string) =>
  s.t.database.db
    .select()
    .from(maintenanceOccurrences)
    .where(eq(maintenanceOccurrences.planId, planId))
    .orderBy(maintenanceOccurrences.dueOn);
/** A plan made now; returns its id and its open occurrence's id. */
const planOf = async (body: object) => {
  const made = await s.admin.ok('POST', '/api/v1/maintenance/plans', body, 201);
  return { id: made.id as string, open: made.open.id as string };
};
const complete = (occurrenceId: string, body: object) =>
  s.technician.send('POST', `/api/v1/maintenance/occurrences/${occurrenceId}/complete`, body);

beforeAll(async () => {
  s = await maintenanceShop('Fix Works', '2027-01-10T17:00:00Z');
  lathe = await s.machine('LT-9');
}, 120_000);
afterAll(async () => {
  await s?.t.close();
});

describe('completing a fixed monthly plan', () => {
  it('late: the grid dates passed are missed, not stacked; the next is the grid date after today', async () => {
    s.clock.set('2027-01-10T17:00:00Z');
    const plan = await planOf(s.plan(lathe, '2027-01-31'));
    s.clock.set('2027-04-05T17:00:00Z');
    const response = await complete(plan.open, {
      checklist: TICKS,
      skippedTasksConfirmed: true,
      minutesSpent: 40,
      notes: 'Late, parts awaited',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'completed',
      completedOn: '2027-04-05',
      onTime: false,
      minutesSpent: 40,
      completedByName: expect.stringContaining('Tom Fixer'),
      checklist: [
        { text: 'Grease the slides', done: true, note: '' },
        { text: 'Check the oil level', done: false, note: 'Oil was fine' },
      ],
    });
    const rows = await rowsOf(plan.id);
    expect(rows.map((r) => [r.dueOn, r.status])).toEqual([
      ['2027-01-31', 'completed'],
      ['2027-02-28', 'missed'],
      ['2027-03-31', 'missed'],
      ['2027-04-30', 'open'],
    ]);
    const page = await s.technician.ok('GET', `/api/v1/maintenance/plans/${plan.id}`);
    expect(page.open).toMatchObject({ dueOn: '2027-04-30', state: 'scheduled' });
    expect(page.nextDueDates).toEqual(['2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31', '2027-08-31']);
    expect(page.history.map((o: { status: string }) => o.status)).toEqual(['completed', 'missed', 'missed']);
    expect(page.lastCompletion).toMatchObject({ dueOn: '2027-01-31', completedOn: '2027-04-05' });
  });

  it('early: on time, nothing missed, the same date never comes round again', async () => {
    s.clock.set('2027-05-20T17:00:00Z');
    const plan = await planOf(s.plan(lathe, '2027-05-31', { title: 'Early' }));
    const done = await complete(plan.open, { checklist: TICKS, skippedTasksConfirmed: true });
    expect(done.json()).toMatchObject({ completedOn: '2027-05-20', onTime: true });
    expect((await rowsOf(plan.id)).map((r) => [r.dueOn, r.status])).toEqual([
      ['2027-05-31', 'completed'],
      ['2027-06-30', 'open'],
    ]);
  });

  it('within grace: on time; a second completion is 409 naming the status, nothing changed', async () => {
    s.clock.set('2027-06-01T17:00:00Z');
    const plan = await planOf(s.plan(lathe, '2027-05-31', { title: 'Grace' }));
    expect(
      (
        await complete(plan.open, {
          checklist: TICKS,
          skippedTasksConfirmed: true,
          completedOn: '2027-06-01',
        })
      ).json().onTime,
    ).toBe(true);
    const before = await rowsOf(plan.id);
    const again = await complete(plan.open, { checklist: TICKS, skippedTasksConfirmed: true });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.fieldErrors).toEqual({ status: OCCURRENCE_MESSAGES.notOpen('completed') });
    expect(await rowsOf(plan.id)).toEqual(before);
  });
});

describe('a floating plan', () => {
  it('steps from the day it was done', async () => {
    s.clock.set('2027-05-20T17:00:00Z');
    const plan = await planOf(
      s.plan(lathe, '2027-05-10', { title: 'Float', mode: 'floating', calendarUnit: 'week', checklist: [] }),
    );
    const done = await complete(plan.open, { completedOn: '2027-05-18' });
    expect(done.json()).toMatchObject({ onTime: false });
    expect((await rowsOf(plan.id)).map((r) => [r.dueOn, r.status])).toEqual([
      ['2027-05-10', 'completed'],
      ['2027-05-25', 'open'],
    ]);
  });
});

describe('refusals, nothing written', () => {
  let plan: { id: string; open: string };
  let press: string;
  const readings = async () =>
    (
      await s.t.database.db
        .select()
        .from(machineMeterReadings)
        .where(eq(machineMeterReadings.machineId, press))
    ).length;
  beforeAll(async () => {
    s.clock.set('2027-05-20T17:00:00Z');
    press = await s.machine('PR-9', '100');
    plan = await planOf(
      s.plan(press, '2027-06-15', { title: 'Metered', meterEveryHours: '250', graceHours: '10' }),
    );
  });

  it.each([
    [
      { checklist: TICKS, skippedTasksConfirmed: true, completedOn: '2027-05-21', reading: '120' },
      400,
      'completedOn',
    ],
    [{ checklist: [{ done: true }], reading: '120' }, 400, 'checklist'],
    [{ checklist: TICKS, skippedTasksConfirmed: true }, 400, 'reading'],
    [{ checklist: TICKS, skippedTasksConfirmed: true, reading: '99.5' }, 409, 'reading'],
    [{ checklist: TICKS, skippedTasksConfirmed: true, reading: 'lots' }, 400, 'reading'],
    [
      { checklist: TICKS, skippedTasksConfirmed: true, reading: '120', minutesSpent: -5 },
      400,
      'minutesSpent',
    ],
    [
      { checklist: TICKS, skippedTasksConfirmed: true, reading: '120', completedOn: '2027-13-01' },
      400,
      'completedOn',
    ],
    [{ checklist: [{ done: 'yes' }], reading: '120' }, 400, 'checklist.0.done'],
  ])(
    'refuses %j with %i naming %s; the occurrence stays open, no reading, no new occurrence',
    async (body, status, field) => {
      const [rows, meter] = [await rowsOf(plan.id), await readings()];
      const response = await complete(plan.open, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
      expect(await rowsOf(plan.id)).toEqual(rows);
      expect(await readings()).toBe(meter);
    },
  );

  it('says in words when the meter would go backwards', async () => {
    const response = await complete(plan.open, {
      checklist: TICKS,
      skippedTasksConfirmed: true,
      reading: '99',
    });
    expect(response.json().error.fieldErrors.reading).toBe(MACHINE_MESSAGES.meterBackwards('100'));
  });

  it('completes with a reading: the machine’s meter moves, the next due reading steps from the grid', async () => {
    const done = await complete(plan.open, {
      checklist: TICKS,
      skippedTasksConfirmed: true,
      reading: '362.5',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      reading: '362.5',
      onTime: false,
      machine: { meterReading: '362.5' },
    });
    expect(await readings()).toBe(2);
    const open = await s.t.database.db
      .select()
      .from(maintenanceOccurrences)
      .where(and(eq(maintenanceOccurrences.planId, plan.id), eq(maintenanceOccurrences.status, 'open')));
    expect(open.map((o) => [o.dueOn, Number(o.dueReading)])).toEqual([['2027-07-15', 600]]);
  });

  it('refuses a plan switched off (409 naming active) and an occurrence nowhere (404)', async () => {
    const other = await planOf(s.plan(lathe, '2027-06-01', { title: 'Off' }));
    await s.admin.ok('POST', `/api/v1/maintenance/plans/${other.id}/active`, { active: false });
    const off = await complete(other.open, { checklist: TICKS, skippedTasksConfirmed: true });
    expect(off.statusCode, off.body).toBe(409);
    expect(off.json().error.fieldErrors).toEqual({ active: OCCURRENCE_MESSAGES.planOff });
    const nowhere = await complete('0190a8d4-0000-7000-8000-000000000009', {
      checklist: TICKS,
      skippedTasksConfirmed: true,
    });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error.message).toBe(OCCURRENCE_MESSAGES.notFound);
  });
});

describe('reading occurrences and a machine’s due work', () => {
  it('gives an occurrence with what the Complete dialog needs, and today by the app clock', async () => {
    s.clock.set('2027-08-01T17:00:00Z');
    const plan = await planOf(s.plan(lathe, '2027-08-03', { title: 'Read me' }));
    const read = await s.technician.ok('GET', `/api/v1/maintenance/occurrences/${plan.open}`);
    expect(read).toMatchObject({
      status: 'open',
      state: 'due-soon',
      today: '2027-08-01',
      plan: { id: plan.id, title: 'Read me', metered: false, active: true },
      machine: { id: lathe, assetTag: 'LT-9' },
    });
  });

  it('lists the machine’s open work of plans switched on, by due date, each with its state', async () => {
    s.clock.set('2027-08-01T17:00:00Z');
    const due = await s.technician.ok('GET', `/api/v1/machines/${lathe}/due-maintenance`);
    expect(due.today).toBe('2027-08-01');
    const dates = due.items.map((o: { dueOn: string }) => o.dueOn);
    expect(dates).toEqual([...dates].sort());
    expect(due.items.map((o: { planTitle: string; state: string }) => [o.planTitle, o.state])).toEqual(
      expect.arrayContaining([
        ['Monthly lubrication', 'overdue'],
        ['Read me', 'due-soon'],
      ]),
    );
    expect(due.items.map((o: { planTitle: string }) => o.planTitle)).not.toContain('Off');
    const nowhere = await s.technician.send(
      'GET',
      '/api/v1/machines/0190a8d4-0000-7000-8000-00000000000a/due-maintenance',
    );
    expect(nowhere.statusCode).toBe(404);
  });

  it('re-dates the open occurrence of an edited plan from its latest completion', async () => {
    s.clock.set('2027-05-20T17:00:00Z');
    const plan = await planOf(s.plan(lathe, '2027-05-31', { title: 'Re-dated' }));
    const done = await complete(plan.open, {
      checklist: TICKS,
      skippedTasksConfirmed: true,
      completedOn: '2027-05-19',
    });
    expect(done.statusCode, done.body).toBe(200);
    const edited = await s.admin.ok(
      'PUT',
      `/api/v1/maintenance/plans/${plan.id}`,
      s.plan(lathe, '2027-05-31', { title: 'Re-dated', calendarEvery: 2 }),
    );
    expect(edited.open.dueOn).toBe('2027-07-31');
  });
});
