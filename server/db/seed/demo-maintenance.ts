// The demo shop's Maintenance area: four machines with PM plans on the calendar (monthly, weekly, every two weeks) and
// on the runtime meter, the plans' occurrences done over the weeks of history (so PM compliance has months to read),
// and breakdowns reported, worked and resolved with their cause and repair time (so MTBF and MTTR show), one still
// open since yesterday. Everything through the maintenance services with the instant it happened, which they take; only a
// machine's "added" date is moved back to the history's start (demo-backdate.ts).
import { and, eq, sql } from 'drizzle-orm';
import { ZBreakdownReportSchema, ZBreakdownResolveSchema } from '#common/schemas/breakdowns.ts';
import { ZMachineInputSchema } from '#common/schemas/machines.ts';
import { ZCompleteOccurrenceSchema } from '#common/schemas/maintenance-occurrences.ts';
import { type TPlanInput, ZPlanInputSchema } from '#common/schemas/maintenance-plans.ts';
import { addDays, compareDates, daysBetween } from '#common/time/calendar.ts';
import { locations } from '../../modules/inventory/inventory.tables.ts';
import {
  reportBreakdown,
  resolveBreakdown,
  startBreakdown,
} from '../../modules/maintenance/breakdowns.service.ts';
import { getEmailSettings, saveEmailSettings } from '../../modules/maintenance/email-settings.service.ts';
import { createMachine, recordMeterReading } from '../../modules/maintenance/machines.service.ts';
import { machines } from '../../modules/maintenance/machines.tables.ts';
import { completeOccurrence } from '../../modules/maintenance/occurrences.service.ts';
import { createPlan } from '../../modules/maintenance/plans.service.ts';
import { queryRows } from '../client.ts';
import type { TTenant } from '../tenant.ts';
import { dateMachine } from './demo-backdate.ts';
import type { TDemoCalendar } from './demo-time.ts';
import type { TRandom } from './random.ts';

export interface TMaintenanceSeedReport {
  machines: number;
  plans: number;
  pmsDone: number;
  breakdowns: number;
}

const MACHINES = [
  {
    key: 'lathe',
    name: 'CNC lathe',
    assetTag: 'M-101',
    make: 'Haas',
    model: 'ST-20',
    serial: 'HS3119874',
    place: 'CELL1',
    commissionedOn: '2019-05-14',
  },
  {
    key: 'mill',
    name: 'Vertical mill',
    assetTag: 'M-102',
    make: 'Haas',
    model: 'VF-2',
    serial: 'HV2270415',
    place: 'CELL1',
    commissionedOn: '2021-02-01',
  },
  {
    key: 'press',
    name: 'Crimp press',
    assetTag: 'M-201',
    make: 'Schleuniger',
    model: 'CrimpCenter 36',
    serial: 'SC36-1182',
    place: 'CELL2',
    commissionedOn: '2022-09-12',
  },
  {
    key: 'compressor',
    name: 'Air compressor',
    assetTag: 'M-301',
    make: 'Atlas Copco',
    model: 'GA 11',
    serial: 'API915342',
    place: null,
    commissionedOn: '2018-03-20',
  },
] as const;
type TMachineKey = (typeof MACHINES)[number]['key'];

/** The mill's spindle hours a working week. */
const MILL_HOURS_A_DAY = 38 / 7;

const PLANS: readonly (Omit<TPlanInput, 'machineId' | 'startOn'> & { machine: TMachineKey })[] = [
  {
    machine: 'lathe',
    title: 'Lubrication and way-oil check',
    checklist: [
      { text: 'Top up the way oil' },
      { text: 'Grease the tailstock' },
      { text: 'Check the chuck jaws for wear' },
    ],
    mode: 'fixed',
    calendarEvery: 1,
    calendarUnit: 'month',
    leadDays: 3,
    graceDays: 2,
    estimatedMinutes: 45,
  },
  {
    machine: 'press',
    title: 'Crimp height check',
    checklist: [{ text: 'Measure the crimp height on a test terminal' }, { text: 'Clean the applicator' }],
    mode: 'floating',
    calendarEvery: 1,
    calendarUnit: 'week',
    estimatedMinutes: 15,
  },
  {
    machine: 'compressor',
    title: 'Drain the receiver and check the intake filter',
    checklist: [{ text: 'Drain the condensate' }, { text: 'Inspect the intake filter' }],
    mode: 'fixed',
    calendarEvery: 2,
    calendarUnit: 'week',
    estimatedMinutes: 20,
  },
  {
    machine: 'mill',
    title: 'Spindle and coolant service',
    checklist: [{ text: 'Check the spindle drawbar force' }, { text: 'Skim and top up the coolant' }],
    mode: 'floating',
    meterEveryHours: '160',
    meterStartReading: '0',
    estimatedMinutes: 60,
  },
];

/** Breakdowns over 16 weeks (closer together in a shorter demo), each: days ago, machine, problem, and how it was put right (null: still open). */
const BREAKDOWNS: readonly {
  daysAgo: number;
  machine: TMachineKey;
  problem: string;
  priority: 'low' | 'medium' | 'high';
  fix: { cause: string; action: string; repairMinutes: number; backAt: [number, number] } | null;
}[] = [
  {
    daysAgo: 96,
    machine: 'lathe',
    problem: 'Chuck will not clamp',
    priority: 'high',
    fix: {
      cause: 'Hydraulic pressure switch failed',
      action: 'Replaced the pressure switch',
      repairMinutes: 150,
      backAt: [13, 20],
    },
  },
  {
    daysAgo: 81,
    machine: 'press',
    problem: 'Crimps come out low',
    priority: 'medium',
    fix: {
      cause: 'Worn applicator anvil',
      action: 'Fitted the spare applicator',
      repairMinutes: 40,
      backAt: [11, 0],
    },
  },
  {
    daysAgo: 67,
    machine: 'compressor',
    problem: 'Trips on high temperature',
    priority: 'high',
    fix: {
      cause: 'Cooler blocked with dust',
      action: 'Blew out the cooler, cleaned the room filter',
      repairMinutes: 70,
      backAt: [12, 15],
    },
  },
  {
    daysAgo: 52,
    machine: 'lathe',
    problem: 'Coolant leaking at the turret',
    priority: 'medium',
    fix: {
      cause: 'Split coolant hose',
      action: 'Replaced the hose and clamp',
      repairMinutes: 35,
      backAt: [10, 45],
    },
  },
  {
    daysAgo: 38,
    machine: 'mill',
    problem: 'Spindle alarm 2301 on start',
    priority: 'high',
    fix: {
      cause: 'Drawbar sensor out of adjustment',
      action: 'Re-set the sensor gap',
      repairMinutes: 95,
      backAt: [14, 0],
    },
  },
  {
    daysAgo: 23,
    machine: 'press',
    problem: 'Guard interlock stops the press',
    priority: 'medium',
    fix: {
      cause: 'Loose interlock switch',
      action: 'Tightened and tested the switch',
      repairMinutes: 20,
      backAt: [10, 10],
    },
  },
  {
    daysAgo: 9,
    machine: 'lathe',
    problem: 'Chip conveyor jammed',
    priority: 'low',
    fix: {
      cause: 'Long stringy chips wrapped the conveyor',
      action: 'Cleared the conveyor; changed the chip breaker insert',
      repairMinutes: 30,
      backAt: [10, 30],
    },
  },
  { daysAgo: 1, machine: 'mill', problem: 'Coolant pump not priming', priority: 'medium', fix: null },
];

/** Maintenance of the demo company unless it has machines already; `weeks` of history before today. */
export async function seedDemoMaintenance(
  actors: { admin: TTenant; operator: TTenant },
  calendar: TDemoCalendar,
  weeks: number,
  random: TRandom,
  appUrl: string,
): Promise<TMaintenanceSeedReport | null> {
  const { admin, operator } = actors;
  const found = await admin.run((tx) =>
    tx.select({ id: machines.id }).from(machines).where(eq(machines.companyId, admin.companyId)).limit(1),
  );
  if (found.length > 0) return null;

  const start = calendar.mondayWeeksAgo(weeks);
  const places = await admin.run((tx) =>
    tx
      .select({ id: locations.id, code: locations.code })
      .from(locations)
      .where(and(eq(locations.companyId, admin.companyId), sql`${locations.code} in ('CELL1', 'CELL2')`)),
  );
  const placeOf = new Map(places.map((p) => [p.code, p.id]));
  const machineIds = new Map<TMachineKey, string>();
  for (const { key, place, ...fields } of MACHINES) {
    const made = await createMachine(
      admin,
      ZMachineInputSchema.parse({ ...fields, locationId: place ? placeOf.get(place)! : null }),
    );
    await dateMachine(admin, made.id, calendar.at(addDays(start, -1), 7));
    machineIds.set(key, made.id);
  }

  let pmsDone = 0;
  for (const { machine, ...plan } of PLANS) {
    const made = await createPlan(
      admin,
      ZPlanInputSchema.parse({ ...plan, machineId: machineIds.get(machine)!, startOn: start }),
      calendar.at(start, 7),
    );
    pmsDone += await doTheWork(admin, operator, made.id, start, calendar, random);
  }

  // The history's breakdowns e-mail nobody (they are long over); the company's alerts are as they were for today's.
  const settings = await getEmailSettings(admin);
  const { timeZone: _zone, people: _people, ...fields } = settings;
  if (settings.breakdownAlerts) await saveEmailSettings(admin, { ...fields, breakdownAlerts: false });
  for (const b of BREAKDOWNS.filter((x) => x.fix))
    await breakdown(actors, calendar, machineIds, b, weeks, appUrl);
  if (settings.breakdownAlerts) await saveEmailSettings(admin, fields);
  for (const b of BREAKDOWNS.filter((x) => !x.fix))
    await breakdown(actors, calendar, machineIds, b, weeks, appUrl);

  // The mill's meter as read this morning: its hours since the history began.
  const millHours = (daysBetween(start, calendar.today) * MILL_HOURS_A_DAY).toFixed(2);
  await recordMeterReading(admin, machineIds.get('mill')!, { reading: millHours });
  return { machines: MACHINES.length, plans: PLANS.length, pmsDone, breakdowns: BREAKDOWNS.length };
}

/**
 * Completes the plan's occurrences as they fell due, mostly on the day, now and then a few days late, and leaves
 * the one due from three days ago on open (on the calendar as due or overdue). Returns how many were done.
 */
async function doTheWork(
  admin: TTenant,
  operator: TTenant,
  planId: string,
  start: string,
  calendar: TDemoCalendar,
  random: TRandom,
): Promise<number> {
  let done = 0;
  for (;;) {
    const [open] = await admin.run((tx) =>
      queryRows<{ id: string; due_on: string | null; due_reading: string | null; tasks: number }>(
        tx,
        sql`select o.id, o.due_on::text, o.due_reading::text, jsonb_array_length(p.checklist)::int as tasks
              from maintenance_occurrences o join maintenance_plans p on p.id = o.plan_id
             where o.company_id = ${admin.companyId} and o.plan_id = ${planId} and o.status = 'open'`,
      ),
    );
    if (!open) return done;
    // A meter plan falls due when the mill's hours reach the reading; a calendar plan on its date.
    const due = open.due_on ?? addDays(start, Math.ceil(Number(open.due_reading) / MILL_HOURS_A_DAY));
    const late = random.chance(0.15) ? random.int(2, 4) : 0;
    const doneOn = addDays(due, late);
    if (compareDates(doneOn, calendar.daysAgo(3)) > 0) return done;
    const reading = open.due_reading ? (Number(open.due_reading) + late * MILL_HOURS_A_DAY).toFixed(2) : null;
    await completeOccurrence(
      random.chance(0.5) ? admin : operator,
      open.id,
      ZCompleteOccurrenceSchema.parse({
        completedOn: doneOn,
        reading,
        minutesSpent: random.int(10, 70),
        checklist: Array.from({ length: open.tasks }, () => ({ done: true })),
      }),
      calendar.at(doneOn, 10, random.int(0, 59)),
    );
    done++;
  }
}

/** A breakdown reported by the operator, worked on and resolved by the admin, at its hours of its day. */
async function breakdown(
  actors: { admin: TTenant; operator: TTenant },
  calendar: TDemoCalendar,
  machineIds: Map<TMachineKey, string>,
  b: (typeof BREAKDOWNS)[number],
  weeks: number,
  appUrl: string,
): Promise<void> {
  // The list is written for the full 16 weeks; a shorter demo has the same breakdowns closer together.
  const day = calendar.daysAgo(Math.max(1, Math.round((b.daysAgo * weeks) / 16)));
  const reported = await reportBreakdown(
    actors.operator,
    ZBreakdownReportSchema.parse({
      machineId: machineIds.get(b.machine)!,
      problem: b.problem,
      priority: b.priority,
    }),
    calendar.at(day, b.fix ? 8 : 15, 40),
    appUrl,
  );
  if (!b.fix) return;
  await startBreakdown(actors.admin, reported.id, calendar.at(day, 8, 55));
  const [hour, minute] = b.fix.backAt;
  await resolveBreakdown(
    actors.admin,
    reported.id,
    ZBreakdownResolveSchema.parse({
      cause: b.fix.cause,
      action: b.fix.action,
      repairMinutes: b.fix.repairMinutes,
      parts: [],
    }),
    calendar.at(day, hour, minute),
  );
}
