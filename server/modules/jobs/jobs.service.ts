// The rules of jobs (decision 079): gap-free numbers per company, exact budgets, the moves between open, on hold and
// closed, and orders linked with their work orders; every change in the audit trail in the transaction that makes
// it. Everyone signed in may look jobs up; the routes let only admins change them.
import { v7 as uuidv7 } from 'uuid';
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import {
  JOB_MOVES,
  JOB_STATUS_LABELS,
  jobNumberText,
  JOB_MESSAGES as M,
  type TJob,
  type TJobCreate,
  type TJobListQuery,
  type TJobPage,
  type TJobStatus,
  type TJobSummary,
  type TJobUpdate,
} from '#common/schemas/jobs.ts';
import {
  buildOrderNumberText,
  type TBuildOrderStatus,
  type TWorkOrderStatus,
  workOrderNumberText,
} from '#common/work-order-status.ts';
import type { TDb } from '../../db/client.ts';
import { iso } from '../../db/instants.ts';
import type { TTenant } from '../../db/tenant.ts';
import { changedFields, recordAudit } from '../audit/audit.ts';
import { takeNextNumber } from '../companies/counters.repo.ts';
import { clockOffJob } from '../time/time-clock.service.ts';
import * as repo from './jobs.repo.ts';

const notFound = () => new AppError('NOT_FOUND', M.notFound);
const money = (v: string | null) => (v === null ? null : normalizeDecimal(v, 4));
const hours = (v: string | null) => (v === null ? null : normalizeDecimal(v, 2));

function summaryOf(r: {
  id: string;
  number: number;
  name: string;
  customer: string;
  status: string;
  budgetHours: string | null;
  budgetCost: string | null;
  createdAt: Date | string;
}): TJobSummary {
  return {
    id: r.id,
    number: Number(r.number),
    numberText: jobNumberText(Number(r.number)),
    name: r.name,
    customer: r.customer,
    status: r.status as TJobStatus,
    budgetHours: hours(r.budgetHours),
    budgetCost: money(r.budgetCost),
    createdAt: iso(r.createdAt),
  };
}

export async function listJobs(tenant: TTenant, query: TJobListQuery): Promise<TJobPage> {
  const found = await tenant.run((tx) =>
    repo.listJobs(
      tx,
      tenant.companyId,
      { q: query.q, status: query.status },
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    ),
  );
  return {
    items: found.rows.map((r) =>
      summaryOf({ ...r, budgetHours: r.budget_hours, budgetCost: r.budget_cost, createdAt: r.created_at }),
    ),
    total: found.total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The job with its orders and work orders. */
export async function jobOf(tx: TDb, companyId: string, id: string): Promise<TJob> {
  const job = await repo.findJob(tx, companyId, id);
  if (!job) throw notFound();
  const orders = await repo.ordersOfJob(tx, companyId, id);
  const work = await repo.workOrdersOfJob(tx, companyId, id);
  return {
    ...summaryOf(job),
    notes: job.notes,
    createdBy: job.createdBy,
    updatedAt: job.updatedAt.toISOString(),
    closedAt: job.closedAt?.toISOString() ?? null,
    orders: orders.map((o) => ({
      id: o.id,
      numberText: buildOrderNumberText(Number(o.number)),
      customer: o.customer,
      status: o.status as TBuildOrderStatus,
      dueOn: o.due_on,
    })),
    workOrders: work.map((w) => ({
      id: w.id,
      numberText: workOrderNumberText(Number(w.number)),
      partNumber: w.part_number,
      name: w.name,
      quantity: normalizeDecimal(w.quantity),
      unitOfMeasure: w.unit_of_measure,
      status: w.status as TWorkOrderStatus,
      dueOn: w.due_on,
    })),
    clockedIn: await repo.clockedInOn(tx, companyId, id),
  };
}

export async function getJob(tenant: TTenant, id: string): Promise<TJob> {
  return tenant.run((tx) => jobOf(tx, tenant.companyId, id));
}

export async function createJob(tenant: TTenant, input: TJobCreate): Promise<TJob> {
  return tenant.run(async (tx) => {
    const { companyId } = tenant;
    const id = uuidv7();
    const number = await takeNextNumber(tx, companyId, 'job');
    const budgetHours = hours(input.budgetHours);
    const budgetCost = money(input.budgetCost);
    await repo.insertJob(tx, {
      id,
      companyId,
      number,
      name: input.name,
      customer: input.customer,
      budgetHours,
      budgetCost,
      notes: input.notes,
      createdBy: tenant.actor.name,
    });
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'job',
      entityId: id,
      entityLabel: `${jobNumberText(number)} ${input.name}`,
      action: 'created',
      after: { name: input.name, customer: input.customer, budgetHours, budgetCost, notes: input.notes },
    });
    return jobOf(tx, companyId, id);
  });
}

export async function updateJob(tenant: TTenant, id: string, input: TJobUpdate): Promise<TJob> {
  return tenant.run(async (tx) => {
    const { companyId } = tenant;
    const job = await repo.findJob(tx, companyId, id, 'update');
    if (!job) throw notFound();
    const was = {
      name: job.name,
      customer: job.customer,
      budgetHours: hours(job.budgetHours),
      budgetCost: money(job.budgetCost),
      notes: job.notes,
    };
    const now = {
      name: input.name ?? was.name,
      customer: input.customer ?? was.customer,
      budgetHours: input.budgetHours === undefined ? was.budgetHours : hours(input.budgetHours),
      budgetCost: input.budgetCost === undefined ? was.budgetCost : money(input.budgetCost),
      notes: input.notes ?? was.notes,
    };
    const diff = changedFields(was, now);
    if (Object.keys(diff.after).length === 0) return jobOf(tx, companyId, id);
    await repo.updateJob(tx, companyId, id, now);
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'job',
      entityId: id,
      entityLabel: `${jobNumberText(job.number)} ${now.name}`,
      action: 'updated',
      ...diff,
    });
    return jobOf(tx, companyId, id);
  });
}

const MOVE_ACTIONS: Record<TJobStatus, string> = { open: 'reopened', on_hold: 'held', closed: 'closed' };

/**
 * Holds, closes or reopens the job; the job row's lock makes a charge in flight finish first (job-guard.ts). Holding
 * or closing it stops the clocks running on it at that instant (decision 079): it takes no time from then on, and a
 * clock left running had gone on charging it for hours.
 */
export async function moveJob(tenant: TTenant, id: string, to: TJobStatus): Promise<TJob> {
  return tenant.run(async (tx) => {
    const { companyId } = tenant;
    const job = await repo.findJob(tx, companyId, id, 'update');
    if (!job) throw notFound();
    const from = job.status as TJobStatus;
    if (!JOB_MOVES[from].includes(to))
      throw new AppError('INVALID_TRANSITION', M.move(JOB_STATUS_LABELS[from], JOB_STATUS_LABELS[to]));
    const now = new Date();
    await repo.updateJob(tx, companyId, id, { status: to, closedAt: to === 'closed' ? now : null });
    const clocksStopped = to === 'open' ? 0 : await clockOffJob(tx, tenant, id, now);
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'job',
      entityId: id,
      entityLabel: `${jobNumberText(job.number)} ${job.name}`,
      action: MOVE_ACTIONS[to],
      before: { status: from },
      after: { status: to, ...(clocksStopped > 0 ? { clocksStopped } : {}) },
    });
    return jobOf(tx, companyId, id);
  });
}

/** Links the order (and its work orders) to the job; an order of another job is refused, not taken from it. */
export async function linkOrder(tenant: TTenant, id: string, orderId: string): Promise<TJob> {
  return tenant.run(async (tx) => {
    const { companyId } = tenant;
    const job = await repo.findJob(tx, companyId, id, 'update');
    if (!job) throw notFound();
    const order = await repo.findOrderForLink(tx, companyId, orderId);
    if (!order) throw new AppError('NOT_FOUND', M.orderNotFound, { orderId: M.orderNotFound });
    const label = jobNumberText(job.number);
    const orderLabel = buildOrderNumberText(order.number);
    if (job.status === 'closed') throw new AppError('CONFLICT', M.closedNoLink(label));
    if (order.jobId === id) return jobOf(tx, companyId, id);
    if (order.jobId) {
      const other = await repo.findJob(tx, companyId, order.jobId);
      const message = M.orderOfOtherJob(orderLabel, other ? jobNumberText(other.number) : 'another job');
      throw new AppError('CONFLICT', message, { orderId: message });
    }
    const moved = await repo.setOrderJob(tx, companyId, orderId, id);
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'job',
      entityId: id,
      entityLabel: `${label} ${job.name}`,
      action: 'order-linked',
      after: { order: orderLabel, workOrders: moved },
    });
    return jobOf(tx, companyId, id);
  });
}

/** Unlinks the order (and its work orders) from the job. */
export async function unlinkOrder(tenant: TTenant, id: string, orderId: string): Promise<TJob> {
  return tenant.run(async (tx) => {
    const { companyId } = tenant;
    const job = await repo.findJob(tx, companyId, id, 'update');
    if (!job) throw notFound();
    const order = await repo.findOrderForLink(tx, companyId, orderId);
    if (!order) throw new AppError('NOT_FOUND', M.orderNotFound);
    const orderLabel = buildOrderNumberText(order.number);
    if (order.jobId !== id) throw new AppError('CONFLICT', M.orderNotLinked(orderLabel));
    const moved = await repo.setOrderJob(tx, companyId, orderId, null);
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'job',
      entityId: id,
      entityLabel: `${jobNumberText(job.number)} ${job.name}`,
      action: 'order-unlinked',
      before: { order: orderLabel, workOrders: moved },
    });
    return jobOf(tx, companyId, id);
  });
}
