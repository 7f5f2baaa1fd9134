// The demo's calendar: its history is dated back from the seed's "now", on the company's days and clock (its zone),
// through the date library the app uses (common/time/calendar.ts, Temporal) — never by adding milliseconds.
import { Temporal } from 'temporal-polyfill';
import { addDays, dateIn, startOfWeek } from '#common/time/calendar.ts';

export interface TDemoCalendar {
  /** The company's today at the seed's now. */
  today: string;
  /** The company's date `days` before today. */
  daysAgo(days: number): string;
  /** The Monday of the week `weeks` before this one. */
  mondayWeeksAgo(weeks: number): string;
  /** The instant of `hour`:`minute` on the company's `date`. */
  at(date: string, hour: number, minute?: number): Date;
}

export function demoCalendar(now: Date, timeZone: string): TDemoCalendar {
  const today = dateIn(now, timeZone);
  return {
    today,
    daysAgo: (days) => addDays(today, -days),
    mondayWeeksAgo: (weeks) => addDays(startOfWeek(today), -7 * weeks),
    at: (date, hour, minute = 0) =>
      new Date(
        Temporal.PlainDate.from(date).toZonedDateTime({
          timeZone,
          plainTime: new Temporal.PlainTime(hour, minute),
        }).epochMilliseconds,
      ),
  };
}
