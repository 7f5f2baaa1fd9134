// "Can we build it?" for an order or one line (decision 047): what is still to build, exploded through every level
// of the released revisions, against stock on hand less what open reservations hold. Reads only.
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { BUILD_ORDER_MESSAGES as M, type TBuildability } from '#common/schemas/build-orders.ts';
import type { TTenant } from '../../db/tenant.ts';
import { explosionInput } from './explosion.repo.ts';
import { explode } from './explosion.ts';
import * as repo from './orders.repo.ts';
import { orderOf } from './orders.service.ts';

/**
 * Work orders that have taken their components into account already: a released, running or paused one holds its
 * reservation (subtracted from available), a completed one has consumed them. A planned one has reserved nothing,
 * so its quantity is still checked here.
 */
const COUNTED = new Set(['released', 'in_progress', 'paused', 'completed']);

/** GET /api/v1/build-orders/:id/buildability */
export async function buildability(
  tenant: TTenant,
  orderId: string,
  lineId?: string,
): Promise<TBuildability> {
  return tenant.run(async (tx) => {
    const order = await orderOf(tx, tenant.companyId, orderId);
    const lines = lineId === undefined ? order.lines : order.lines.filter((l) => l.id === lineId);
    if (lineId !== undefined && lines.length === 0)
      throw new AppError('NOT_FOUND', M.lineNotFound, { lineId: M.lineNotFound });
    const released = new Map(
      (
        await repo.assembliesAmong(
          tx,
          tenant.companyId,
          lines.map((l) => l.assembly.id),
        )
      ).map((a) => [a.id, a.released_id]),
    );
    const toCheck = lines.map((l) => {
      // The line's own work orders (not its sub-assemblies'); a completed one by its good units, so what scrap
      // lost is checked again (decision 064).
      const done = l.workOrders
        .filter((w) => w.parentId === null && COUNTED.has(w.status))
        .reduce((s, w) => s + toScaled(w.status === 'completed' ? w.goodQuantity : w.quantity, 6), 0n);
      const left = toScaled(l.quantity, 6) - done;
      return { line: l, revisionId: released.get(l.assembly.id) ?? null, quantity: left > 0n ? left : 0n };
    });
    const demands = toCheck.flatMap((c) =>
      c.revisionId && c.quantity > 0n
        ? [{ revisionId: c.revisionId, quantity: fromScaled(c.quantity, 6) }]
        : [],
    );
    const input = await explosionInput(
      tx,
      tenant.companyId,
      demands.map((d) => d.revisionId),
    );
    const result = explode(demands, input);
    return {
      orderId,
      lineId: lineId ?? null,
      lines: toCheck.map((c) => ({
        lineId: c.line.id,
        partNumber: c.line.assembly.partNumber,
        quantity: normalizeDecimal(fromScaled(c.quantity, 6)),
      })),
      canBuild: result.canBuild,
      components: result.components,
      subAssemblies: result.subAssemblies,
    };
  });
}
