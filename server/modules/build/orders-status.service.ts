// The moves of a build order by hand (decision 047): only those in BUILD_ORDER_TRANSITIONS, and on top of them the
// rules that keep an order and its work orders agreeing — opened only with lines, back to draft only with no work
// orders, done or cancelled only once every work order is finished.
import { AppError } from '#common/errors.ts';
import { BUILD_ORDER_MESSAGES as M, type TBuildOrder } from '#common/schemas/build-orders.ts';
import { statusStyle } from '#common/statuses.ts';
import { canMoveBuildOrder, type TBuildOrderStatus } from '#common/work-order-status.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import * as repo from './orders.repo.ts';
import { orderNotFound, orderOf, statusLabel } from './orders.service.ts';

/** Work orders still to finish: planned, released, in progress or paused. */
const UNFINISHED = new Set(['planned', 'released', 'in_progress', 'paused']);

/** "WO-000003 in progress, WO-000004 planned" (at most five named). */
function named(work: TBuildOrder['lines'][number]['workOrders']): string {
  const shown = work
    .slice(0, 5)
    .map((w) => `${w.numberText} ${statusStyle('workOrder', w.status).label.toLowerCase()}`);
  return work.length > 5 ? `${shown.join(', ')} and ${work.length - 5} more` : shown.join(', ');
}

/** POST /api/v1/build-orders/:id/status: moves the order, or 409 saying why not. */
export async function moveOrder(tenant: TTenant, id: string, to: TBuildOrderStatus): Promise<TBuildOrder> {
  return tenant.run(async (tx) => {
    // Locked: a work order made from a line at the same moment (which locks the order too) waits, and sees the move.
    const order = await repo.findOrder(tx, tenant.companyId, id, true);
    if (!order) throw orderNotFound();
    const from = order.status as TBuildOrderStatus;
    if (!canMoveBuildOrder(from, to)) {
      const message =
        from === 'done' || from === 'cancelled'
          ? M.finished(statusLabel(from))
          : M.move(statusLabel(from), statusLabel(to));
      throw new AppError('CONFLICT', message, { status: message });
    }
    const current = await orderOf(tx, tenant.companyId, id);
    const work = current.lines.flatMap((l) => l.workOrders);
    if (to === 'open' && current.lines.length === 0) throw new AppError('CONFLICT', M.openEmpty);
    const live = work.filter((w) => w.status !== 'cancelled');
    if (to === 'draft' && live.length > 0) throw new AppError('CONFLICT', M.backToDraft(named(live)));
    const unfinished = work.filter((w) => UNFINISHED.has(w.status));
    if ((to === 'done' || to === 'cancelled') && unfinished.length > 0)
      throw new AppError('CONFLICT', M.unfinishedWork(statusLabel(to), named(unfinished)));
    await repo.updateOrder(tx, tenant.companyId, id, { status: to });
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'build-order',
      entityId: id,
      entityLabel: current.numberText,
      action: 'status-changed',
      before: { status: statusLabel(from) },
      after: { status: statusLabel(to) },
    });
    return orderOf(tx, tenant.companyId, id);
  });
}
