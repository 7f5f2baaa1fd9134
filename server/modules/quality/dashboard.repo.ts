// The Quality dashboard's statements (decision 074). Counts are made in the database, never rows carried into Node:
// the finished inspections of the period are read once and each given its day (a binary search of the days' first
// instants on the company's clock, as the production report does); their units are their sample sizes, their
// defective units and defects are stored on their rows by the finish (migration 0050), from which the units that
// passed first time, the defects and the opportunities are summed — in total, per period, item, step and machine.
// Only the Pareto reads failed results (it needs their codes), and only of inspections that have any. Scrap recorded
// on the floor (step runs and outputs) is summed per code, period and machine beside it.
import { type SQL, sql } from 'drizzle-orm';
import type { TQualityGranularity } from '#common/schemas/quality-dashboard.ts';
import type { TDb } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

export interface TDashboardScope {
  companyId: string;
  timeZone: string;
  /** The first instant of the first day and the first instant after the last (dayRangeIn). */
  from: Date;
  until: Date;
  granularity: TQualityGranularity;
  itemId?: string | undefined;
}

/** Sums of a group of inspections; `key` is the period's first day or the item, step or machine id. */
export interface TYieldRow {
  kind: 'total' | 'period' | 'item' | 'step' | 'machine' | 'code';
  key: string | null;
  inspections: number;
  units: number;
  passed: number;
  defects: number;
  /** bigint as text: units × opportunities per unit outgrows an int. */
  opportunities: string;
}

/** Scrap units (each part of a unit counted as one) per defect code, period and machine. */
export interface TScrapRow {
  defect_code_id: string | null;
  period: string;
  machine_id: string | null;
  units: number;
}

/** As the production report: memory to hash the groups, no JIT for a statement run once, no parallel workers. */
export async function tuneForReport(tx: TDb): Promise<void> {
  await tx.execute(
    sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true),
               set_config('max_parallel_workers_per_gather', '0', true)`,
  );
}

/** The days of the period with the first instant of each and of the day after the last, on the company's clock. */
function daysCte(s: TDashboardScope): SQL {
  return sql`
    first as (
      select (${s.from}::timestamptz at time zone ${s.timeZone})::date as day
    ), days as (
      select f.day as first_day,
             array_agg(((f.day + n)::timestamp at time zone ${s.timeZone}) order by n) as starts
        from first f,
             generate_series(0, (${s.until}::timestamptz at time zone ${s.timeZone})::date - f.day) n
       group by f.day
    )`;
}

/** A day's number in the period → the first day of its period (the day, or the Monday of its ISO week). */
function periodOf(s: TDashboardScope, dayNumber: SQL): SQL {
  const day = sql`(days.first_day + ${dayNumber})`;
  return s.granularity === 'week' ? sql`${day} - (extract(isodow from ${day})::int - 1)` : day;
}

const SUMS = sql`coalesce(sum(f.inspections), 0)::int as inspections, coalesce(sum(f.units), 0)::int as units,
  coalesce(sum(f.passed), 0)::int as passed, coalesce(sum(f.defects), 0)::int as defects,
  coalesce(sum(f.opportunities), 0)::bigint::text as opportunities`;

/**
 * Yield sums in total, per period, item, step and machine, and failed results per defect code: one statement. A
 * finished inspection has every unit of its sample recorded (the finish refuses otherwise), so its units are its
 * sample size, and its defective units and defects are on its row: the cells sum inspections alone. Joining each
 * inspection's failed results for these counts cost most of a year's request (docs/performance.md "Quality"). The
 * Pareto reads the failed results of the inspections with defects only, through the partial index
 * inspection_results_defect_idx (company, recorded time) where not passed.
 */
export function yieldStatement(s: TDashboardScope): SQL {
  const c = s.companyId;
  const ofItem = s.itemId ? sql`and i.item_id = ${s.itemId}` : sql``;
  return sql`
    with ${daysCte(s)},
    insp as materialized (
      select i.id, i.item_id, i.step_id, i.machine_id, i.plan_version_id, i.sample_size, i.started_at,
             coalesce(i.defective_units, 0) as defective_units, coalesce(i.defects, 0) as defects,
             ${periodOf(s, sql`width_bucket(i.finished_at, days.starts) - 1`)} as period
        from inspections i, days
       where i.company_id = ${c} and i.status <> 'open'
         and i.finished_at >= ${s.from} and i.finished_at < ${s.until} ${ofItem}
    ), fails as materialized (
      -- Results are recorded between an inspection's start and its finish.
      select r.defect_code_id
        from inspection_results r
       where r.company_id = ${c} and not r.passed
         and r.recorded_at >= (select min(started_at) from insp where defects > 0) and r.recorded_at < ${s.until}
         and r.inspection_id in (select id from insp where defects > 0)
    ), opp as (
      -- The opportunities per unit of a plan version: its checks × their readings.
      select k.version_id, sum(k.readings_per_unit) as n
        from inspection_checks k
       where k.company_id = ${c} and k.version_id in (select distinct plan_version_id from insp)
       group by k.version_id
    ), f as materialized (
      -- Cells of one period, item, step and machine (a few thousand at most), which every row below sums.
      select insp.period, insp.item_id, insp.step_id, insp.machine_id, count(*) as inspections,
             sum(insp.sample_size) as units, sum(insp.sample_size - insp.defective_units) as passed,
             sum(insp.defects) as defects, sum(insp.sample_size * coalesce(opp.n, 0)) as opportunities
        from insp
        left join opp on opp.version_id = insp.plan_version_id
       group by insp.period, insp.item_id, insp.step_id, insp.machine_id
    )
    select 'total' as kind, null as key, ${SUMS} from f
    union all select 'period', f.period::text, ${SUMS} from f group by f.period
    union all select 'item', f.item_id::text, ${SUMS} from f group by f.item_id
    union all select 'step', f.step_id::text, ${SUMS} from f where f.step_id is not null group by f.step_id
    union all select 'machine', f.machine_id::text, ${SUMS} from f where f.machine_id is not null group by f.machine_id
    union all
    select 'code', fails.defect_code_id::text, 0, 0, 0, count(*)::int, '0' from fails group by fails.defect_code_id`;
}

export async function yieldSums(tx: TDb, s: TDashboardScope): Promise<TYieldRow[]> {
  return queryRows<TYieldRow>(tx, yieldStatement(s));
}

/** Scrap of finished steps and recorded outputs in the period, of work orders building the item when one is named. */
export function scrapStatement(s: TDashboardScope): SQL {
  const c = s.companyId;
  const ofItem = s.itemId ? sql`and a.item_id = ${s.itemId}` : sql``;
  return sql`
    with ${daysCte(s)},
    scrap as (
      select r.scrap_defect_code_id as code, r.finished_at as at, st.machine_id, ceil(r.scrap_quantity) as units
        from work_order_step_runs r
        join work_orders w on w.company_id = r.company_id and w.id = r.work_order_id
        join assemblies a on a.company_id = w.company_id and a.id = w.assembly_id
        left join assembly_steps st on st.company_id = r.company_id and st.id = r.step_id
       where r.company_id = ${c} and r.scrap_quantity > 0
         and r.finished_at >= ${s.from} and r.finished_at < ${s.until} ${ofItem}
      union all
      select o.scrap_defect_code_id, o.created_at, null, ceil(o.scrap_quantity)
        from work_order_outputs o
        join work_orders w on w.company_id = o.company_id and w.id = o.work_order_id
        join assemblies a on a.company_id = w.company_id and a.id = w.assembly_id
       where o.company_id = ${c} and o.scrap_quantity > 0
         and o.created_at >= ${s.from} and o.created_at < ${s.until} ${ofItem}
    )
    select scrap.code::text as defect_code_id,
           (${periodOf(s, sql`width_bucket(scrap.at, days.starts) - 1`)})::text as period,
           scrap.machine_id::text as machine_id, sum(scrap.units)::int as units
      from scrap, days
     group by 1, 2, 3`;
}

export async function scrapSums(tx: TDb, s: TDashboardScope): Promise<TScrapRow[]> {
  return queryRows<TScrapRow>(tx, scrapStatement(s));
}

export interface TNamedRow {
  id: string;
  code: string;
  name: string;
  extra: string | null;
  position: number | null;
  item_id: string | null;
}

/** Names of the rows' items, steps (with their assembly's item), machines and defect codes, of the company only. */
export async function namesOf(
  tx: TDb,
  companyId: string,
  ids: { items: string[]; steps: string[]; machines: string[]; codes: string[] },
): Promise<{ items: TNamedRow[]; steps: TNamedRow[]; machines: TNamedRow[]; codes: TNamedRow[] }> {
  // An empty list matches nothing (array[]::uuid[] needs at least its type, which the cast gives).
  const list = (values: string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::uuid[]`;
  // One after another: the statements share the transaction's one connection.
  const items = await queryRows<TNamedRow>(
    tx,
    sql`select id::text, part_number as code, name, null as extra, null::int as position, null as item_id
            from items where company_id = ${companyId} and id = any(${list(ids.items)})`,
  );
  const steps = await queryRows<TNamedRow>(
    tx,
    sql`select st.id::text, i.part_number as code, st.title as name, null as extra, st.position,
                 i.id::text as item_id
            from assembly_steps st
            join assembly_revisions rv on rv.company_id = st.company_id and rv.id = st.revision_id
            join assemblies a on a.company_id = rv.company_id and a.id = rv.assembly_id
            join items i on i.company_id = a.company_id and i.id = a.item_id
           where st.company_id = ${companyId} and st.id = any(${list(ids.steps)})`,
  );
  const machines = await queryRows<TNamedRow>(
    tx,
    sql`select id::text, asset_tag as code, name, null as extra, null::int as position, null as item_id
            from machines where company_id = ${companyId} and id = any(${list(ids.machines)})`,
  );
  const codes = await queryRows<TNamedRow>(
    tx,
    sql`select id::text, code, name, null as extra, null::int as position, null as item_id
            from defect_codes where company_id = ${companyId} and id = any(${list(ids.codes)})`,
  );
  return { items, steps, machines, codes };
}
