// The week view's days (decision 082): Monday to Sunday as the server counted them (its daily totals, 23 or 25 hours
// on a daylight-saving day), each with the entries that touch it on the company's clock — an entry across midnight
// shows under both days, as it counts in both; a running one from its start to now, as the server counts it — and the
// weeks before and after.
import type { TTimeEntry, TWeek } from '#common/schemas/time.ts';
import { addDays, dayRangeIn } from '#common/time/calendar.ts';

export interface TWeekDay {
  date: string;
  seconds: number;
  /** Exact hours to two decimals, as the server added them up ("7.5"). */
  hours: string;
  entries: TTimeEntry[];
}

/** The week's seven days with their entries, by start; a running entry reaches `now` (epoch ms), not the days after. */
export function weekDays(week: TWeek, now: number): TWeekDay[] {
  return week.days.map((day) => {
    const { from, to } = dayRangeIn(day.date, week.timeZone);
    const start = Date.parse(from);
    const end = Date.parse(to);
    const entries = week.entries.filter((e) => {
      const entryStart = Date.parse(e.startedAt);
      // A running entry touches the instant it is, so it shows under today even in its first second.
      const entryEnd = e.endedAt === null ? Math.max(now, entryStart + 1) : Date.parse(e.endedAt);
      return entryStart < end && entryEnd > start;
    });
    return { date: day.date, seconds: day.seconds, hours: day.hours, entries };
  });
}

/** The Monday `weeks` weeks from the week starting on `monday` (negative: before). */
export const shiftWeek = (monday: string, weeks: number) => addDays(monday, 7 * weeks);

/** "7.5 h"; an empty day reads "0 h". */
export const hoursLabel = (hours: string) => `${hours} h`;

/** What the entry was spent on: its step, else its activity, else nothing to add. */
export function entryDetail(
  entry: Pick<TTimeEntry, 'stepLabel' | 'activity'>,
  activityLabel: (a: NonNullable<TTimeEntry['activity']>) => string,
): string | null {
  return entry.stepLabel ?? (entry.activity ? activityLabel(entry.activity) : null);
}
