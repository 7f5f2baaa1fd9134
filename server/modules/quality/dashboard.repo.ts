// The Quality dashboard's statements (decision 074). Counts are made in the database, never rows carried into Node.
// Yield and the Pareto's failed results are summed from the day sums that each finish adds to (quality-days.*,
// decision 074 "Day sums"), by the company's days, so no inspection row is read; units are sample sizes, and the units
// that passed first time, the defects and the opportunities were counted by the finish. Scrap recorded on the floor
// (step runs and outputs) is summed per code, period and machine beside it, from its own rows.
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
  /** The same period as the company's days (YYYY-MM-DD), which the day sums are kept by. */
  firstDay: string;
  lastDay: string;
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

/** The cells of the period's days (and of the item when one is named), each with its period's first day. */
function periodCells(s: TDashboardScope, table: SQL): SQL {
  const ofItem = s.itemId ? sql`and d.item_id = ${s.itemId}` : sql``;
  const period = s.granularity === 'week' ? sql`d.day - (extract(isodow from d.day)::int - 1)` : sql`d.day`;
  return sql`select ${period} as period, d.* from ${table} d
     where d.company_id = ${s.companyId} and d.day between ${s.firstDay}::date and ${s.lastDay}::date ${ofItem}`;
}

/**
 * Yield sums in total, per period, item, step and machine, and failed results per defect code: one statement over
 * the day sums each finish adds to (quality-days.tables.ts) — a year of a busy shop is some 35,000 cells where the
 * inspections were 100,000 and their failed results 30,000 (docs/performance.md "Quality"). The grouping sets sum
 * every cell once per kind of row; a cell without a step or a machine counts in the total but not under "no step".
 */
export function yieldStatement(s: TDashboardScope): SQL {
  return sql`
    with cells as (${periodCells(s, sql`inspection_days`)})
    select case when grouping(period) = 0 then 'period' when grouping(item_id) = 0 then 'item'
                when grouping(step_id) = 0 then 'step' when grouping(machine_id) = 0 then 'machine'
                else 'total' end as kind,
           coalesce(case when grouping(period) = 0 then period::text end, item_id::text, step_id::text,
                    machine_id::text) as key,
           coalesce(sum(inspections), 0)::int as inspections, coalesce(sum(units), 0)::int as units,
           coalesce(sum(passed), 0)::int as passed, coalesce(sum(defects), 0)::int as defects,
           coalesce(sum(opportunities), 0)::bigint::text as opportunities
      from cells
     group by grouping sets ((), (period), (item_id), (step_id), (machine_id))
    having not (grouping(step_id) = 0 and step_id is null) and not (grouping(machine_id) = 0 and machine_id is null)
    union all
    select 'code', defect_code_id::text, 0, 0, 0, sum(failures)::int, '0'
      from (${periodCells(s, sql`inspection_day_defects`)}) f
     group by defect_code_id`;
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
