// Display helpers of stock checks: statuses in words and colours (defined once), quantities and money from their
// decimal strings (never through a float), and a count's name.
import type { TCountSession, TCountStatus } from '#common/schemas/stock-check.ts';
import { formatMoney } from '../inventory-setup/format.ts';

export const STATUS_LABELS: Record<TCountStatus, { label: string; color: string }> = {
  counting: { label: 'Counting', color: 'blue' },
  posted: { label: 'Posted', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

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

/** A signed quantity: "+2.5", "-1", "0". */
export function signed(text: string): string {
  return text.startsWith('-') || text === '0' ? text : `+${text}`;
}

/** Money with its sign before the dollar: "-$12.50", "+$3.00". */
export function signedMoney(text: string): string {
  if (text.startsWith('-')) return `-${formatMoney(text.slice(1))}`;
  return text === '0' ? formatMoney(text) : `+${formatMoney(text)}`;
}

/** Whole percent of the lines counted. */
export function percentCounted(session: Pick<TCountSession, 'lines' | 'counted'>): number {
  return session.lines === 0 ? 0 : Math.floor((session.counted * 100) / session.lines);
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
