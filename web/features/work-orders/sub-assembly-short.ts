// What a planned work order is still short of a sub-assembly (decision 064), for its page's Sub-assemblies section:
// the quantity its "Plan … of" button offers. Pure, so it is tested beside it.
import { toScaled } from '#common/decimal.ts';
import type { TWorkOrderDetail, TWorkOrderSummary } from '#common/schemas/work-orders.ts';

/** Child work orders that will still bring their output. */
const OPEN = new Set(['planned', 'released', 'in_progress', 'paused']);

/**
 * Required less what is available and less what open child work orders of it are for (scaled to 6); 0 when that is
 * covered. Only a planned work order: once released, its reservation (and what it awaits) says it instead.
 */
export function stillShort(
  w: Pick<TWorkOrderDetail, 'status'>,
  c: Pick<TWorkOrderDetail['components'][number], 'assemblyId' | 'required' | 'available'>,
  children: readonly Pick<TWorkOrderSummary, 'assemblyId' | 'status' | 'quantity'>[],
): bigint {
  if (w.status !== 'planned') return 0n;
  const available = toScaled(c.available, 6) > 0n ? toScaled(c.available, 6) : 0n;
  const coming = children
    .filter((k) => k.assemblyId === c.assemblyId && OPEN.has(k.status))
    .reduce((s, k) => s + toScaled(k.quantity, 6), 0n);
  const short = toScaled(c.required, 6) - available - coming;
  return short > 0n ? short : 0n;
}
