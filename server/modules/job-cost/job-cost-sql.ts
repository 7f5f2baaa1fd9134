// What is charged to a job (decision 084), as SQL the report's statements share, so the list, a job's page, its chart
// and its drill-down count the same rows:
//   - labor: each ended time entry that started in the period, at its own cost (rate × hours, fixed when it ended or
//     when an admin back-dated a rate; never re-priced here);
//   - material issued: the ledger lines of postings naming the job (an issue), at each line's unit cost;
//   - material consumed: the ledger lines of the 'build-consume' postings of the job's work orders (a work order's
//     job is its own column, decision 079: a work order moved to another job takes its consumption along);
//   - maintenance parts: the lines of 'maintenance-issue' postings naming the job (a repair or PM charged to it,
//     decision 085);
//   - a reversal is charged as the posting it reverses, on its own date: its lines carry the opposite sign, so a
//     return to stock reduces the job's cost.
// The report's list reads the same rules from the day sums the database keeps (job_cost_days, migration 0059); a job's
// page and its drill-down read the rows themselves through these statements, so both must say the same.
// A line charges the job −quantity × unit cost: the ledger takes stock out with a negative quantity.
// Each charge (an entry's cost, a line's cost) counts rounded to the cent, as the triggers sum it (migration 0069):
// every figure is then a sum of the same cents, so a job's figure and the drill-down's rows under it foot (decision
// 084, "Rounding").
import { type SQL, sql } from 'drizzle-orm';

export interface TChargeScope {
  companyId: string;
  /** The period's first instant; null: from the beginning. */
  from: Date | null;
  /** The first instant after the period. */
  until: Date;
  /** One job's charges only. */
  jobId?: string | undefined;
}

const since = (column: SQL, from: Date | null) => (from ? sql`and ${column} >= ${from}` : sql``);

/**
 * The ended entries of the scope: id, job_id, user_id, step_run_id, started_at, ended_at, seconds, rate, cost (to
 * the cent).
 */
export function laborEntries(s: TChargeScope): SQL {
  return sql`
    select e.id, e.job_id, e.user_id, e.step_run_id, e.started_at, e.ended_at, e.rate, round(e.cost, 2) as cost,
           e.activity,
           e.source, extract(epoch from e.ended_at - e.started_at) as seconds
      from time_entries e
     where e.company_id = ${s.companyId} and e.ended_at is not null
       ${since(sql`e.started_at`, s.from)} and e.started_at < ${s.until}
       ${s.jobId ? sql`and e.job_id = ${s.jobId}` : sql``}`;
}

/**
 * The postings of the scope charged to a job: id, posted_at, kind, reference, job_id, work_order_id (a
 * consumption's) and category ('issued' | 'consumed' | 'maintenance').
 */
export function chargedPostings(s: TChargeScope): SQL {
  return s.jobId ? jobPostings(s, s.jobId) : companyPostings(s);
}

const CATEGORY = (originKind: SQL) => sql`
  case ${originKind} when 'maintenance-issue' then 'maintenance' when 'build-consume' then 'consumed'
       else 'issued' end`;

/**
 * One job's postings, each found by an index rather than by reading the period's postings (bench:time: 27 s for a
 * job's lines on PGlite when every consumption of the year was read): its own (stock_transactions_job_idx), its work
 * orders' consumptions (work_orders_job_idx, then work_order_consumptions_work_order_idx) and the reversals of either.
 */
function jobPostings(s: TChargeScope, jobId: string): SQL {
  const c = s.companyId;
  const within = (t: SQL) => sql`${since(sql`${t}.posted_at`, s.from)} and ${t}.posted_at < ${s.until}`;
  // One posting consumes for one work order, in as many rows as it has lines.
  const consumed = sql`
    select distinct c.transaction_id, c.work_order_id
      from work_orders w
      join work_order_consumptions c on c.company_id = w.company_id and c.work_order_id = w.id
     where w.company_id = ${c} and w.job_id = ${jobId}`;
  return sql`
    select t.id, t.posted_at, t.kind, t.reference, t.job_id, null::uuid as work_order_id,
           ${CATEGORY(sql`t.kind`)} as category
      from stock_transactions t
     where t.company_id = ${c} and t.job_id = ${jobId} and t.kind not in ('build-consume', 'reversal')
       ${within(sql`t`)}
    union all
    select t.id, t.posted_at, t.kind, t.reference, ${jobId}::uuid, wc.work_order_id, 'consumed'
      from (${consumed}) wc
      join stock_transactions t on t.company_id = ${c} and t.id = wc.transaction_id
     where true ${within(sql`t`)}
    union all
    select r.id, r.posted_at, r.kind, r.reference, ${jobId}::uuid, wc.work_order_id, ${CATEGORY(sql`o.kind`)}
      from stock_transactions r
      join stock_transactions o on o.company_id = r.company_id and o.id = r.reverses_id
      left join (${consumed}) wc on o.kind = 'build-consume' and wc.transaction_id = o.id
     where r.company_id = ${c} and r.kind = 'reversal' ${within(sql`r`)}
       and ((o.kind <> 'build-consume' and o.job_id = ${jobId}) or wc.transaction_id is not null)`;
}

/** Every posting of the period charged to a job (the rules of migration 0059's triggers, read from the rows). */
function companyPostings(s: TChargeScope): SQL {
  const c = s.companyId;
  const consumed = sql`
    select distinct c.transaction_id, c.work_order_id, w.job_id
      from work_order_consumptions c
      join work_orders w on w.company_id = c.company_id and w.id = c.work_order_id
     where c.company_id = ${c} and w.job_id is not null`;
  return sql`
    select p.id, p.posted_at, p.kind, p.reference,
           case when p.origin_kind = 'build-consume' then wc.job_id else p.job_id end as job_id,
           wc.work_order_id, ${CATEGORY(sql`p.origin_kind`)} as category
      from (select t.id, t.posted_at, t.kind, t.reference, coalesce(o.job_id, t.job_id) as job_id,
                   coalesce(o.kind, t.kind) as origin_kind, coalesce(o.id, t.id) as origin_id
              from stock_transactions t
              left join stock_transactions o
                on t.kind = 'reversal' and o.company_id = t.company_id and o.id = t.reverses_id
             where t.company_id = ${c} ${since(sql`t.posted_at`, s.from)} and t.posted_at < ${s.until}
               and (t.job_id is not null or t.kind in ('build-consume', 'reversal'))) p
      -- A consumption's job is its work order's (decision 079), whatever its posting names.
      left join (${consumed}) wc on p.origin_kind = 'build-consume' and wc.transaction_id = p.origin_id
     where (case when p.origin_kind = 'build-consume' then wc.job_id else p.job_id end) is not null`;
}

/** The ledger lines of the charged postings: the posting's columns, the line's, and `cost` it charges the job (to the
 * cent). */
export function chargedLines(s: TChargeScope): SQL {
  return sql`
    select p.*, l.id as line_id, l.line_no, l.item_id, l.quantity_delta, l.unit_cost,
           round(-(l.quantity_delta * l.unit_cost), 2) as cost
      from (${chargedPostings(s)}) p
      join stock_ledger l on l.company_id = ${s.companyId} and l.transaction_id = p.id`;
}

/**
 * Every charge of the scope as (job_id, at, category, seconds, cost): labor rows and ledger lines in one shape, for
 * the sums per job and per period.
 */
export function charges(s: TChargeScope): SQL {
  return sql`
    select le.job_id, le.started_at as at, 'labor' as category, le.seconds, le.cost from (${laborEntries(s)}) le
    union all
    select cl.job_id, cl.posted_at, cl.category, 0, cl.cost from (${chargedLines(s)}) cl`;
}

/**
 * Sums of charges per `group` as numeric columns seconds, labor, issued, consumed, maintenance, total (exact); `ch`
 * is the alias of the charges.
 */
export const SUMS = sql`
  coalesce(sum(ch.seconds), 0) as seconds,
  coalesce(sum(ch.cost) filter (where ch.category = 'labor'), 0) as labor,
  coalesce(sum(ch.cost) filter (where ch.category = 'issued'), 0) as issued,
  coalesce(sum(ch.cost) filter (where ch.category = 'consumed'), 0) as consumed,
  coalesce(sum(ch.cost) filter (where ch.category = 'maintenance'), 0) as maintenance,
  coalesce(sum(ch.cost), 0) as total`;

/**
 * The figures of `s` (hours, labor, issued, consumed, maintenance, total, budget_hours, budget_cost) as the contract
 * writes them. `s` holds them already rounded — hours to two decimals, money to the cent (halves away from zero), the
 * total the sum of the rounded parts — so the figures foot as shown, and variance, percent used and "over budget" are
 * worked out from the figures shown beside them (decision 084, "Rounding"); `round` here only writes the text.
 */
export const FIGURES = sql`
  round(s.hours, 2)::text as labor_hours,
  round(s.labor, 2)::text as labor_cost,
  round(s.issued, 2)::text as material_issued,
  round(s.consumed, 2)::text as material_consumed,
  round(s.maintenance, 2)::text as maintenance_parts,
  round(s.total, 2)::text as total_cost,
  round(s.budget_hours, 2)::text as budget_hours,
  round(s.budget_cost, 2)::text as budget_cost,
  round(s.hours - s.budget_hours, 2)::text as hours_variance,
  round(100 * s.hours / nullif(s.budget_hours, 0), 1)::text as hours_percent_used,
  round(s.total - s.budget_cost, 2)::text as cost_variance,
  round(100 * s.total / nullif(s.budget_cost, 0), 1)::text as cost_percent_used,
  (coalesce(s.hours > s.budget_hours, false) or coalesce(s.total > s.budget_cost, false)) as over_budget`;

export interface TFiguresRow {
  labor_hours: string;
  labor_cost: string;
  material_issued: string;
  material_consumed: string;
  maintenance_parts: string;
  total_cost: string;
  budget_hours: string | null;
  budget_cost: string | null;
  hours_variance: string | null;
  hours_percent_used: string | null;
  cost_variance: string | null;
  cost_percent_used: string | null;
  over_budget: boolean;
}
