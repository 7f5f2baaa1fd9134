// The periods of a report's chart (the production report's, decision 052, and the Quality dashboard's, 074): each
// day of the period, or each ISO week cut to the period at either end. Keyed by the period's first whole day (the
// day, or the week's Monday), as the reports' statements group them.
import { addDays, compareDates, startOfWeek } from './calendar.ts';

export type TReportGranularity = 'day' | 'week';

/**
 * Every period from `from` to `to`: each day, or each ISO week cut to the report at either end (a report from a
 * Wednesday begins with Wednesday to Sunday).
 */
export function periodsOf(
  from: string,
  to: string,
  granularity: TReportGranularity,
): Array<{ key: string; start: string; end: string }> {
  const periods: Array<{ key: string; start: string; end: string }> = [];
  if (granularity === 'day') {
    for (let day = from; compareDates(day, to) <= 0; day = addDays(day, 1))
      periods.push({ key: day, start: day, end: day });
    return periods;
  }
  for (let monday = startOfWeek(from); compareDates(monday, to) <= 0; monday = addDays(monday, 7)) {
    const sunday = addDays(monday, 6);
    periods.push({
      key: monday,
      start: compareDates(monday, from) < 0 ? from : monday,
      end: compareDates(sunday, to) > 0 ? to : sunday,
    });
  }
  return periods;
}
