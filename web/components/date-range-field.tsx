// A period of calendar dates picked from one calendar (a report's From and To): the first click or Enter starts it,
// the second ends it, so a period can never end before it starts. Values are 'YYYY-MM-DD' text as in date-field.tsx.
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useId, useState } from 'react';
import { useCompanyClock } from '../lib/company-clock.tsx';
import { pickerProps, type TDateFieldBase } from './date-field.tsx';

/** A period: its first and last days, both '' when no period is chosen. */
export interface TDateRange {
  from: string;
  to: string;
}

/** A period; `onChange` hears only whole periods (or none, when cleared), never a half-picked one. */
export function DateRangeField({
  value,
  onChange,
  ...props
}: TDateFieldBase & {
  value: TDateRange;
  onChange: (value: TDateRange) => void;
}) {
  const clock = useCompanyClock();
  const labelId = useId();
  // The first day while the second is being picked: the picker's own state, not the period's.
  const [started, setStarted] = useState<DatesRangeValue<string> | null>(null);
  const shown: DatesRangeValue<string> = started ?? [value.from || null, value.to || null];
  const pick = ([from, to]: DatesRangeValue<string>) => {
    if (from && to) {
      setStarted(null);
      onChange({ from, to });
    } else if (from) setStarted([from, null]);
    // Emptied: by the clear button, or by closing the calendar half-way, which keeps the period there was.
    else if (started) setStarted(null);
    else onChange({ from: '', to: '' });
  };
  return (
    <DatePickerInput
      type="range"
      allowSingleDateInRange
      {...pickerProps(props, clock, shown[0], labelId)}
      value={shown}
      onChange={pick}
      valueFormatter={({ date }) =>
        Array.isArray(date)
          ? date
              .filter((day): day is string => typeof day === 'string' && day !== '')
              .map((day) => clock.calendarDate(day))
              .join(' – ')
          : ''
      }
      placeholder="Pick the first and last days"
    />
  );
}
