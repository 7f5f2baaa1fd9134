// How a chart writes the points of its time axis: on the company's clock, never the browser's (decision 040).
// Reports bucket by the company's days and months, so those buckets arrive as calendar dates and months, which
// have no zone and are written as they are; a single instant is written in the company's zone.
import { useCompanyClock } from '../../lib/company-clock.tsx';

/**
 * What the `at` of a chart's points is:
 * - `instant`: an ISO instant ("2026-11-24T23:30:00Z"), written on the company's clock ("25 Nov 2026, 08:30");
 * - `day`: a company day, YYYY-MM-DD ("25 Nov 2026");
 * - `month`: a company month, YYYY-MM ("Nov 2026");
 * - `label`: already words, such as a sample number, written as given.
 */
export type TChartTime = 'instant' | 'day' | 'month' | 'label';

/** The column header of a time in a chart's table. */
export const TIME_HEADERS: Record<TChartTime, string> = {
  instant: 'Time',
  day: 'Date',
  month: 'Month',
  label: 'Sample',
};

/** A function writing an `at` of the given kind as people read it. */
export function useTimeLabel(kind: TChartTime): (at: string) => string {
  const clock = useCompanyClock();
  switch (kind) {
    case 'instant':
      return clock.dateTime;
    case 'day':
      return clock.calendarDate;
    case 'month':
      return clock.calendarMonth;
    case 'label':
      return (at) => at;
  }
}
