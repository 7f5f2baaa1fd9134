// How the PM calendar writes its days: "Mon", "27", "November 2026", "Friday, November 27" — calendar dates (no zone),
// written at noon UTC in UTC so every runtime gives the same day, in the app's locale, as common/time/format.ts does.
import { Temporal } from 'temporal-polyfill';
import { APP_LOCALE } from '#common/time/format.ts';

const noon = (date: string) =>
  Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: 'UTC', plainTime: '12:00' }).epochMilliseconds;
const format = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(APP_LOCALE, { ...options, timeZone: 'UTC' }).format(noon(date));

export const weekdayShort = (date: string) => format(date, { weekday: 'short' });
export const dayOfMonth = (date: string) => String(Temporal.PlainDate.from(date).day);
export const monthTitle = (date: string) => format(date, { month: 'long', year: 'numeric' });
export const dayTitle = (date: string) => format(date, { weekday: 'long', day: 'numeric', month: 'long' });
export const shortDay = (date: string) => format(date, { day: 'numeric', month: 'short', year: 'numeric' });
