// The moves of a work order (decision 048): only those in WORK_ORDER_TRANSITIONS (409 INVALID_TRANSITION naming
// both statuses otherwise). Releasing reserves what the revision's direct BOM lines need, refused when available
// stock is short unless open child work orders will bring the rest (decision 064), and fixes the planned material
// cost; unreleasing, completing and cancelling give back what is not consumed. The order it came from
// follows (work-order-order-status.ts). `applyMove` runs in the caller's transaction, so the shop-floor run (a
// step's start moves the work order to in progress) makes the same move with the same effects.
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { WORK_ORDER_MESSAGES as M, type TWorkOrderDetail } from '#common/schemas/work-orders.ts';
import { statusStyle } from '#common/statuses.ts';
import {
  canMoveWorkOrder,
  holdsReservation,
  type TWorkOrderStatus,
  workOrderNumberText,
} from '#common/work-order-status.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { followOrder } from './work-order-order-status.ts';
import {
  closeReservations,
  comingFromChildren,
  lockReservations,
  openReservations,
  plannedCostOfReservation,
} from './work-order-reservations.repo.ts';
import * as repo from './work-orders.repo.ts';
import { componentsOf, detailOf, workOrderNotFound } from './work-orders.service.ts';

const label = (s: TWorkOrderStatus) => statusStyle('workOrder', s).label.toLowerCase();
const Q = 6;
const scaled = (v: string) => toScaled(v, Q);
const text = (v: bigint) => normalizeDecimal(fromScaled(v, Q));

/**
 * The reservation of a work order about to be released: what each component needs, refused if any is short. A
 * sub-assembly short in stock but coming from this work order's open child work orders is reserved all the same,
 * the part to come as `awaiting` (decision 064): only what is available now must be on the shelf. Returns what the
 * audit says and the planned material cost.
 */
async function reserve(
  tx: TDb,
  companyId: string,
  wo: repo.TWorkOrderRow,
): Promise<{ reserved: string[]; plannedCost: string }> {
  await lockReservations(tx, companyId);
  // Read after the lock: every reservation committed before it is counted in `available`.
  const components = await componentsOf(tx, companyId, wo);
  const coming = await comingFromChildren(tx, companyId, wo.id);
  const lines = components.map((c) => {
    const now = scaled(c.available) > 0n ? scaled(c.available) : 0n;
    const short = scaled(c.required) - now;
    const fromChildren = scaled(coming.get(c.itemId) ?? '0');
    const awaiting = short <= 0n ? 0n : short <= fromChildren ? short : -1n;
    return { c, short, fromChildren, awaiting };
  });
  const refused = lines.filter((l) => l.awaiting < 0n);
  if (refused.length > 0) {
    const parts = refused.map(({ c, short, fromChildren }) => {
      const still = short - fromChildren;
      const base = `${c.partNumber} needs ${c.required} ${c.unitOfMeasure}, ${c.available} available`;
      const children = fromChildren > 0n ? `, ${M.fromChildren(text(fromChildren))}` : '';
      const hint = c.assemblyId ? `: ${M.shortSubAssembly(c.partNumber)}` : '';
      return `${base}${children} (${text(still)} short${hint})`;
    });
    throw new AppError('CONFLICT', M.short(parts), { status: M.short(parts) });
  }
  await openReservations(
    tx,
    companyId,
    wo.id,
    lines.map(({ c, awaiting }) => ({ itemId: c.itemId, quantity: c.required, awaiting: text(awaiting) })),
  );
  return {
    reserved: lines.map(({ c, awaiting }) =>
      awaiting > 0n
        ? `${c.partNumber} ${c.required} (${text(awaiting)} awaited from its work orders)`
        : `${c.partNumber} ${c.required}`,
    ),
    plannedCost: await plannedCostOfReservation(tx, companyId, wo.id),
  };
}

/**
 * Moves the locked work order `wo` to `to` inside `tx`: the reservation, the timestamps, the audit entry and the
 * order's status. The caller has locked the row (repo.lockWorkOrder).
 */
export async function applyMove(
  tx: TDb,
  tenant: TTenant,
  wo: repo.TWorkOrderRow,
  to: TWorkOrderStatus,
): Promise<void> {
  const { companyId } = tenant;
  const from = wo.status as TWorkOrderStatus;
  if (!canMoveWorkOrder(from, to)) {
    const message = M.invalidTransition(label(from), label(to));
    throw new AppError('INVALID_TRANSITION', message, { status: message });
  }
  const now = new Date();
  const reservation = from === 'planned' && to === 'released' ? await reserve(tx, companyId, wo) : null;
  if (holdsReservation(from) && !holdsReservation(to)) await closeReservations(tx, companyId, wo.id);
  await repo.updateWorkOrder(tx, companyId, wo.id, {
    status: to,
    ...(reservation ? { releasedAt: now, plannedMaterialCost: reservation.plannedCost } : {}),
    ...(to === 'planned' ? { releasedAt: null } : {}),
    ...(to === 'in_progress' && wo.startedAt === null ? { startedAt: now } : {}),
    ...(to === 'completed' ? { completedAt: now } : {}),
    ...(to === 'cancelled' ? { cancelledAt: now } : {}),
  });
  await recordAudit(tx, companyId, tenant.actor, {
    entityType: 'work-order',
    entityId: wo.id,
    entityLabel: workOrderNumberText(wo.number),
    action: 'status-changed',
    before: { status: label(from) },
    after: {
      status: label(to),
      ...(reservation
        ? { reserved: reservation.reserved.join(', '), plannedMaterialCost: reservation.plannedCost }
        : {}),
    },
  });
  await followOrder(tx, tenant, wo.orderLineId, to);
}

/**
 * POST /api/v1/work-orders/:id/status: one move by hand, answered with the work order as it now is. Completing is
 * not one of them: the shop floor completes a work order once its steps are finished and its output recorded
 * (shop-floor-output.service.ts), so a planner cannot close one that produced nothing.
 */
export async function moveWorkOrder(
  tenant: TTenant,
  id: string,
  to: TWorkOrderStatus,
): Promise<TWorkOrderDetail> {
  return tenant.run(async (tx) => {
    const wo = await repo.lockWorkOrder(tx, tenant.companyId, id);
    if (!wo) throw workOrderNotFound();
    if (to === 'completed' && canMoveWorkOrder(wo.status as TWorkOrderStatus, to))
      throw new AppError('CONFLICT', M.completeOnFloor, { status: M.completeOnFloor });
    await applyMove(tx, tenant, wo, to);
    return detailOf(tx, tenant.companyId, id);
  });
}
