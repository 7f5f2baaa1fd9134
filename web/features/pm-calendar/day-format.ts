// How the PM calendar writes its days: "Mon", "27", "November 2026", "Friday 27 November" — calendar dates (no zone),
// written at noon UTC in UTC so every runtime gives the same day, as common/time/format.ts does.
import { Temporal } from 'temporal-polyfill';

const noon = (date: string) =>
  Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: 'UTC', plainTime: '12:00' }).epochMilliseconds;
const format = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' }).format(noon(date));

export const weekdayShort = (date: string) => format(date, { weekday: 'short' });
export const dayOfMonth = (date: string) => String(Temporal.PlainDate.from(date).day);
export const monthTitle = (date: string) => format(date, { month: 'long', year: 'numeric' });
export const dayTitle = (date: string) => format(date, { weekday: 'long', day: 'numeric', month: 'long' });
export const shortDay = (date: string) => format(date, { day: 'numeric', month: 'short', year: 'numeric' });
