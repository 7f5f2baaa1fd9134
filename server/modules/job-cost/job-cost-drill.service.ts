// The job cost report's drill-down (decision 084): a job's people and work orders in the period, and the entries and
// ledger lines behind them, a page at a time. Another company's (or no) job is 404; a person or work order named in
// the query that is not the company's is 404 naming the field.
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { JOB_COST_MESSAGES } from '#common/schemas/job-cost.ts';
import type {
  TJobCostDrillQuery,
  TJobCostEntriesQuery,
  TJobCostLinesQuery,
} from '#common/schemas/job-cost-drill.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { findWorkOrder } from '../build/work-orders.repo.ts';
import { findPerson } from '../time/time.repo.ts';
import { assertJob, periodScope } from './job-cost.service.ts';
import * as repo from './job-cost-drill.repo.ts';

type TJobScope = Awaited<ReturnType<typeof periodScope>> & { jobId: string };
type TPage = { limit: number; offset: number };

const pageOf = (q: { page: number; pageSize: number }): TPage => ({
  limit: q.pageSize,
  offset: (q.page - 1) * q.pageSize,
});

/** Runs `read` on the job's scope of the query's period for the query's page, and shapes it. */
async function drill<TRow extends { total_count: number }, TItem>(
  tenant: TTenant,
  jobId: string,
  query: TJobCostDrillQuery,
  read: (tx: TDb, scope: TJobScope, page: TPage) => Promise<TRow[]>,
  shape: (row: TRow) => TItem,
) {
  return tenant.run(async (tx) => {
    await assertJob(tx, tenant.companyId, jobId);
    const scope = { ...(await periodScope(tx, tenant.companyId, query)), jobId };
    const rows = await read(tx, scope, pageOf(query));
    // Each row counts them all; a page past the last has none to say so, so the first row is asked.
    const counted =
      rows[0] ?? (query.page > 1 ? (await read(tx, scope, { limit: 1, offset: 0 }))[0] : undefined);
    return {
      items: rows.map(shape),
      total: counted?.total_count ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

/** GET …/jobs/:jobId/people */
export function jobCostPeople(tenant: TTenant, jobId: string, query: TJobCostDrillQuery) {
  return drill(
    tenant,
    jobId,
    query,
    (tx, scope, page) => repo.peopleOf(tx, scope, page),
    (r) => ({
      userId: r.user_id,
      name: r.name,
      entries: r.entries,
      laborHours: r.labor_hours,
      laborCost: r.labor_cost,
    }),
  );
}

/** GET …/jobs/:jobId/work-orders */
export function jobCostWorkOrders(tenant: TTenant, jobId: string, query: TJobCostDrillQuery) {
  return drill(
    tenant,
    jobId,
    query,
    (tx, scope, page) => repo.workOrdersOf(tx, scope, page),
    (r) => ({
      workOrderId: r.work_order_id,
      number: workOrderNumberText(Number(r.number)),
      partNumber: r.part_number,
      status: r.status,
      laborHours: r.labor_hours,
      laborCost: r.labor_cost,
      materialConsumed: r.material_consumed,
      totalCost: r.total_cost,
    }),
  );
}

async function assertFilters(
  tx: TDb,
  companyId: string,
  q: { userId?: string | undefined; workOrderId?: string | undefined },
) {
  if (q.userId && !(await findPerson(tx, companyId, q.userId))) {
    const message = JOB_COST_MESSAGES.userNotFound;
    throw new AppError('NOT_FOUND', message, { userId: message });
  }
  if (q.workOrderId && !(await findWorkOrder(tx, companyId, q.workOrderId))) {
    const message = JOB_COST_MESSAGES.workOrderNotFound;
    throw new AppError('NOT_FOUND', message, { workOrderId: message });
  }
}

const woText = (n: number | null) => (n === null ? null : workOrderNumberText(Number(n)));

/** GET …/jobs/:jobId/entries */
export function jobCostEntries(tenant: TTenant, jobId: string, query: TJobCostEntriesQuery) {
  return drill(
    tenant,
    jobId,
    query,
    async (tx, scope, page) => {
      await assertFilters(tx, tenant.companyId, query);
      return repo.entriesOf(tx, { ...scope, userId: query.userId, workOrderId: query.workOrderId }, page);
    },
    (r) => ({
      id: r.id,
      userId: r.user_id,
      userName: r.user_name,
      startedAt: new Date(r.started_at).toISOString(),
      endedAt: new Date(r.ended_at).toISOString(),
      hours: r.hours,
      rate: normalizeDecimal(r.rate, 2),
      cost: normalizeDecimal(r.cost, 4),
      activity: r.activity,
      source: r.source,
      workOrderNumber: woText(r.work_order_number),
    }),
  );
}

/** GET …/jobs/:jobId/lines */
export function jobCostLines(tenant: TTenant, jobId: string, query: TJobCostLinesQuery) {
  return drill(
    tenant,
    jobId,
    query,
    async (tx, scope, page) => {
      await assertFilters(tx, tenant.companyId, query);
      return repo.linesOf(tx, { ...scope, workOrderId: query.workOrderId }, page);
    },
    (r) => ({
      id: r.id,
      postedAt: new Date(r.posted_at).toISOString(),
      kind: r.kind,
      category: r.category,
      reference: r.reference,
      partNumber: r.part_number,
      itemName: r.item_name,
      quantity: normalizeDecimal(r.quantity),
      unitCost: normalizeDecimal(r.unit_cost, 4),
      cost: normalizeDecimal(r.cost, 4),
      workOrderNumber: woText(r.work_order_number),
    }),
  );
}
