// Queries of the maintenance logs, inside a tenant transaction, company_id in every where and join (decision 033):
// the entries (completed PMs and resolved breakdowns as one list) and what the figures are worked out from — each
// machine's status before the period and its changes in it, the breakdowns touching the period, the PMs due or done.
import { type SQL, sql } from 'drizzle-orm';
import type { TLogKind } from '#common/schemas/maintenance-logs.ts';
import { queryRows, type TDb } from '../../db/client.ts';

export interface TLogScope {
  companyId: string;
  /** Company days, inclusive. */
  from: string;
  to: string;
  /** Instants: the first moment of `from`, the first moment after `to`. */
  start: string;
  end: string;
  machineId?: string | undefined;
}

export interface TLogEntryRow {
  kind: TLogKind;
  id: string;
  machine_id: string;
  machine_name: string;
  asset_tag: string;
  title: string;
  done_on: string | null;
  done_at: Date | string;
  done_by: string | null;
  minutes: number | null;
  on_time: boolean | null;
  reported_at: Date | string | null;
  cause: string;
  action: string;
  parts: number | string;
  /** A PM's checklist tasks left unticked, in the plan's order; none for a repair. */
  skipped_tasks: string[] | null;
}

const machineFilter = (column: SQL, machineId: string | undefined) =>
  machineId ? sql` and ${column} = ${machineId}` : sql``;

/** The two halves of the entries, PMs and repairs, filtered alike. */
function entriesSql(scope: TLogScope, kind: TLogKind | undefined): SQL {
  const pm = sql`
    select 'pm' as kind, o.id, m.id as machine_id, m.name as machine_name, m.asset_tag, p.title,
           o.completed_on::text as done_on, o.completed_at as done_at, o.completed_by as done_by,
           o.minutes_spent as minutes, o.on_time, null::timestamptz as reported_at, '' as cause, o.notes as action,
           (select count(*) from maintenance_parts mp
             where mp.company_id = o.company_id and mp.occurrence_id = o.id) as parts,
           (select jsonb_agg(t.task->>'text' order by t.n)
              from jsonb_array_elements(coalesce(o.checklist_results, '[]'::jsonb)) with ordinality as t(task, n)
             where (t.task->>'done')::boolean is not true) as skipped_tasks
      from maintenance_occurrences o
      join maintenance_plans p on p.company_id = o.company_id and p.id = o.plan_id
      join machines m on m.company_id = o.company_id and m.id = o.machine_id
     where o.company_id = ${scope.companyId} and o.status = 'completed'
       and o.completed_on between ${scope.from}::date and ${scope.to}::date
       ${machineFilter(sql`o.machine_id`, scope.machineId)}`;
  const repair = sql`
    select 'repair' as kind, b.id, m.id as machine_id, m.name as machine_name, m.asset_tag,
           '#' || b.number || ' ' || b.problem as title,
           null::text as done_on, b.resolved_at as done_at, b.resolved_by as done_by,
           b.repair_minutes as minutes, null::boolean as on_time, b.reported_at, b.cause, b.action,
           (select count(*) from maintenance_parts mp
             where mp.company_id = b.company_id and mp.breakdown_id = b.id) as parts,
           null::jsonb as skipped_tasks
      from breakdowns b
      join machines m on m.company_id = b.company_id and m.id = b.machine_id
     where b.company_id = ${scope.companyId} and b.status = 'resolved'
       and b.resolved_at >= ${scope.start}::timestamptz and b.resolved_at < ${scope.end}::timestamptz
       ${machineFilter(sql`b.machine_id`, scope.machineId)}`;
  if (kind === 'pm') return pm;
  if (kind === 'repair') return repair;
  return sql`${pm} union all ${repair}`;
}

/** A page of entries, newest first, and how many there are in all. */
export async function listEntries(
  tx: TDb,
  scope: TLogScope,
  kind: TLogKind | undefined,
  page: { limit: number; offset: number } | null,
): Promise<{ rows: TLogEntryRow[]; total: number }> {
  const body = entriesSql(scope, kind);
  const paging = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``;
  const rows = await queryRows<TLogEntryRow>(
    tx,
    sql`select * from (${body}) e order by e.done_at desc, e.id desc${paging}`,
  );
  if (!page) return { rows, total: rows.length };
  const [counted] = await queryRows<{ n: number | string }>(tx, sql`select count(*) as n from (${body}) e`);
  return { rows, total: Number(counted?.n ?? 0) };
}

export interface TMachineRef {
  id: string;
  name: string;
  asset_tag: string;
  created_at: Date | string;
}

/** The report's machines by name: a page of them, or all (for the totals and the chart) when `page` is null. */
export async function reportMachines(
  tx: TDb,
  scope: TLogScope,
  page: { limit: number; offset: number } | null,
): Promise<{ rows: TMachineRef[]; total: number }> {
  const where = sql`m.company_id = ${scope.companyId}${machineFilter(sql`m.id`, scope.machineId)}`;
  const paging = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``;
  const rows = await queryRows<TMachineRef>(
    tx,
    sql`select m.id, m.name, m.asset_tag, m.created_at from machines m where ${where}
        order by lower(m.name), lower(m.asset_tag), m.id${paging}`,
  );
  if (!page) return { rows, total: rows.length };
  const [counted] = await queryRows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from machines m where ${where}`,
  );
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Each machine's status as the period begins (its last change before), and every change inside the period. */
export async function statusHistory(
  tx: TDb,
  scope: TLogScope,
): Promise<{ machine_id: string; at: Date | string; to_status: string }[]> {
  const filter = machineFilter(sql`e.machine_id`, scope.machineId);
  return queryRows(
    tx,
    sql`select * from (
          select distinct on (e.machine_id) e.machine_id, e.at, e.to_status
            from machine_status_events e
           where e.company_id = ${scope.companyId} and e.at < ${scope.start}::timestamptz${filter}
           order by e.machine_id, e.at desc, e.id desc) before_start
        union all
        select e.machine_id, e.at, e.to_status
          from machine_status_events e
         where e.company_id = ${scope.companyId}
           and e.at >= ${scope.start}::timestamptz and e.at < ${scope.end}::timestamptz${filter}
        order by 1, 2`,
  );
}

/** Breakdowns reported in the period (failures) or resolved in it (repairs). */
export async function breakdownsTouching(
  tx: TDb,
  scope: TLogScope,
): Promise<
  {
    machine_id: string;
    reported_at: Date | string;
    resolved_at: Date | string | null;
    repair_minutes: number | null;
  }[]
> {
  return queryRows(
    tx,
    sql`select b.machine_id, b.reported_at, b.resolved_at, b.repair_minutes
          from breakdowns b
         where b.company_id = ${scope.companyId}
           and ((b.reported_at >= ${scope.start}::timestamptz and b.reported_at < ${scope.end}::timestamptz)
             or (b.resolved_at >= ${scope.start}::timestamptz and b.resolved_at < ${scope.end}::timestamptz))
           ${machineFilter(sql`b.machine_id`, scope.machineId)}`,
  );
}

/** PM occurrences due in the period (for compliance) or completed in it, with their plan's grace days. */
export async function occurrencesTouching(
  tx: TDb,
  scope: TLogScope,
): Promise<
  {
    machine_id: string;
    status: string;
    due_on: string | null;
    completed_on: string | null;
    grace_days: number;
  }[]
> {
  return queryRows(
    tx,
    sql`select o.machine_id, o.status, o.due_on::text as due_on, o.completed_on::text as completed_on, p.grace_days
          from maintenance_occurrences o
          join maintenance_plans p on p.company_id = o.company_id and p.id = o.plan_id
         where o.company_id = ${scope.companyId}
           and ((o.due_on between ${scope.from}::date and ${scope.to}::date)
             or (o.completed_on between ${scope.from}::date and ${scope.to}::date))
           ${machineFilter(sql`o.machine_id`, scope.machineId)}`,
  );
}
