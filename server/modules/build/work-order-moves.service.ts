// The moves of a work order (decision 048): only those in WORK_ORDER_TRANSITIONS (409 INVALID_TRANSITION naming
// both statuses otherwise). Releasing reserves what the revision's direct BOM lines need, refused when available
// stock is short; unreleasing, completing and cancelling give back what is not consumed. The order it came from
// follows (work-order-order-status.ts). `applyMove` runs in the caller's transaction, so the shop-floor run (a
// step's start moves the work order to in progress) makes the same move with the same effects.
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
import { closeReservations, lockReservations, openReservations } from './work-order-reservations.repo.ts';
import * as repo from './work-orders.repo.ts';
import { componentsOf, detailOf, exceeds, subtract, workOrderNotFound } from './work-orders.service.ts';

const label = (s: TWorkOrderStatus) => statusStyle('workOrder', s).label.toLowerCase();

/** The reservation of a work order about to be released: what each component needs, refused if any is short. */
async function reserve(tx: TDb, companyId: string, wo: repo.TWorkOrderRow): Promise<string[]> {
  await lockReservations(tx, companyId);
  // Read after the lock: every reservation committed before it is counted in `available`.
  const components = await componentsOf(tx, companyId, wo);
  const short = components.filter((c) => exceeds(c.required, c.available));
  if (short.length > 0) {
    const parts = short.map(
      (c) =>
        `${c.partNumber} needs ${c.required} ${c.unitOfMeasure}, ${c.available} available (${subtract(c.required, c.available)} short)`,
    );
    throw new AppError('CONFLICT', M.short(parts), { status: M.short(parts) });
  }
  await openReservations(
    tx,
    companyId,
    wo.id,
    components.map((c) => ({ itemId: c.itemId, quantity: c.required })),
  );
  return components.map((c) => `${c.partNumber} ${c.required}`);
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
  let reserved: string[] | undefined;
  if (from === 'planned' && to === 'released') reserved = await reserve(tx, companyId, wo);
  if (holdsReservation(from) && !holdsReservation(to)) await closeReservations(tx, companyId, wo.id);
  await repo.updateWorkOrder(tx, companyId, wo.id, {
    status: to,
    ...(to === 'released' ? { releasedAt: now } : {}),
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
    after: { status: label(to), ...(reserved ? { reserved: reserved.join(', ') } : {}) },
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
