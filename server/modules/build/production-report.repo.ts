// The production report's one statement (decision 052): the company's work orders completed in a period are read once
// (from work_orders_completed_idx), each given its day of the period; their figures and the minutes their steps ran
// (kept on the row, migration 0043) are summed into cells of one assembly on one day, and the cells are summed — in
// total, per period, per assembly (one page, by part number) — beside the scrap per reason, so every figure on the
// screen and in the CSV comes from one reading of the rows.
import { type SQL, sql } from 'drizzle-orm';
import type { TProductionGranularity } from '#common/schemas/production-report.ts';
import type { TDb } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { tuneForReport } from '../../db/report-settings.ts';

/** The sums of a group of work orders, formatted by the database (exact numeric, rounded as the contract says). */
export interface TFiguresRow {
  completed: number;
  on_time: number;
  late: number;
  no_due_date: number;
  on_time_percent: string | null;
  good_quantity: string;
  scrap_quantity: string;
  scrap_percent: string | null;
  actual_minutes_per_unit: string | null;
  standard_minutes_per_unit: string | null;
  planned_material_cost: string;
  actual_material_cost: string;
  material_variance: string;
  material_variance_percent: string | null;
}

export interface TPeriodRow extends TFiguresRow {
  /** The period's first day (a company day, or the Monday of a week). */
  period: string;
}

export interface TAssemblyRow extends TFiguresRow {
  assembly_id: string;
  part_number: string;
  name: string;
  unit_of_measure: string;
}

export interface TProductionSums {
  totals: TFiguresRow;
  /** Only the periods with a completed work order, in order. */
  periods: TPeriodRow[];
  /** The page's assemblies by part number. */
  assemblies: TAssemblyRow[];
  /** How many assemblies have a completed work order in the report. */
  assemblyCount: number;
  scrapReasons: Array<{ reason: string; quantity: string }>;
}

type TQueryRow = TFiguresRow & {
  kind: 'total' | 'period' | 'assembly' | 'reason';
  /** The period's first day, the assembly's id or the scrap reason. */
  key: string | null;
  /** The assembly's place on the page (a union keeps no order). */
  position: number | null;
  part_number: string | null;
  name: string | null;
  unit_of_measure: string | null;
  assembly_count: number | null;
  reason_quantity: string | null;
};

/**
 * The figures of a group of cells as the contract writes them (exact numeric, rounded as the contract says); `f` is
 * the alias of the grouped cells, each already the sums of one assembly's work orders on one day.
 */
const FIGURES = sql`
  coalesce(sum(f.completed), 0)::int as completed,
  coalesce(sum(f.on_time), 0)::int as on_time,
  coalesce(sum(f.late), 0)::int as late,
  coalesce(sum(f.no_due), 0)::int as no_due_date,
  round(100.0 * sum(f.on_time) / nullif(sum(f.on_time) + sum(f.late), 0), 1)::text as on_time_percent,
  coalesce(sum(f.good), 0)::text as good_quantity,
  coalesce(sum(f.scrap), 0)::text as scrap_quantity,
  round(100 * sum(f.scrap) / nullif(sum(f.good) + sum(f.scrap), 0), 1)::text as scrap_percent,
  round(sum(f.actual) / nullif(sum(f.good) + sum(f.scrap), 0), 2)::text as actual_minutes_per_unit,
  round(sum(f.standard) / nullif(sum(f.good) + sum(f.scrap), 0), 2)::text as standard_minutes_per_unit,
  coalesce(sum(f.planned), 0)::text as planned_material_cost,
  coalesce(sum(f.material), 0)::text as actual_material_cost,
  coalesce(sum(f.material) - sum(f.planned), 0)::text as material_variance,
  round(100 * (sum(f.material) - sum(f.planned)) / nullif(sum(f.planned), 0), 1)::text as material_variance_percent`;

/** The same columns for rows that are not figures (a scrap reason), so the union's rows have one shape. */
const NO_FIGURES = sql`
  null::int as completed, null::int as on_time, null::int as late, null::int as no_due_date,
  null::text as on_time_percent, null::text as good_quantity, null::text as scrap_quantity, null::text as scrap_percent,
  null::text as actual_minutes_per_unit, null::text as standard_minutes_per_unit,
  null::text as planned_material_cost, null::text as actual_material_cost, null::text as material_variance,
  null::text as material_variance_percent`;

export interface TSumsQuery {
  companyId: string;
  /** The company's IANA zone: a work order's day is its completion's date there. */
  timeZone: string;
  /** The first instant of the first day and the first instant after the last (dayRangeIn). */
  from: Date;
  until: Date;
  granularity: TProductionGranularity;
  assemblyId?: string | undefined;
  limit: number;
  offset: number;
}

/** The sums of the report: one statement, after the transaction's planner settings. */
export async function productionSums(tx: TDb, query: TSumsQuery): Promise<TProductionSums> {
  await tuneForReport(tx);
  return shape(await queryRows<TQueryRow>(tx, sumsStatement(query)));
}

/** The statement itself (the benchmark explains it). */
export function sumsStatement(query: TSumsQuery): SQL {
  const c = query.companyId;
  const zone = query.timeZone;
  const ofAssembly: SQL = query.assemblyId ? sql`and w.assembly_id = ${query.assemblyId}` : sql``;
  // ISO weeks start on Monday: a date less (its ISO weekday − 1) days, plain date arithmetic with no zone in it.
  const period: SQL =
    query.granularity === 'week'
      ? sql`(days.first_day + c.day) - (extract(isodow from days.first_day + c.day)::int - 1)`
      : sql`days.first_day + c.day`;
  // The work orders are read once. Each is given its day's number in the period by a binary search of the days'
  // first instants (width_bucket), which are worked out once per day by the zone's rules rather than converting every
  // row's instant: a fifth of the cost. Their figures — the minutes their steps ran included, which the database keeps
  // on the work order's row (migration 0043) — are summed per assembly, revision and day (a few thousand cells at
  // most), and every total, period and assembly row is summed from those cells.
  return sql`
    with first as (
      select (${query.from}::timestamptz at time zone ${zone})::date as day
    ), days as (
      -- The first instant of each day of the period and of the day after it, on the company's clock.
      select f.day as first_day, array_agg(((f.day + n)::timestamp at time zone ${zone}) order by n) as starts
        from first f,
             generate_series(0, (${query.until}::timestamptz at time zone ${zone})::date - f.day) n
       group by f.day
    ), wo as materialized (
      select w.id, w.assembly_id, w.revision_id, w.due_on - days.first_day as due_day,
             w.due_on is null as no_due, w.good_quantity as good, w.scrap_quantity as scrap,
             w.actual_minutes as actual, w.planned_material_cost as planned, w.material_cost as material,
             width_bucket(w.completed_at, days.starts) - 1 as day
        from work_orders w, days
       where w.company_id = ${c} and w.status = 'completed'
         and w.completed_at >= ${query.from} and w.completed_at < ${query.until}
         ${ofAssembly}
    ), orders as (
      -- On time: the company's day of completion is on or before the due date (its end on the company's clock).
      select wo.assembly_id, wo.revision_id, wo.day,
             count(*) as completed,
             count(*) filter (where wo.due_day >= wo.day) as on_time,
             count(*) filter (where wo.due_day < wo.day) as late,
             count(*) filter (where wo.no_due) as no_due,
             sum(wo.good) as good, sum(wo.scrap) as scrap, sum(wo.actual) as actual,
             sum(wo.planned) as planned, sum(wo.material) as material
        from wo
       group by wo.assembly_id, wo.revision_id, wo.day
    ), standard as (
      select s.revision_id, sum(s.setup_minutes) as setup, sum(s.run_minutes) as run
        from assembly_steps s
       where s.company_id = ${c} and s.revision_id in (select revision_id from orders)
       group by s.revision_id
    ), cells as (
      select o.assembly_id, o.day, sum(o.completed) as completed, sum(o.on_time) as on_time, sum(o.late) as late,
             sum(o.no_due) as no_due, sum(o.good) as good, sum(o.scrap) as scrap, sum(o.actual) as actual,
             sum(o.planned) as planned, sum(o.material) as material,
             sum(coalesce(st.setup, 0) * o.completed + coalesce(st.run, 0) * (o.good + o.scrap)) as standard
        from orders o
        left join standard st on st.revision_id = o.revision_id
       group by o.assembly_id, o.day
    ), facts as materialized (
      select c.assembly_id, ${period} as period, c.completed, c.on_time, c.late, c.no_due, c.good, c.scrap,
             c.standard, c.actual, c.planned, c.material
        from cells c
        cross join days
    ), by_assembly as (
      select f.assembly_id, ${FIGURES} from facts f group by f.assembly_id
    ), assembly_page as (
      select b.*, i.part_number, i.name, i.unit_of_measure,
             (row_number() over (order by i.part_number, b.assembly_id))::int as position
        from by_assembly b
        join assemblies a on a.company_id = ${c} and a.id = b.assembly_id
        join items i on i.company_id = ${c} and i.id = a.item_id
       order by i.part_number, b.assembly_id
       limit ${query.limit} offset ${query.offset}
    )
    select 'total' as kind, null as key, null::int as position, null as part_number, null as name,
           null as unit_of_measure, (select count(*)::int from by_assembly) as assembly_count,
           null as reason_quantity, ${FIGURES}
      from facts f
    union all
    select 'period', f.period::text, null, null, null, null, null, null, ${FIGURES}
      from facts f group by f.period
    union all
    select 'assembly', p.assembly_id::text, p.position, p.part_number, p.name, p.unit_of_measure, null, null,
           p.completed, p.on_time, p.late, p.no_due_date, p.on_time_percent, p.good_quantity, p.scrap_quantity,
           p.scrap_percent, p.actual_minutes_per_unit, p.standard_minutes_per_unit, p.planned_material_cost,
           p.actual_material_cost, p.material_variance, p.material_variance_percent
      from assembly_page p
    union all
    -- Scrap under a defect code counts under the code, whatever its note says (decision 076: one Pareto); scrap
    -- without one, as it was written.
    select 'reason', coalesce(d.code || ' — ' || d.name, o.scrap_reason), null, null, null, null, null,
           sum(o.scrap_quantity)::text, ${NO_FIGURES}
      from work_order_outputs o
      -- Joined on the report's own range rather than 'in (select id from wo)': the planner took the CTE for 200
      -- rows and looked up each work order's outputs apart, 270 of 450 ms for a year (bench:build, 2026-11-27).
      join work_orders w on w.company_id = o.company_id and w.id = o.work_order_id
      left join defect_codes d on d.company_id = o.company_id and d.id = o.scrap_defect_code_id
     where o.company_id = ${c} and o.scrap_quantity > 0
       and w.status = 'completed' and w.completed_at >= ${query.from} and w.completed_at < ${query.until}
       ${ofAssembly}
     group by coalesce(d.code || ' — ' || d.name, o.scrap_reason)`;
}

function shape(rows: TQueryRow[]): TProductionSums {
  const total = rows.find((r) => r.kind === 'total') as TQueryRow; // one row, whatever else there is
  const of = (kind: TQueryRow['kind']) => rows.filter((r) => r.kind === kind);
  return {
    totals: total,
    assemblyCount: total.assembly_count ?? 0,
    // Periods are YYYY-MM-DD, so text order is time order; a union keeps no order of its own.
    periods: of('period')
      .map((r) => ({ ...r, period: r.key as string }))
      .sort((a, b) => (a.period < b.period ? -1 : 1)),
    // The page's assemblies in the database's part-number order (its collation, not JavaScript's).
    assemblies: of('assembly')
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
      .map((r) => ({
        ...r,
        assembly_id: r.key as string,
        part_number: r.part_number as string,
        name: r.name as string,
        unit_of_measure: r.unit_of_measure as string,
      })),
    scrapReasons: of('reason').map((r) => ({ reason: r.key ?? '', quantity: r.reason_quantity as string })),
  };
}
