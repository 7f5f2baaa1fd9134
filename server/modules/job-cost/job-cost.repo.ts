// The job cost report's statements (decision 084): the list — every job charged in the period and every job not
// closed, one page of them in the chosen order, and the totals over all of them, in one reading of the day sums — and
// one job's figures with its chart (the cost per day or ISO week of the company, and what came before the period).
import { type SQL, sql } from 'drizzle-orm';
import type { TJobCostGranularity, TJobCostSort } from '#common/schemas/job-cost.ts';
import type { TJobStatus } from '#common/schemas/jobs.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import { tuneForReport } from '../../db/report-settings.ts';
import { charges, FIGURES, SUMS, type TChargeScope, type TFiguresRow } from './job-cost-sql.ts';

export interface TJobRow extends TFiguresRow {
  job_id: string;
  number: number;
  name: string;
  customer: string;
  status: TJobStatus;
}

/** What each sort orders by: the figures as shown (rounded), so the order never disagrees with the screen. */
const SORT_BY: Record<TJobCostSort, SQL> = {
  number: sql`s.number`,
  name: sql`lower(s.name)`,
  laborHours: sql`s.hours`,
  laborCost: sql`s.labor`,
  material: sql`s.issued + s.consumed`,
  maintenance: sql`s.maintenance`,
  total: sql`s.total`,
  variance: sql`s.total - s.budget_cost`,
  percentUsed: sql`s.total / nullif(s.budget_cost, 0)`,
};

/**
 * The jobs' figures in the scope, each rounded once to the cent (hours to two decimals) from its exact sum, and the
 * total the sum of the rounded parts (decision 084, "Rounding"): jobs charged in it and every job not closed (its
 * budget still runs); or one.
 */
function jobSums(scope: TChargeScope & { days?: { from: string; to: string } }): SQL {
  // The list sums the day sums the database keeps (a few cells per job and day); one job reads its own rows.
  const perJob = scope.days
    ? sql`select ch.job_id, ${SUMS} from job_cost_days ch
           where ch.company_id = ${scope.companyId} and ch.day between ${scope.days.from} and ${scope.days.to}
           group by ch.job_id`
    : sql`select ch.job_id, ${SUMS} from (${charges(scope)}) ch group by ch.job_id`;
  return sql`
    with per_job as (${perJob})
    select r.*, r.labor + r.issued + r.consumed + r.maintenance as total
      from (select j.id, j.number, j.name, j.customer, j.status, round(j.budget_hours, 2) as budget_hours,
                   round(j.budget_cost, 2) as budget_cost, round(coalesce(p.seconds, 0) / 3600, 2) as hours,
                   round(coalesce(p.labor, 0), 2) as labor, round(coalesce(p.issued, 0), 2) as issued,
                   round(coalesce(p.consumed, 0), 2) as consumed, round(coalesce(p.maintenance, 0), 2) as maintenance
              from jobs j
              left join per_job p on p.job_id = j.id
             where j.company_id = ${scope.companyId}
               -- One job is read whatever its status; the list leaves out closed jobs with nothing in the period.
               and ${scope.jobId ? sql`j.id = ${scope.jobId}` : sql`(j.status <> 'closed' or p.job_id is not null)`}) r`;
}

export interface TListQuery extends TChargeScope {
  /** The period's first and last company days (the day sums' keys). */
  days: { from: string; to: string };
  sort: TJobCostSort;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One page of jobs in order, the totals over every job, and how many jobs there are. */
export async function jobCostList(
  tx: TDb,
  q: TListQuery,
): Promise<{ jobs: TJobRow[]; totals: TFiguresRow; count: number }> {
  await tuneForReport(tx);
  const direction = q.direction === 'asc' ? sql`asc` : sql`desc`;
  type TRow = TJobRow & { kind: 'job' | 'total'; position: number | null; job_count: number | null };
  const rows = await queryRows<TRow>(
    tx,
    sql`
    with sums as materialized (${jobSums(q)}),
    page as (
      select s.*, (row_number() over (order by ${SORT_BY[q.sort]} ${direction} nulls last, s.number desc))::int
             as position
        from sums s
       order by position
       limit ${q.limit} offset ${q.offset}
    )
    select 'job' as kind, s.id::text as job_id, s.number, s.name, s.customer, s.status, s.position,
           null::int as job_count, ${FIGURES}
      from page s
    union all
    select 'total', null, null, null, null, null, null, s.job_count, ${FIGURES}
      -- The totals add the rows as shown (their rounded figures), so the screen's columns foot to the cent.
      from (select count(*)::int as job_count, coalesce(sum(hours), 0) as hours, coalesce(sum(labor), 0) as labor,
                   coalesce(sum(issued), 0) as issued, coalesce(sum(consumed), 0) as consumed,
                   coalesce(sum(maintenance), 0) as maintenance, coalesce(sum(total), 0) as total,
                   sum(budget_hours) as budget_hours, sum(budget_cost) as budget_cost
              from sums) s`,
  );
  const total = rows.find((r) => r.kind === 'total') as TRow;
  return {
    // A union keeps no order: the page's own.
    jobs: rows.filter((r) => r.kind === 'job').sort((a, b) => (a.position ?? 0) - (b.position ?? 0)),
    totals: total,
    count: total.job_count ?? 0,
  };
}

/** One job's figures in the scope (null: no such job in the company). */
export async function jobCostOf(tx: TDb, scope: TChargeScope & { jobId: string }): Promise<TJobRow | null> {
  const [row] = await queryRows<TJobRow>(
    tx,
    sql`
    select s.id::text as job_id, s.number, s.name, s.customer, s.status, ${FIGURES}
      from (${jobSums(scope)}) s`,
  );
  return row ?? null;
}

/** The job's cost per period of the scope (keyed by the period's first day), and its cost before the scope. */
export async function jobCostSeries(
  tx: TDb,
  scope: TChargeScope & { jobId: string; from: Date; timeZone: string; granularity: TJobCostGranularity },
): Promise<{ before: string; periods: Array<{ period: string; cost: string }> }> {
  const day = sql`(ch.at at time zone ${scope.timeZone})::date`;
  const period = scope.granularity === 'week' ? sql`${day} - (extract(isodow from ${day})::int - 1)` : day;
  const rows = await queryRows<{ period: string | null; cost: string }>(
    tx,
    sql`
    select case when ch.at < ${scope.from} then null else (${period})::text end as period,
           round(sum(ch.cost), 4)::text as cost
      from (${charges({ ...scope, from: null })}) ch
     group by 1`,
  );
  return {
    before: rows.find((r) => r.period === null)?.cost ?? '0',
    periods: rows.flatMap((r) => (r.period === null ? [] : [{ period: r.period, cost: r.cost }])),
  };
}
