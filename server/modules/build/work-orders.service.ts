// Work orders (decision 048): made from an assembly's current released revision (kept for the work order's life),
// alone or from an open order's line, numbered per company in the transaction that makes them; listed and shown
// with what their components need, hold and have available. Moves live in work-order-moves.service.ts.
import { v7 as uuidv7 } from 'uuid';
import { compareDecimal, fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { compactCode } from '#common/label-codes.ts';
import {
  WORK_ORDER_MESSAGES as M,
  type TWorkOrderCreate,
  type TWorkOrderDetail,
  type TWorkOrderListQuery,
  type TWorkOrderPage,
  type TWorkOrderSummary,
} from '#common/schemas/work-orders.ts';
import type { TWorkOrderStatus } from '#common/work-order-status.ts';
import { buildOrderNumberText, workOrderNumberText } from '#common/work-order-status.ts';
import type { TDb } from '../../db/client.ts';
import { iso, isoOrNull } from '../../db/instants.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { takeNextNumber } from '../companies/counters.repo.ts';
import { findLocation } from '../inventory/locations.repo.ts';
import { assertWholeQuantity } from '../inventory/whole-units.ts';
import { findTokens } from '../labels/codes.repo.ts';
import { findAssembly, stepsOf } from './assemblies.repo.ts';
import { costOf, recordOf } from './work-order-record.ts';
import { defaultLocationsOf } from './work-order-tree.repo.ts';
import * as repo from './work-orders.repo.ts';

const dateText = (d: string | Date | null) =>
  d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);
const q = (v: string) => normalizeDecimal(v);

export const workOrderNotFound = () => new AppError('NOT_FOUND', M.notFound);

export function summaryOf(r: repo.TSummaryRow): TWorkOrderSummary {
  return {
    id: r.id,
    number: Number(r.number),
    numberText: workOrderNumberText(Number(r.number)),
    status: r.status as TWorkOrderStatus,
    assemblyId: r.assembly_id,
    partNumber: r.part_number,
    name: r.name,
    unitOfMeasure: r.unit_of_measure,
    revisionNumber: Number(r.revision_number),
    quantity: q(r.quantity),
    dueOn: dateText(r.due_on),
    orderId: r.order_id,
    orderNumberText: r.order_number === null ? null : buildOrderNumberText(Number(r.order_number)),
    orderLineId: r.order_line_id,
    parentId: r.parent_id,
    parentNumberText: r.parent_number === null ? null : workOrderNumberText(Number(r.parent_number)),
    createdAt: iso(r.created_at),
  };
}

export async function listWorkOrders(tenant: TTenant, query: TWorkOrderListQuery): Promise<TWorkOrderPage> {
  const found = await tenant.run((tx) => repo.listWorkOrders(tx, tenant.companyId, query));
  return { items: found.rows.map(summaryOf), total: found.total, page: query.page, pageSize: query.pageSize };
}

/** The components of a work order as the page and the traveller show them. */
export async function componentsOf(tx: TDb, companyId: string, wo: repo.TWorkOrderRow) {
  const rows = await repo.componentsOf(tx, companyId, wo.revisionId, wo.quantity, wo.id);
  return rows.map((r) => ({
    itemId: r.item_id,
    partNumber: r.part_number,
    name: r.name,
    unitOfMeasure: r.unit_of_measure,
    assemblyId: r.assembly_id,
    perUnit: q(r.per_unit),
    required: q(r.required),
    reserved: q(r.reserved),
    consumed: q(r.consumed),
    onHand: q(r.on_hand),
    available: subtract(r.on_hand, r.open_reserved),
  }));
}

/** a − b exactly, on the ledger's 6 decimals. */
export const subtract = (a: string, b: string) => fromScaled(toScaled(a, 6) - toScaled(b, 6), 6);

export async function detailOf(tx: TDb, companyId: string, id: string): Promise<TWorkOrderDetail> {
  const wo = await repo.findWorkOrder(tx, companyId, id);
  const summary = wo ? await repo.findSummary(tx, companyId, id) : null;
  if (!wo || !summary) throw workOrderNotFound();
  const location = wo.outputLocationId ? await findLocation(tx, companyId, wo.outputLocationId) : null;
  const steps = await stepsOf(tx, companyId, wo.revisionId);
  const codes = await findTokens(tx, companyId, 'work-order', [id]);
  return {
    ...summaryOf(summary),
    revisionId: wo.revisionId,
    outputLocation: location ? { id: location.id, code: location.fullCode, name: location.name } : null,
    goodQuantity: q(wo.goodQuantity),
    scrapQuantity: q(wo.scrapQuantity),
    releasedAt: isoOrNull(wo.releasedAt),
    startedAt: isoOrNull(wo.startedAt),
    completedAt: isoOrNull(wo.completedAt),
    cancelledAt: isoOrNull(wo.cancelledAt),
    components: await componentsOf(tx, companyId, wo),
    steps: steps.map((s) => ({
      id: s.id,
      position: s.position,
      title: s.title,
      instructions: s.instructions,
      setupMinutes: q(s.setupMinutes),
      runMinutes: q(s.runMinutes),
    })),
    code: codes.has(id) ? compactCode('work-order', codes.get(id) as string) : null,
    cost: await costOf(tx, companyId, wo),
    record: await recordOf(tx, companyId, wo),
  };
}

export async function getWorkOrder(tenant: TTenant, id: string): Promise<TWorkOrderDetail> {
  return tenant.run((tx) => detailOf(tx, tenant.companyId, id));
}

/**
 * POST /api/v1/work-orders: a planned work order for `quantity` of the assembly, to its current released revision.
 * Every id in the body is looked up as the company's (another company's id is "no such …", naming the field).
 */
export async function createWorkOrder(tenant: TTenant, input: TWorkOrderCreate): Promise<TWorkOrderDetail> {
  return tenant.run((tx) => createWorkOrderWithin(tx, tenant, input));
}

/**
 * As createWorkOrder, inside the caller's transaction `tx` (a nonconformance's rework makes its work order with the
 * disposition, decision 073); `nonconformance` ("NC-000003") goes into the work order's "created" entry.
 */
export async function createWorkOrderWithin(
  tx: TDb,
  tenant: TTenant,
  input: TWorkOrderCreate,
  nonconformance?: string,
): Promise<TWorkOrderDetail> {
  const { companyId } = tenant;
  const assembly = await findAssembly(tx, companyId, input.assemblyId);
  if (!assembly) throw new AppError('NOT_FOUND', M.assemblyNotFound, { assemblyId: M.assemblyNotFound });
  assertWholeQuantity('quantity', input.quantity, assembly.item);
  const revision = await repo.currentReleasedRevision(tx, companyId, assembly.assembly.id);
  if (!revision) throw new AppError('CONFLICT', M.neverReleased, { assemblyId: M.neverReleased });
  let dueOn = input.dueOn ?? null;
  let orderText: string | null = null;
  if (input.orderLineId) {
    const line = await repo.findOrderLine(tx, companyId, input.orderLineId);
    if (!line) throw new AppError('NOT_FOUND', M.orderLineNotFound, { orderLineId: M.orderLineNotFound });
    if (line.status !== 'open' && line.status !== 'in_progress') {
      const message = M.orderNotOpen(line.status.replace('_', ' '));
      throw new AppError('CONFLICT', message, { orderLineId: message });
    }
    if (line.assembly_id !== assembly.assembly.id)
      throw new AppError('BAD_REQUEST', M.lineAssembly, { assemblyId: M.lineAssembly });
    // No over-building (decision 047): the line's work orders, this one included, stay within the line.
    const taken = await repo.takenOfLine(tx, companyId, line.id);
    const left = subtract(line.quantity, taken);
    if (exceeds(input.quantity, left)) {
      const message = M.overLine(
        normalizeDecimal(left),
        normalizeDecimal(line.quantity),
        assembly.item.unitOfMeasure,
      );
      throw new AppError('CONFLICT', message, { quantity: message });
    }
    // Made from an order, the work order is due when the order is, unless the planner says otherwise.
    dueOn ??= dateText(line.due_on);
    orderText = buildOrderNumberText(Number(line.number));
  }
  let locationText: string | null = null;
  if (input.outputLocationId) {
    const location = await findLocation(tx, companyId, input.outputLocationId);
    if (!location?.active)
      throw new AppError('NOT_FOUND', M.locationNotFound, { outputLocationId: M.locationNotFound });
    locationText = location.fullCode;
  }
  // Without one, it puts away at its item's default location (decision 064), as the floor would suggest.
  const fallback = input.outputLocationId
    ? undefined
    : (await defaultLocationsOf(tx, companyId, [assembly.item.id])).get(assembly.item.id);
  if (fallback) locationText = fallback.fullCode;
  const id = uuidv7();
  const number = await takeNextNumber(tx, companyId, 'work_order');
  await repo.insertWorkOrder(tx, {
    id,
    companyId,
    number,
    orderLineId: input.orderLineId ?? null,
    assemblyId: assembly.assembly.id,
    revisionId: revision.id,
    quantity: input.quantity,
    dueOn,
    outputLocationId: input.outputLocationId ?? fallback?.id ?? null,
    createdBy: tenant.actor.name,
  });
  await recordAudit(tx, companyId, tenant.actor, {
    entityType: 'work-order',
    entityId: id,
    entityLabel: workOrderNumberText(number),
    action: 'created',
    after: {
      assembly: `${assembly.item.partNumber} ${assembly.item.name}`,
      revision: revision.number,
      quantity: normalizeDecimal(input.quantity),
      ...(dueOn ? { dueOn } : {}),
      ...(orderText ? { orderLine: orderText } : {}),
      ...(locationText ? { outputLocation: locationText } : {}),
      ...(nonconformance ? { nonconformance } : {}),
      status: 'planned',
    },
  });
  return detailOf(tx, companyId, id);
}

/** Whether `a` is more than `b` (exact decimals). */
export const exceeds = (a: string, b: string) => compareDecimal(a, b) > 0;
