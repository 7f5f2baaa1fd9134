// An instant or a calendar date as a person reads it, on the company's clock (decision 040), in a <time> element
// so that the machine-readable value stays beside the words. Usable where a hook cannot be called, such as a list
// column's cell function.
import { useCompanyClock } from '../lib/company-clock.tsx';

/** An instant (ISO text from the API): "25 Nov 2026, 08:30", or only its date or time, on the company's clock. */
export function When({ at, show = 'dateTime' }: { at: string; show?: 'dateTime' | 'date' | 'time' }) {
  const clock = useCompanyClock();
  return <time dateTime={at}>{clock[show](at)}</time>;
}

/** A calendar date (YYYY-MM-DD, e.g. a due date), which has no zone: "25 Nov 2026". */
export function OnDate({ date }: { date: string }) {
  const clock = useCompanyClock();
  return <time dateTime={date}>{clock.calendarDate(date)}</time>;
}
