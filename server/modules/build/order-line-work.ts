// What an order line's own work orders take of it and what scrap left it short of (decision 064): exact sums on
// the ledger's six decimals, read by the order page and "left to plan".
import { normalizeDecimal, toScaled } from '#common/decimal.ts';
import type { TOrderWorkRow } from './orders.repo.ts';

const Q = 6;
export type TOwnWork = Pick<TOrderWorkRow, 'quantity' | 'good_quantity' | 'scrap_quantity' | 'status'>;
export const positive = (v: bigint) => (v > 0n ? v : 0n);
export const min = (a: bigint, b: bigint) => (a < b ? a : b);
export const sum = (work: readonly TOwnWork[], of: (w: TOwnWork) => string) =>
  work.reduce((s, w) => s + toScaled(normalizeDecimal(of(w)), Q), 0n);

/**
 * What a line's own work orders take of it (scaled): a completed one its good units, so what scrap lost is left to
 * plan again (decision 064); an unfinished one its quantity; a cancelled one nothing.
 */
export function plannedOf(work: readonly TOwnWork[]): bigint {
  const live = work.filter((w) => w.status !== 'cancelled');
  return sum(live, (w) => (w.status === 'completed' ? w.good_quantity : w.quantity));
}

/** What completed work orders made fewer good units than they were for (scaled). */
export function shortOf(work: readonly TOwnWork[]): bigint {
  return work
    .filter((w) => w.status === 'completed')
    .reduce(
      (s, w) =>
        s +
        positive(toScaled(normalizeDecimal(w.quantity), Q) - toScaled(normalizeDecimal(w.good_quantity), Q)),
      0n,
    );
}
