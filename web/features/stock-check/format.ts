// Display helpers of stock checks: a count's name, scope and progress. Signed quantities and money
// come from web/lib (formatSignedQuantity, formatSignedMoney).
import type { TCountSession } from '#common/schemas/stock-check.ts';

/** "Count 12 · Aisle A" */
export function countName(session: Pick<TCountSession, 'number' | 'title'>): string {
  return session.title ? `Count ${session.number} · ${session.title}` : `Count ${session.number}`;
}

/** What a count covers, in words. */
export function scopeText(session: TCountSession): string {
  return session.scope === 'location'
    ? `${session.locationCode ?? 'A location'} and everything under it`
    : 'Chosen items, wherever they are';
}

/** Whole percent of the lines counted. */
export function percentCounted(session: Pick<TCountSession, 'lines' | 'counted'>): number {
  return session.lines === 0 ? 0 : Math.floor((session.counted * 100) / session.lines);
}
