// The rules of build orders (decision 047): gap-free numbers per company, lines of released assemblies, lines
// changed only while the order is a draft or open and never out from under their work orders, and every change in
// the audit trail in the transaction that makes it. The moves between statuses are in orders-status.service.ts.
import { v7 as uuidv7 } from 'uuid';
import { compareDecimal, fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import {
  BUILD_ORDER_MESSAGES as M,
  type TBuildOrder,
  type TBuildOrderCreate,
  type TBuildOrderLineInput,
  type TBuildOrderListQuery,
  type TBuildOrderPage,
  type TBuildOrderUpdate,
  type TOrderWorkOrder,
} from '#common/schemas/build-orders.ts';
import { statusStyle } from '#common/statuses.ts';
import {
  buildOrderNumberText,
  type TBuildOrderStatus,
  workOrderNumberText,
} from '#common/work-order-status.ts';
import { nestByParent } from '#common/work-order-tree.ts';
import type { TDb } from '../../db/client.ts';
import { iso } from '../../db/instants.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { companyToday } from '../companies/company-clock.ts';
import { takeNextNumber } from '../companies/counters.repo.ts';
import { assertWholeQuantity } from '../inventory/whole-units.ts';
import { min, plannedOf, positive, shortOf, sum } from './order-line-work.ts';
import * as repo from './orders.repo.ts';

const Q = 6;
export const orderNotFound = () => new AppError('NOT_FOUND', M.orderNotFound);
export const statusLabel = (s: string) => statusStyle('buildOrder', s).label;

export async function listOrders(tenant: TTenant, query: TBuildOrderListQuery): Promise<TBuildOrderPage> {
  const found = await tenant.run(async (tx) => {
    const today = await companyToday(tx, tenant.companyId);
    return repo.listOrders(
      tx,
      tenant.companyId,
      { q: query.q, status: query.status, today },
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
  });
  return { items: found.rows.map(summaryOf), total: found.total, page: query.page, pageSize: query.pageSize };
}

export function summaryOf(r: repo.TOrderListRow) {
  return {
    id: r.id,
    number: Number(r.number),
    numberText: buildOrderNumberText(Number(r.number)),
    customer: r.customer,
    dueOn: r.due_on,
    overdue: Boolean(r.overdue),
    status: r.status as TBuildOrderStatus,
    lineCount: Number(r.line_count),
    createdAt: iso(r.created_at),
  };
}

/** The order with its lines, each line's work orders and what is left to plan. */
export async function orderOf(tx: TDb, companyId: string, id: string): Promise<TBuildOrder> {
  const order = await repo.findOrder(tx, companyId, id);
  if (!order) throw orderNotFound();
  const [lines, work, today] = [
    await repo.linesOf(tx, companyId, id),
    await repo.workOrdersOf(tx, companyId, id),
    await companyToday(tx, companyId),
  ];
  const status = order.status as TBuildOrderStatus;
  return {
    id,
    number: order.number,
    numberText: buildOrderNumberText(order.number),
    customer: order.customer,
    dueOn: order.dueOn,
    overdue: order.dueOn !== null && order.dueOn < today && ['draft', 'open', 'in_progress'].includes(status),
    status,
    lineCount: lines.length,
    createdAt: order.createdAt.toISOString(),
    notes: order.notes,
    createdBy: order.createdBy,
    updatedAt: order.updatedAt.toISOString(),
    lines: lines.map(({ line, item }) => {
      const mine = nestByParent(
        work.filter((w) => w.line_id === line.id).map((w) => ({ ...w, parentId: w.parent_id })),
      );
      const own = mine.filter((w) => w.order_line_id === line.id);
      const planned = plannedOf(own);
      const left = positive(toScaled(normalizeDecimal(line.quantity), Q) - planned);
      return {
        id: line.id,
        position: line.position,
        assembly: {
          id: line.assemblyId,
          itemId: item.id,
          partNumber: item.partNumber,
          name: item.name,
          unitOfMeasure: item.unitOfMeasure,
        },
        quantity: normalizeDecimal(line.quantity),
        planned: fromScaled(planned, Q),
        remaining: fromScaled(left, Q),
        shortfall: fromScaled(min(left, shortOf(own)), Q),
        scrapped: fromScaled(
          sum(own, (w) => w.scrap_quantity),
          Q,
        ),
        workOrders: mine.map((w) => ({
          id: w.id,
          numberText: workOrderNumberText(Number(w.number)),
          partNumber: w.part_number,
          unitOfMeasure: w.unit_of_measure,
          quantity: normalizeDecimal(w.quantity),
          goodQuantity: normalizeDecimal(w.good_quantity),
          scrapQuantity: normalizeDecimal(w.scrap_quantity),
          status: w.status as TOrderWorkOrder['status'],
          dueOn: w.due_on,
          parentId: w.parent_id,
          parentNumberText: w.parent_number === null ? null : workOrderNumberText(Number(w.parent_number)),
          depth: w.depth,
        })),
      };
    }),
  };
}

export async function getOrder(tenant: TTenant, id: string): Promise<TBuildOrder> {
  return tenant.run((tx) => orderOf(tx, tenant.companyId, id));
}

/**
 * The body's assemblies, each the company's and released (404 / 400 naming the line's field); a foreign id is
 * "no such assembly", never a hint that it exists elsewhere. A line of an assembly counted in whole units asks for
 * a whole number of them (decision 064).
 */
async function checkAssemblies(tx: TDb, companyId: string, lines: readonly TBuildOrderLineInput[]) {
  const found = new Map(
    (await repo.assembliesAmong(tx, companyId, [...new Set(lines.map((l) => l.assemblyId))])).map((a) => [
      a.id,
      a,
    ]),
  );
  lines.forEach((l, at) => {
    const a = found.get(l.assemblyId);
    if (!a)
      throw new AppError('NOT_FOUND', M.assemblyNotFound, { [`lines.${at}.assemblyId`]: M.assemblyNotFound });
    if (!a.released_id) {
      const message = M.notReleased(a.part_number);
      throw new AppError('BAD_REQUEST', message, { [`lines.${at}.assemblyId`]: message });
    }
    assertWholeQuantity(`lines.${at}.quantity`, l.quantity, {
      partNumber: a.part_number,
      unitOfMeasure: a.unit_of_measure,
    });
  });
  return found;
}

const lineText = (lines: readonly TBuildOrderLineInput[], parts: Map<string, { part_number: string }>) =>
  lines.map(
    (l) => `${parts.get(l.assemblyId)?.part_number ?? l.assemblyId} × ${normalizeDecimal(l.quantity)}`,
  );

/** POST /api/v1/build-orders: a draft order with the next number. */
export async function createOrder(tenant: TTenant, input: TBuildOrderCreate): Promise<TBuildOrder> {
  return tenant.run(async (tx) => {
    const parts = await checkAssemblies(tx, tenant.companyId, input.lines);
    const id = uuidv7();
    // Taken last before the insert, so the counter row is locked for as short a time as the order takes to write.
    const number = await takeNextNumber(tx, tenant.companyId, 'build_order');
    await repo.insertOrder(tx, {
      id,
      companyId: tenant.companyId,
      number,
      customer: input.customer,
      dueOn: input.dueOn,
      notes: input.notes,
      createdBy: tenant.actor.name,
    });
    await repo.insertLines(
      tx,
      input.lines.map((l, i) => ({
        id: uuidv7(),
        companyId: tenant.companyId,
        orderId: id,
        position: i + 1,
        assemblyId: l.assemblyId,
        quantity: normalizeDecimal(l.quantity),
      })),
    );
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'build-order',
      entityId: id,
      entityLabel: buildOrderNumberText(number),
      action: 'created',
      after: {
        customer: input.customer ?? 'For stock',
        dueOn: input.dueOn,
        notes: input.notes,
        lines: lineText(input.lines, parts),
      },
    });
    return orderOf(tx, tenant.companyId, id);
  });
}

/** PATCH /api/v1/build-orders/:id: header fields while not finished; lines while a draft or open. */
export async function updateOrder(
  tenant: TTenant,
  id: string,
  input: TBuildOrderUpdate,
): Promise<TBuildOrder> {
  return tenant.run(async (tx) => {
    const order = await repo.findOrder(tx, tenant.companyId, id, true);
    if (!order) throw orderNotFound();
    if (order.status === 'done' || order.status === 'cancelled')
      throw new AppError('CONFLICT', M.finished(statusLabel(order.status)));
    const before = await orderOf(tx, tenant.companyId, id);
    const header = {
      ...(input.customer !== undefined ? { customer: input.customer } : {}),
      ...(input.dueOn !== undefined ? { dueOn: input.dueOn } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
    };
    await repo.updateOrder(tx, tenant.companyId, id, header);
    let lineChange: { before: string[]; after: string[] } | null = null;
    if (input.lines !== undefined) {
      if (order.status !== 'draft' && order.status !== 'open')
        throw new AppError('CONFLICT', M.linesFrozen(statusLabel(order.status)));
      const parts = await checkAssemblies(tx, tenant.companyId, input.lines);
      await replaceLines(tx, tenant.companyId, before, input.lines);
      lineChange = {
        before: before.lines.map((l) => `${l.assembly.partNumber} × ${l.quantity}`),
        after: lineText(input.lines, parts),
      };
    }
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'build-order',
      entityId: id,
      entityLabel: before.numberText,
      action: 'updated',
      before: {
        ...Object.fromEntries(Object.keys(header).map((k) => [k, before[k as keyof typeof header]])),
        ...(lineChange ? { lines: lineChange.before } : {}),
      },
      after: { ...header, ...(lineChange ? { lines: lineChange.after } : {}) },
    });
    return orderOf(tx, tenant.companyId, id);
  });
}

/**
 * Replaces the lines whole: a kept line (by id) is updated in place so its work orders stay with it; a line with
 * work orders keeps its assembly, is not removed and keeps at least the quantity in them.
 */
async function replaceLines(
  tx: TDb,
  companyId: string,
  before: TBuildOrder,
  lines: readonly TBuildOrderLineInput[],
): Promise<void> {
  const existing = new Map(before.lines.map((l) => [l.id, l]));
  const kept = new Set<string>();
  lines.forEach((l, at) => {
    if (l.id === undefined) return;
    const old = existing.get(l.id);
    if (!old || kept.has(l.id))
      throw new AppError('NOT_FOUND', M.lineNotFound, { [`lines.${at}.id`]: M.lineNotFound });
    kept.add(l.id);
    const hasWork = old.workOrders.some((w) => w.status !== 'cancelled');
    if (hasWork && old.assembly.id !== l.assemblyId) {
      const message = M.lineHasWork(old.position);
      throw new AppError('CONFLICT', message, { [`lines.${at}.assemblyId`]: message });
    }
    if (compareDecimal(l.quantity, old.planned) < 0) {
      const message = M.belowPlanned(old.position, old.planned);
      throw new AppError('CONFLICT', message, { [`lines.${at}.quantity`]: message });
    }
  });
  const dropped = before.lines.filter((l) => !kept.has(l.id));
  const busy = dropped.find((l) => l.workOrders.length > 0);
  // Any work order, cancelled too, keeps its line: it names it for ever (history).
  if (busy) throw new AppError('CONFLICT', M.lineHasWork(busy.position));
  await repo.deleteLines(
    tx,
    companyId,
    dropped.map((l) => l.id),
  );
  // Positions are not unique in the table, so they can be rewritten in any order.
  for (const [at, l] of lines.entries()) {
    const set = { position: at + 1, assemblyId: l.assemblyId, quantity: normalizeDecimal(l.quantity) };
    if (l.id !== undefined) await repo.updateLine(tx, companyId, l.id, set);
    else await repo.insertLines(tx, [{ id: uuidv7(), companyId, orderId: before.id, ...set }]);
  }
}
