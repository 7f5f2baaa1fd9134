// A calendar date picked from a calendar (decision 040, "Forms"): @mantine/dates' DatePickerInput, whose values are
// already 'YYYY-MM-DD' text, the same as our calendar dates (a due date, a lot's expiry), so nothing goes through a
// Date in a time zone. "Today" is the company's (useCompanyClock), not the browser's, and the chosen date reads as
// every other calendar date does (clock.calendarDate). Keyboard: Enter or Space opens the calendar, Tab reaches the
// month, the arrow keys move by day and week, Enter picks, Escape closes; either way the focus is back on the field.
import { DatePickerInput } from '@mantine/dates';
import { type FocusEventHandler, type ReactNode, useId } from 'react';
import { type TCompanyClock, useCompanyClock } from '../lib/company-clock.tsx';

/** A bound of the dates that may be picked: a 'YYYY-MM-DD' date, or 'today' on the company's clock. */
export type TDateBound = string | 'today';

/** Names of the calendar's own buttons (Mantine leaves them unnamed). */
export const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose the month',
  yearLevelControl: 'Choose the year',
};

/** The props both fields share. */
export interface TDateFieldBase {
  label: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** The first and last days that may be picked. */
  min?: TDateBound | undefined;
  max?: TDateBound | undefined;
  /** A button that empties the field (for optional dates). */
  clearable?: boolean;
  w?: Parameters<typeof DatePickerInput>[0]['w'];
  onFocus?: FocusEventHandler<HTMLButtonElement>;
  onBlur?: FocusEventHandler<HTMLButtonElement>;
}

/** A bound as a date: 'today' is the company's today. */
export const boundOf = (bound: TDateBound | undefined, clock: TCompanyClock) =>
  bound === 'today' ? clock.today() : bound || undefined;

/**
 * What the pickers share: calendar names, bounds, and the month the calendar opens on. `labelId` (a useId of the
 * field's) names the calendar: Mantine labels its dialog by an id no element carries (axe's aria-dialog-name).
 */
export function pickerProps(
  props: TDateFieldBase,
  clock: TCompanyClock,
  shown: string | null,
  labelId: string,
) {
  const minDate = boundOf(props.min, clock);
  const maxDate = boundOf(props.max, clock);
  const today = clock.today();
  // Open on the chosen date, else on the company's today (kept within the bounds), not the browser's.
  const opensOn =
    shown ?? (minDate && today < minDate ? minDate : maxDate && today > maxDate ? maxDate : today);
  return {
    label: props.label,
    description: props.description,
    error: props.error,
    required: props.required,
    clearable: props.clearable,
    w: props.w,
    onFocus: props.onFocus,
    onBlur: props.onBlur,
    minDate,
    maxDate,
    defaultDate: opensOn,
    ariaLabels: CALENDAR_LABELS,
    labelProps: { id: labelId },
    // The calendar opens in the dialog's place on a phone as on a desktop; within a modal it stays above it. Its
    // dialog is labelled by the popover's id, here the field's label. Once a day is picked (by click or Enter) the
    // calendar closes and its focused day goes with it: Mantine leaves the focus on <body>, outside any modal's trap,
    // so Tab walked the page behind the dialog and a scanner's keys reached the page. `returnFocus` gives it back
    // to the field.
    popoverProps: { withinPortal: true, id: labelId, returnFocus: true },
    // Only the month's own days, and weekends written like the other days: the greyed days of the months around
    // it read at 2.4:1 and Mantine's red weekends at 3.3:1 (axe's color-contrast).
    hideOutsideDates: true,
    weekendDays: [],
  };
}

/** One calendar date, '' when none is chosen. */
export function DateField({
  value,
  onChange,
  ...props
}: TDateFieldBase & {
  /** 'YYYY-MM-DD', or '' (or nothing) when none is chosen. */
  value?: string | undefined;
  onChange: (value: string) => void;
}) {
  const clock = useCompanyClock();
  const labelId = useId();
  return (
    <DatePickerInput
      {...pickerProps(props, clock, value || null, labelId)}
      value={value || null}
      onChange={(picked) => onChange(picked ?? '')}
      valueFormatter={({ date }) => (typeof date === 'string' && date ? clock.calendarDate(date) : '')}
      placeholder="Pick a date"
    />
  );
}
