// The days a view of the PM calendar shows, on the company's calendar (decision 059): a month is the six Monday-to-
// Sunday weeks that hold it (42 days, the API's longest range, so the grid never changes height), a week is Monday
// to Sunday. Every step is common/time/calendar.ts (Temporal): no month or offset arithmetic here.
import { addDays, addMonths, startOfMonth, startOfWeek } from '#common/time/calendar.ts';

export type TCalendarView = 'month' | 'week';

export interface TViewRange {
  from: string;
  to: string;
}

/** The days of `view` around `anchor` (any day inside it). */
export function rangeOf(view: TCalendarView, anchor: string): TViewRange {
  const from = startOfWeek(view === 'month' ? startOfMonth(anchor) : anchor);
  return { from, to: addDays(from, view === 'month' ? 41 : 6) };
}

/** The anchor one view earlier (-1) or later (+1): a month keeps the 1st, a week moves seven days. */
export function shiftAnchor(view: TCalendarView, anchor: string, by: -1 | 1): string {
  return view === 'month' ? addMonths(startOfMonth(anchor), by) : addDays(anchor, 7 * by);
}

/** The Monday-first names of the week's days, from a range's first seven days. */
export function weekOf(from: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(from, i));
}

/** Whether `date` is in the month of `anchor` (a month grid dims the days of its neighbours). */
export const inMonthOf = (date: string, anchor: string) => date.slice(0, 7) === anchor.slice(0, 7);
