// What a work order's move does to the order it was made from (decision 048): the first work order to start
// takes an open order to in progress, and once every work order of the order is completed or cancelled, with at
// least one completed and every line's good units at its quantity (decision 064), the order is done. Kept apart
// from the orders module: these moves are the server's, in the work order's transaction, not a person's
// (orders-status.service.ts checks those).
import { sql } from 'drizzle-orm';
import { buildOrderNumberText, type TWorkOrderStatus } from '#common/work-order-status.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';

/** After the work order on `orderLineId` moved to `to`: moves its order if the move says so. */
export async function followOrder(
  tx: TDb,
  tenant: TTenant,
  orderLineId: string | null,
  to: TWorkOrderStatus,
): Promise<void> {
  if (orderLineId === null) return;
  if (to !== 'in_progress' && to !== 'completed' && to !== 'cancelled') return;
  const { companyId } = tenant;
  // Locked: two work orders of one order finishing at once each see the other's status once it commits.
  const [order] = await queryRows<{ id: string; number: number; status: string }>(
    tx,
    sql`select o.id, o.number, o.status from build_orders o
          join build_order_lines l on l.company_id = o.company_id and l.order_id = o.id
         where o.company_id = ${companyId} and l.id = ${orderLineId}
           for update of o`,
  );
  if (!order) return;
  let next: 'in_progress' | 'done' | null = null;
  if (to === 'in_progress' && order.status === 'open') next = 'in_progress';
  if (
    (to === 'completed' || to === 'cancelled') &&
    (order.status === 'open' || order.status === 'in_progress')
  ) {
    const [work] = await queryRows<{ unfinished: number; completed: number; short: number }>(
      tx,
      sql`select count(*) filter (where w.status not in ('completed', 'cancelled'))::int as unfinished,
                 count(*) filter (where w.status = 'completed')::int as completed,
                 (select count(*)::int from build_order_lines s
                   where s.company_id = ${companyId} and s.order_id = ${order.id}
                     and s.quantity > (select coalesce(sum(g.good_quantity), 0) from work_orders g
                                        where g.company_id = s.company_id and g.order_line_id = s.id
                                          and g.status = 'completed')) as short
            from work_orders w
            join build_order_lines l on l.company_id = w.company_id and l.id = w.order_line_id
           where w.company_id = ${companyId} and l.order_id = ${order.id}`,
    );
    // A line whose good units fall short (scrap, decision 064) keeps the order open for a work order for the rest;
    // the planner may still mark it done by hand.
    if (work && work.unfinished === 0 && work.completed > 0 && work.short === 0) next = 'done';
  }
  if (next === null) return;
  await tx.execute(
    sql`update build_orders set status = ${next}, updated_at = now()
         where company_id = ${companyId} and id = ${order.id}`,
  );
  await recordAudit(tx, companyId, tenant.actor, {
    entityType: 'build-order',
    entityId: order.id,
    entityLabel: buildOrderNumberText(Number(order.number)),
    action: 'status-changed',
    before: { status: order.status },
    after: { status: next, by: 'its work orders' },
  });
}
