// Queries of the stored PM schedule (decision 091), inside a tenant transaction, company_id in every where and join
// (decision 033): the stamp (which company day the rows were placed on), the rows of some plans or all, and the
// month's reads — a day's first entries straight off the ordered index, and the counts kept beside the rows.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import {
  machineColumns,
  occurrenceColumns,
  planColumns,
  type TCalendarFilter,
  type TCalendarMachine,
  type TOccurrenceRow,
  type TPlanRow,
} from './calendar.repo.ts';
import { machines } from './machines.tables.ts';
import { maintenanceOccurrences as occ, maintenancePlans as plans } from './plans.tables.ts';
import {
  maintenanceScheduleCounts as counts,
  maintenanceSchedule as schedule,
  maintenanceScheduleStamps as stamps,
} from './stored-schedule.tables.ts';

export type TScheduleRow = typeof schedule.$inferInsert;
export type TStamp = { asOf: string; through: string; timeZone: string };

/** The company's stamp, unlocked (a read), or locked: `share` beside other refreshes, `update` to rebuild. */
export async function stampOf(
  tx: TDb,
  companyId: string,
  lock: 'none' | 'share' | 'update' = 'none',
): Promise<TStamp | null> {
  const query = tx
    .select({ asOf: stamps.asOf, through: stamps.through, timeZone: stamps.timeZone })
    .from(stamps)
    .where(eq(stamps.companyId, companyId));
  // A build waits for nobody: a stamp another transaction is building is skipped (null), and read later.
  const [row] =
    lock === 'none' ? await query : await query.for(lock, lock === 'update' ? { skipLocked: true } : {});
  return row ?? null;
}

/** A stamp row to lock before the first build (a second builder waits on it, then finds it built). */
export async function claimStamp(tx: TDb, companyId: string, stamp: TStamp): Promise<void> {
  await tx
    .insert(stamps)
    .values({ companyId, ...stamp })
    .onConflictDoNothing();
}

/** Counts gone to zero, left by the rows a build took away. */
export async function dropEmptyCounts(tx: TDb, companyId: string): Promise<void> {
  await tx.delete(counts).where(and(eq(counts.companyId, companyId), eq(counts.count, 0)));
}

export async function setStamp(tx: TDb, companyId: string, stamp: TStamp): Promise<void> {
  await tx
    .update(stamps)
    .set({ ...stamp, builtAt: new Date() })
    .where(eq(stamps.companyId, companyId));
}

/** Which plans' open work to place: some plans, a machine's, or the whole company's. */
export type TPlanScope = { planIds: string[] } | { machineId: string } | 'all';

/** Active plans with their open occurrence and machine (the rows openPlacements reads). */
export async function openOf(
  tx: TDb,
  companyId: string,
  scope: TPlanScope,
): Promise<Array<{ plan: TPlanRow; open: TOccurrenceRow; machine: TCalendarMachine }>> {
  const conditions: SQL[] = [eq(plans.companyId, companyId), eq(plans.active, true)];
  if (scope !== 'all' && 'planIds' in scope) conditions.push(inArray(plans.id, scope.planIds));
  if (scope !== 'all' && 'machineId' in scope) conditions.push(eq(plans.machineId, scope.machineId));
  return tx
    .select({ plan: planColumns, open: occurrenceColumns, machine: machineColumns })
    .from(plans)
    .innerJoin(occ, and(eq(occ.companyId, plans.companyId), eq(occ.planId, plans.id), eq(occ.status, 'open')))
    .innerJoin(machines, and(eq(machines.companyId, plans.companyId), eq(machines.id, plans.machineId)))
    .where(and(...conditions));
}

/** Takes away the rows of the scope (a plan switched off or deleted leaves none behind). */
export async function clearRows(tx: TDb, companyId: string, scope: TPlanScope): Promise<void> {
  const conditions: SQL[] = [eq(schedule.companyId, companyId)];
  if (scope !== 'all' && 'planIds' in scope) conditions.push(inArray(schedule.planId, scope.planIds));
  if (scope !== 'all' && 'machineId' in scope) conditions.push(eq(schedule.machineId, scope.machineId));
  await tx.delete(schedule).where(and(...conditions));
}

/** Rows a statement: 15 parameters each, well under the 65,535 a statement may bind. */
const CHUNK = 2000;

export async function insertRows(tx: TDb, rows: TScheduleRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(schedule).values(rows.slice(i, i + CHUNK));
}

function filterSql(filter: TCalendarFilter): SQL {
  const parts: SQL[] = [];
  if (filter.machineId) parts.push(sql` and s.machine_id = ${filter.machineId}`);
  if (filter.assigneeId) parts.push(sql` and s.assignee_user_id = ${filter.assigneeId}`);
  return sql.join(parts, sql``);
}

/** A stored row as the calendar reads it. */
export interface TStoredRow {
  day: string;
  urgency: number;
  key: string;
  planId: string;
  machineId: string;
  occurrenceId: string | null;
  basis: string;
  dueOn: string | null;
  dueReading: string | null;
  carriedToToday: boolean;
}

const rowColumns = sql`s.day::text as "day", s.urgency, s.key, s.plan_id as "planId", s.machine_id as "machineId",
  s.occurrence_id as "occurrenceId", s.basis, s.due_on::text as "dueOn", s.due_reading::text as "dueReading",
  s.carried_to_today as "carriedToToday"`;
const calendarOrder = sql`s.urgency, s.machine_name collate pm_names, s.plan_title collate pm_names, s.key collate "C"`;

/**
 * Each day's first `perDay` rows in the calendar's order, one index scan a day. The days come as a `date` array so the
 * scan's condition is `date = date`, a leakproof operator: row-level security lets only leakproof conditions into an
 * index scan ahead of its policy, and `g.d::date` over generate_series's timestamps is a cast that is not, which left
 * every day a sequential scan of the whole schedule (1.3 s for a 50,000-plan shop's month against 4 ms).
 */
export async function firstOfDays(
  tx: TDb,
  companyId: string,
  filter: TCalendarFilter,
  range: { from: string; to: string },
  perDay: number,
): Promise<TStoredRow[]> {
  return queryRows<TStoredRow>(
    tx,
    sql`select x.* from unnest(array(select generate_series(${range.from}::timestamp, ${range.to}::timestamp,
          interval '1 day')::date)) as g(d)
        cross join lateral (
          select ${rowColumns} from maintenance_schedule s
           where s.company_id = ${companyId} and s.day = g.d${filterSql(filter)}
           order by ${calendarOrder} limit ${perDay}) x`,
  );
}

/** A page of one day's rows in the calendar's order. */
export async function pageOfDay(
  tx: TDb,
  companyId: string,
  filter: TCalendarFilter,
  day: string,
  page: { offset: number; limit: number },
): Promise<TStoredRow[]> {
  if (page.limit <= 0) return [];
  return queryRows<TStoredRow>(
    tx,
    sql`select ${rowColumns} from maintenance_schedule s
         where s.company_id = ${companyId} and s.day = ${day}::date${filterSql(filter)}
         order by ${calendarOrder} limit ${page.limit} offset ${page.offset}`,
  );
}

/** The nil uuid: the whole shop's counts, beside each person's. */
export const ALL_ASSIGNEES = '00000000-0000-0000-0000-000000000000';

/**
 * How many rows each day of the range holds by urgency: from the kept counts (the shop's or a person's), or counted
 * from the rows for one machine (a handful a day).
 */
export async function countsOf(
  tx: TDb,
  companyId: string,
  filter: TCalendarFilter,
  range: { from: string; to: string },
): Promise<Array<{ day: string; urgency: number; count: number }>> {
  if (filter.machineId)
    return queryRows(
      tx,
      sql`select s.day::text as "day", s.urgency, count(*)::int as "count" from maintenance_schedule s
           where s.company_id = ${companyId} and s.day between ${range.from}::date and ${range.to}::date${filterSql(filter)}
           group by s.day, s.urgency`,
    );
  return queryRows(
    tx,
    sql`select c.day::text as "day", c.urgency, c.count from maintenance_schedule_counts c
         where c.company_id = ${companyId} and c.assignee_key = ${filter.assigneeId ?? ALL_ASSIGNEES}
           and c.day between ${range.from}::date and ${range.to}::date and c.count > 0`,
  );
}

/** The plans, machines and open occurrences of the rows a response shows, by id. */
export async function partsOf(tx: TDb, companyId: string, rows: TStoredRow[]) {
  const planIds = [...new Set(rows.map((r) => r.planId))];
  const machineIds = [...new Set(rows.map((r) => r.machineId))];
  const occurrenceIds = [...new Set(rows.flatMap((r) => (r.occurrenceId ? [r.occurrenceId] : [])))];
  const [planRows, machineRows, occurrenceRows] = [
    planIds.length
      ? await tx
          .select(planColumns)
          .from(plans)
          .where(and(eq(plans.companyId, companyId), inArray(plans.id, planIds)))
      : [],
    machineIds.length
      ? await tx
          .select(machineColumns)
          .from(machines)
          .where(and(eq(machines.companyId, companyId), inArray(machines.id, machineIds)))
      : [],
    occurrenceIds.length
      ? await tx
          .select(occurrenceColumns)
          .from(occ)
          .where(and(eq(occ.companyId, companyId), inArray(occ.id, occurrenceIds)))
      : [],
  ];
  return {
    plans: new Map(planRows.map((p) => [p.id, p])),
    machines: new Map(machineRows.map((m) => [m.id, m])),
    occurrences: new Map(occurrenceRows.map((o) => [o.id, o])),
  };
}
