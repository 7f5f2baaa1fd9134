// Queries of the PM calendar (decision 059), inside a tenant transaction, company_id in every where and join
// (decision 033). Only what a range needs: the active plans whose open occurrence or forecasts can reach it (the open
// occurrence through its one-open-per-plan index), and the done and missed occurrences due in it (through
// maintenance_occurrences_due_idx: company, status, due date).
import { and, between, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { users } from '../auth/auth.tables.ts';
import { machines } from './machines.tables.ts';
import { maintenanceOccurrences as occ, maintenancePlans as plans } from './plans.tables.ts';

/** Which work: a machine's, a person's (both optional). */
export interface TCalendarFilter {
  machineId?: string | undefined;
  assigneeId?: string | undefined;
}

export const machineColumns = {
  id: machines.id,
  name: machines.name,
  assetTag: machines.assetTag,
  meterReading: machines.meterReading,
  meterReadAt: machines.meterReadAt,
  hoursPerDay: machines.hoursPerDay,
};
export type TCalendarMachine = {
  id: string;
  name: string;
  assetTag: string;
  meterReading: string;
  meterReadAt: Date | null;
  hoursPerDay: string;
};
/**
 * What placing a plan's work needs, and no more: a shop's month reads tens of thousands of these, so the checklists
 * (jsonb) are read only for the entries a response shows (checklistsOf).
 */
export const planColumns = {
  id: plans.id,
  title: plans.title,
  mode: plans.mode,
  startOn: plans.startOn,
  calendarEvery: plans.calendarEvery,
  calendarUnit: plans.calendarUnit,
  meterEveryHours: plans.meterEveryHours,
  meterStartReading: plans.meterStartReading,
  leadDays: plans.leadDays,
  graceDays: plans.graceDays,
  graceHours: plans.graceHours,
  assigneeUserId: plans.assigneeUserId,
  estimatedMinutes: plans.estimatedMinutes,
};
export const occurrenceColumns = {
  id: occ.id,
  status: occ.status,
  dueOn: occ.dueOn,
  dueReading: occ.dueReading,
  completedOn: occ.completedOn,
  onTime: occ.onTime,
};
type TPick<T, K extends keyof T> = { [P in K]: T[P] };
export type TPlanRow = TPick<typeof plans.$inferSelect, keyof typeof planColumns>;
export type TOccurrenceRow = TPick<typeof occ.$inferSelect, keyof typeof occurrenceColumns>;

function planFilter(companyId: string, filter: TCalendarFilter): SQL[] {
  const conditions: SQL[] = [eq(plans.companyId, companyId), eq(plans.active, true)];
  if (filter.machineId) conditions.push(eq(plans.machineId, filter.machineId));
  if (filter.assigneeId) conditions.push(eq(plans.assigneeUserId, filter.assigneeId));
  return conditions;
}

/**
 * Active plans with their open occurrence and machine, for the open work and the forecasts of [from, to]. A plan
 * whose open occurrence is due after `to` on the calendar alone can place nothing in the range (forecasts come after
 * the open one), so it is left in the database; with `forecasts` false (a range wholly before today) only open
 * occurrences due inside the range are read.
 */
export async function openWork(
  tx: TDb,
  companyId: string,
  filter: TCalendarFilter,
  range: { from: string; to: string; forecasts: boolean },
): Promise<Array<{ plan: TPlanRow; open: TOccurrenceRow; machine: TCalendarMachine }>> {
  const reach = range.forecasts
    ? or(lte(occ.dueOn, range.to), isNull(occ.dueOn), sql`${plans.meterEveryHours} is not null`)
    : between(occ.dueOn, range.from, range.to);
  return tx
    .select({ plan: planColumns, open: occurrenceColumns, machine: machineColumns })
    .from(plans)
    .innerJoin(occ, and(eq(occ.companyId, plans.companyId), eq(occ.planId, plans.id), eq(occ.status, 'open')))
    .innerJoin(machines, and(eq(machines.companyId, plans.companyId), eq(machines.id, plans.machineId)))
    .where(and(...planFilter(companyId, filter), reach));
}

/**
 * Completed and missed occurrences due in [from, to]; a completed one with no due date (a meter plan) on the day it
 * was done. History shows whether its plan is active now or not.
 */
export async function pastWork(
  tx: TDb,
  companyId: string,
  filter: TCalendarFilter,
  range: { from: string; to: string },
): Promise<Array<{ plan: TPlanRow; occurrence: TOccurrenceRow; machine: TCalendarMachine }>> {
  const conditions: SQL[] = [eq(occ.companyId, companyId)];
  if (filter.machineId) conditions.push(eq(occ.machineId, filter.machineId));
  if (filter.assigneeId) conditions.push(eq(plans.assigneeUserId, filter.assigneeId));
  const inRange = or(
    and(inArray(occ.status, ['completed', 'missed']), between(occ.dueOn, range.from, range.to)),
    and(eq(occ.status, 'completed'), isNull(occ.dueOn), between(occ.completedOn, range.from, range.to)),
  ) as SQL;
  return tx
    .select({ plan: planColumns, occurrence: occurrenceColumns, machine: machineColumns })
    .from(occ)
    .innerJoin(plans, and(eq(plans.companyId, occ.companyId), eq(plans.id, occ.planId)))
    .innerJoin(machines, and(eq(machines.companyId, occ.companyId), eq(machines.id, occ.machineId)))
    .where(and(...conditions, inRange));
}

/** The checklists of the entries a response shows: each plan's tasks, and each done occurrence's results. */
export async function checklistsOf(
  tx: TDb,
  companyId: string,
  planIds: string[],
  occurrenceIds: string[],
): Promise<{
  plans: Map<string, TPlanChecklist>;
  results: Map<string, NonNullable<TOccurrenceResults>>;
}> {
  const planRows = planIds.length
    ? await tx
        .select({ id: plans.id, checklist: plans.checklist })
        .from(plans)
        .where(and(eq(plans.companyId, companyId), inArray(plans.id, planIds)))
    : [];
  const resultRows = occurrenceIds.length
    ? await tx
        .select({ id: occ.id, results: occ.checklistResults })
        .from(occ)
        .where(
          and(eq(occ.companyId, companyId), inArray(occ.id, occurrenceIds), isNotNull(occ.checklistResults)),
        )
    : [];
  return {
    plans: new Map(planRows.map((r) => [r.id, r.checklist])),
    results: new Map(resultRows.flatMap((r) => (r.results ? [[r.id, r.results] as const] : []))),
  };
}
type TPlanChecklist = (typeof plans.$inferSelect)['checklist'];
type TOccurrenceResults = (typeof occ.$inferSelect)['checklistResults'];

/** A machine of the company, or null (another company's id, or none). */
export async function machineExists(tx: TDb, companyId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: machines.id })
    .from(machines)
    .where(and(eq(machines.companyId, companyId), eq(machines.id, id)))
    .limit(1);
  return row !== undefined;
}

/**
 * The names of the company's people among `ids`, through the columns the tenant role may read (migration 0034):
 * "First Last", or the address when the name is empty.
 */
export async function peopleNamed(tx: TDb, companyId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim() || r.email]));
}
