// The demo shop's Maintenance area: four machines with PM plans on the calendar (monthly, weekly, every two weeks) and
// on the runtime meter, the plans' occurrences done over the weeks of history (so PM compliance has months to read),
// and breakdowns reported, worked and resolved with their cause and repair time (so MTBF and MTTR show), one still
// open since yesterday. Everything through the maintenance services with the instant it happened, which they take; only a
// machine's "added" date is moved back to the history's start (demo-backdate.ts).
import { and, eq, sql } from 'drizzle-orm';
import { ZBreakdownReportSchema, ZBreakdownResolveSchema } from '#common/schemas/breakdowns.ts';
import { ZMachineInputSchema } from '#common/schemas/machines.ts';
import { ZCompleteOccurrenceSchema } from '#common/schemas/maintenance-occurrences.ts';
import { ZPlanInputSchema } from '#common/schemas/maintenance-plans.ts';
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
import { BREAKDOWNS, MACHINES, MILL_HOURS_A_DAY, PLANS, type TMachineKey } from './demo-maintenance-data.ts';
import type { TDemoCalendar } from './demo-time.ts';
import type { TRandom } from './random.ts';

export interface TMaintenanceSeedReport {
  machines: number;
  plans: number;
  pmsDone: number;
  breakdowns: number;
}

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
