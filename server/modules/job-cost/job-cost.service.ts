// The job cost report (decision 084): the period's days are the company's (decision 040) — its zone turns the first
// and last day into instants — and every figure comes from the database's exact numeric sums, rounded there.

import { fromScaled, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import {
  JOB_COST_MESSAGES,
  type TJobCostFigures,
  type TJobCostFilter,
  type TJobCostJob,
  type TJobCostJobQuery,
  type TJobCostQuery,
  type TJobCostReport,
  type TJobCostRow,
} from '#common/schemas/job-cost.ts';
import { dayRangeIn } from '#common/time/calendar.ts';
import { periodsOf } from '#common/time/report-periods.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import { findJob } from '../jobs/jobs.repo.ts';
import * as repo from './job-cost.repo.ts';
import type { TFiguresRow } from './job-cost-sql.ts';

export function figuresOf(r: TFiguresRow): TJobCostFigures {
  return {
    laborHours: r.labor_hours,
    laborCost: r.labor_cost,
    materialIssued: r.material_issued,
    materialConsumed: r.material_consumed,
    maintenanceParts: r.maintenance_parts,
    totalCost: r.total_cost,
    budgetHours: r.budget_hours,
    budgetCost: r.budget_cost,
    hoursVariance: r.hours_variance,
    hoursPercentUsed: r.hours_percent_used,
    costVariance: r.cost_variance,
    costPercentUsed: r.cost_percent_used,
    overBudget: r.over_budget,
  };
}

export function rowOf(r: repo.TJobRow): TJobCostRow {
  return {
    jobId: r.job_id,
    number: r.number,
    name: r.name,
    customer: r.customer,
    status: r.status,
    ...figuresOf(r),
  };
}

/** The period's instants on the company's clock: the first day's first instant, the instant after the last day. */
export async function periodScope(tx: TDb, companyId: string, period: { from: string; to: string }) {
  const timeZone = await companyTimeZone(tx, companyId);
  return {
    companyId,
    timeZone,
    from: new Date(dayRangeIn(period.from, timeZone).from),
    until: new Date(dayRangeIn(period.to, timeZone).to),
  };
}

/** The job of a drill-down route, or a 404. */
export async function assertJob(tx: TDb, companyId: string, jobId: string) {
  if (!(await findJob(tx, companyId, jobId))) throw new AppError('NOT_FOUND', JOB_COST_MESSAGES.jobNotFound);
}

/** The report's rows (`limit` from `offset`) and totals; in the caller's tenant transaction. */
export async function readJobCostList(
  tx: TDb,
  tenant: TTenant,
  filter: TJobCostFilter,
  page: { limit: number; offset: number },
) {
  const scope = await periodScope(tx, tenant.companyId, filter);
  const list = await repo.jobCostList(tx, {
    ...scope,
    ...page,
    days: { from: filter.from, to: filter.to },
    sort: filter.sort,
    direction: filter.direction,
  });
  return {
    timeZone: scope.timeZone,
    rows: list.jobs.map(rowOf),
    totals: figuresOf(list.totals),
    count: list.count,
  };
}

/** GET /api/v1/job-cost-report */
export async function jobCostReport(tenant: TTenant, query: TJobCostQuery): Promise<TJobCostReport> {
  return tenant.run(async (tx) => {
    const list = await readJobCostList(tx, tenant, query, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      from: query.from,
      to: query.to,
      timeZone: list.timeZone,
      totals: list.totals,
      items: list.rows,
      total: list.count,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

const MONEY = 4;

/** GET /api/v1/job-cost-report/jobs/:jobId: the job's figures and its cumulative cost per period. */
export async function jobCostJob(
  tenant: TTenant,
  jobId: string,
  query: TJobCostJobQuery,
): Promise<TJobCostJob> {
  return tenant.run(async (tx) => {
    await assertJob(tx, tenant.companyId, jobId);
    const scope = { ...(await periodScope(tx, tenant.companyId, query)), jobId };
    const row = await repo.jobCostOf(tx, scope);
    const sums = await repo.jobCostSeries(tx, { ...scope, granularity: query.granularity });
    const byPeriod = new Map(sums.periods.map((p) => [p.period, toScaled(p.cost, MONEY)]));
    // Summed in BigInt at the ledger's four decimals, each point rounded to the cent as the figures are.
    let running = toScaled(sums.before, MONEY);
    const series = periodsOf(query.from, query.to, query.granularity).map((p) => {
      const cost = byPeriod.get(p.key) ?? 0n;
      running += cost;
      return { start: p.start, end: p.end, cost: cents(cost), cumulativeCost: cents(running) };
    });
    return {
      // The job exists (asserted above), so its row does.
      job: rowOf(row as repo.TJobRow),
      from: query.from,
      to: query.to,
      granularity: query.granularity,
      timeZone: scope.timeZone,
      costBefore: cents(toScaled(sums.before, MONEY)),
      series,
    };
  });
}

/** A value at four decimals as money to the cent, halves away from zero, with both decimals ("12.50"). */
export function cents(value: bigint): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  let rounded = magnitude / 100n;
  if (magnitude % 100n >= 50n) rounded += 1n;
  const text = fromScaled(negative ? -rounded : rounded, 2);
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}
