// The stored PM schedule (decision 091) against the rules: for random plans (fixed and floating, days, weeks, months,
// meters and whichever first, early, due and overdue, on machines whose names sort by number and case) and random
// edits through the API (completions with and without a reading, meter readings, plans switched off and on, machines
// renamed, the day turning), the calendar read from the stored rows equals the calendar computed on request by
// decision 045's rules (decision 062's path, PM_CALENDAR_STORED=0), whole answers compared: days, entries, counts.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '#server/clock.ts';
import { apiClient, userByEmail } from '../../../tests/setup/maintenance-calendar-seed.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { machines } from './machines.tables.ts';
import { maintenanceOccurrences, maintenancePlans } from './plans.tables.ts';
import { maintenanceScheduleStamps } from './stored-schedule.tables.ts';

// 10:00 on Friday 27 November 2026 in New York.
const clock = manualClock('2026-11-27T15:00:00Z');
let t: TTestApp;
let admin: ReturnType<typeof apiClient>;
let companyId: string;
let adminId: string;
const machineIds: string[] = [];
const NAMES = ['Press 9', 'press 10', 'Press 10', 'Lathe', 'lathe 2', 'Mill-A'];
const TITLES = ['Grease', 'grease', 'Oil 2', 'Oil 10', 'Check belts'];

beforeAll(async () => {
  t = await createTestApp({ clock });
  const cookie = await t.signIn({ email: 'ada@stored.example', role: 'admin', companyName: 'Stored Works' });
  admin = apiClient(t, cookie);
  const ada = await userByEmail(t.database.db, 'ada@stored.example');
  companyId = ada.companyId;
  adminId = ada.id;
  await admin.ok('PATCH', '/api/v1/company/label-config', { enableMaintenanceFeature: true });
  for (const [i, name] of NAMES.entries()) {
    const id = (await admin.ok('POST', '/api/v1/machines', { name, assetTag: `M-${i}` }, 201)).id as string;
    machineIds.push(id);
    await t.database.db
      .update(machines)
      .set({ meterReading: String(100 * i), hoursPerDay: String(2 + 4 * i) })
      .where(eq(machines.id, id));
  }
});

afterAll(async () => {
  await t?.close();
});

const DAYS = 86_400_000;
const dayOf = (offset: number) =>
  new Date(Date.parse('2026-11-27') + offset * DAYS).toISOString().slice(0, 10);

const planArb = fc.record({
  machine: fc.nat({ max: NAMES.length - 1 }),
  title: fc.constantFrom(...TITLES),
  mode: fc.constantFrom('fixed', 'floating'),
  calendar: fc.option(
    fc.record({ every: fc.integer({ min: 1, max: 3 }), unit: fc.constantFrom('day', 'week', 'month') }),
  ),
  meter: fc.option(
    fc.record({ every: fc.integer({ min: 20, max: 300 }), start: fc.integer({ min: 0, max: 600 }) }),
  ),
  start: fc.integer({ min: -70, max: 40 }),
  lead: fc.integer({ min: 0, max: 7 }),
  grace: fc.integer({ min: 0, max: 5 }),
  graceHours: fc.constantFrom('0', '10'),
  mine: fc.boolean(),
  active: fc.boolean(),
});
type TPlanArb = typeof planArb extends fc.Arbitrary<infer T> ? T : never;

async function seed(plans: TPlanArb[]) {
  const db = t.database.db;
  await db.delete(maintenanceOccurrences).where(eq(maintenanceOccurrences.companyId, companyId));
  await db.delete(maintenancePlans).where(eq(maintenancePlans.companyId, companyId));
  const rows = plans.map((p) => {
    const calendar = p.calendar ?? (p.meter ? null : { every: 1, unit: 'month' as const });
    const plan = {
      id: randomUUID(),
      companyId,
      machineId: machineIds[p.machine]!,
      title: p.title,
      mode: p.mode,
      startOn: dayOf(p.start),
      calendarEvery: calendar?.every ?? null,
      calendarUnit: calendar?.unit ?? null,
      meterEveryHours: p.meter ? String(p.meter.every) : null,
      meterStartReading: p.meter ? String(p.meter.start) : null,
      leadDays: p.lead,
      graceDays: p.grace,
      graceHours: p.graceHours,
      assigneeUserId: p.mine ? adminId : null,
      active: p.active,
    };
    const open = {
      id: randomUUID(),
      companyId,
      planId: plan.id,
      machineId: plan.machineId,
      dueOn: calendar ? plan.startOn : null,
      dueReading: p.meter ? String(p.meter.start + p.meter.every) : null,
      status: 'open',
    };
    return { plan, open };
  });
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    await db.insert(maintenancePlans).values(chunk.map((r) => r.plan));
    await db.insert(maintenanceOccurrences).values(chunk.map((r) => r.open));
  }
  // Written straight to the tables, as a restore would: the stamp goes, so the next read builds afresh.
  await db.delete(maintenanceScheduleStamps).where(eq(maintenanceScheduleStamps.companyId, companyId));
}

// The stored rows answer by default (decision 091); the rules' path with PM_CALENDAR_STORED=0.
delete process.env.PM_CALENDAR_STORED;
const computed = async <T>(read: () => Promise<T>): Promise<T> => {
  process.env.PM_CALENDAR_STORED = '0';
  try {
    return await read();
  } finally {
    delete process.env.PM_CALENDAR_STORED;
  }
};

/** The views a user opens, each read from the stored rows and computed by the rules: equal, whole. */
async function expectSameAnswers(every = true) {
  const today = (
    (await admin.ok('GET', '/api/v1/maintenance/calendar?from=2026-11-01&to=2026-11-01')) as {
      today: string;
    }
  ).today;
  const at = (days: number) => new Date(Date.parse(today) + days * DAYS).toISOString().slice(0, 10);
  const views = [
    `from=${at(-25)}&to=${at(16)}&perDay=50`,
    `from=${at(-25)}&to=${at(16)}&perDay=2&assigneeId=me`,
    `from=${at(10)}&to=${at(51)}&perDay=3`,
    `from=${at(-40)}&to=${at(-1)}&perDay=4&machineId=${machineIds[1]}`,
  ];
  // After each edit, the shop's month and "my work" (the views an edit moves); every view after seeding.
  for (const view of every ? views : views.slice(0, 2)) {
    const url = `/api/v1/maintenance/calendar?${view}`;
    expect(await admin.ok('GET', url), view).toEqual(await computed(() => admin.ok('GET', url)));
  }
  for (const day of every ? [at(0), at(7)] : [at(0)]) {
    const url = `/api/v1/maintenance/calendar/day?date=${day}&page=2&pageSize=3`;
    expect(await admin.ok('GET', url), url).toEqual(await computed(() => admin.ok('GET', url)));
  }
  const [stamp] = await t.database.db
    .select()
    .from(maintenanceScheduleStamps)
    .where(eq(maintenanceScheduleStamps.companyId, companyId));
  expect(stamp?.asOf).toBe(today);
}

describe('the stored PM schedule', () => {
  it('answers as the rules do for thousands of random plans', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(planArb, { minLength: 500, maxLength: 600 }), async (plans) => {
        await seed(plans);
        await expectSameAnswers();
      }),
      { numRuns: 4 },
    );
    // Minutes on a machine shared with other test runs; nothing here is timed.
  }, 900_000);

  const editArb = fc.oneof(
    fc.record({
      kind: fc.constant('complete' as const),
      pick: fc.nat(),
      hours: fc.integer({ min: 0, max: 200 }),
    }),
    fc.record({
      kind: fc.constant('meter' as const),
      pick: fc.nat(),
      hours: fc.integer({ min: 1, max: 300 }),
    }),
    fc.record({ kind: fc.constant('switch' as const), pick: fc.nat() }),
    fc.record({
      kind: fc.constant('rename' as const),
      pick: fc.nat(),
      name: fc.constantFrom(...NAMES, 'Zeta 1'),
    }),
    fc.record({ kind: fc.constant('day' as const), days: fc.integer({ min: 1, max: 9 }) }),
  );
  type TEdit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

  async function apply(edit: TEdit) {
    const db = t.database.db;
    if (edit.kind === 'day') {
      clock.set(new Date(clock.now().getTime() + edit.days * DAYS));
      return;
    }
    if (edit.kind === 'meter' || edit.kind === 'rename') {
      const id = machineIds[edit.pick % machineIds.length]!;
      const [m] = await db.select().from(machines).where(eq(machines.id, id));
      if (edit.kind === 'rename')
        await admin.ok('PUT', `/api/v1/machines/${id}`, { name: edit.name, assetTag: m!.assetTag });
      else {
        const reading = String(Number(m!.meterReading) + edit.hours);
        await admin.ok('POST', `/api/v1/machines/${id}/meter-readings`, { reading });
      }
      return;
    }
    const plans = await db
      .select({
        id: maintenancePlans.id,
        active: maintenancePlans.active,
        metered: maintenancePlans.meterEveryHours,
      })
      .from(maintenancePlans)
      .where(eq(maintenancePlans.companyId, companyId))
      .orderBy(maintenancePlans.id);
    const plan = plans[edit.pick % plans.length]!;
    if (edit.kind === 'switch') {
      await admin.ok('POST', `/api/v1/maintenance/plans/${plan.id}/active`, { active: !plan.active });
      return;
    }
    if (!plan.active) return;
    const [open] = await db
      .select({ id: maintenanceOccurrences.id, machineId: maintenanceOccurrences.machineId })
      .from(maintenanceOccurrences)
      .where(and(eq(maintenanceOccurrences.planId, plan.id), eq(maintenanceOccurrences.status, 'open')));
    if (!open) return;
    const [m] = await db.select().from(machines).where(eq(machines.id, open.machineId));
    const reading = plan.metered === null ? null : String(Number(m!.meterReading) + edit.hours);
    await admin.ok('POST', `/api/v1/maintenance/occurrences/${open.id}/complete`, { checklist: [], reading });
  }

  it('stays equal to the rules through random completions, readings, switches, renames and new days', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(planArb, { minLength: 20, maxLength: 30 }),
        fc.array(editArb, { minLength: 4, maxLength: 6 }),
        async (plans, edits) => {
          clock.set('2026-11-27T15:00:00Z');
          await seed(plans);
          await expectSameAnswers();
          for (const edit of edits) {
            await apply(edit);
            await expectSameAnswers(false);
          }
        },
      ),
      { numRuns: 2 },
    );
  }, 900_000);
});
