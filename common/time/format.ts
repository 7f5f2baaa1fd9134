// How dates and instants are written for people: one set of formatters for the server's messages and the web app
// alike, so a refusal's "Nov 23, 2026" reads as the screen beside it does. An instant is always written in a named
// zone — the company's — never the reader's browser zone, so a planner in another country reads the same shop-floor
// day as the operators (decision 040). A calendar date has no zone and is written as it is. The words are in one
// locale, the app's (APP_LOCALE), whatever the runtime's: a server has no reader's browser to ask.
import { Temporal } from 'temporal-polyfill';
import { safeTimeZone, type TInstantInput } from './calendar.ts';

/**
 * The locale every date and time is written in (decision 040, 2026-11-30): the language the app's words are written
 * in, US English ("labor", dollars), as its numbers and money already are. "Nov 23, 2026", "8:05 AM".
 */
export const APP_LOCALE = 'en-US';

/** A locale a caller may still ask for (a test pinning another, a page in another language); APP_LOCALE when none. */
type TLocale = string | undefined;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are costly to build and lists write hundreds of dates: one per (locale, zone, style). */
function formatter(locale: TLocale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? APP_LOCALE}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale ?? APP_LOCALE, options);
    formatters.set(key, found);
  }
  return found;
}

function epochMs(value: TInstantInput): number {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  return Date.parse(value);
}

/** "Nov 25, 2026, 2:05 PM" ("25 Nov 2026, 14:05" in en-GB): an instant on the company's clock. */
export function formatDateTime(instant: TInstantInput, timeZone: string, locale?: TLocale): string {
  return formatter(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: safeTimeZone(timeZone),
  }).format(epochMs(instant));
}

/** "Nov 25, 2026": the company's calendar date of an instant. */
export function formatInstantDate(instant: TInstantInput, timeZone: string, locale?: TLocale): string {
  return formatter(locale, { dateStyle: 'medium', timeZone: safeTimeZone(timeZone) }).format(
    epochMs(instant),
  );
}

/** "2:05 PM" (or "2:05:09 PM" with seconds, for events a minute apart such as scans): the company's clock time. */
export function formatTime(
  instant: TInstantInput,
  timeZone: string,
  locale?: TLocale,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  return formatter(locale, {
    timeStyle: seconds ? 'medium' : 'short',
    timeZone: safeTimeZone(timeZone),
  }).format(epochMs(instant));
}

/** "Nov 25, 2026" ("November 25, 2026" long): a calendar date (YYYY-MM-DD), which has no zone, written as it is. */
export function formatCalendarDate(
  date: string,
  locale?: TLocale,
  { long = false }: { long?: boolean } = {},
): string {
  // Noon UTC written in UTC: the same date on every runtime, whatever its own zone.
  const noon = Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: 'UTC', plainTime: '12:00' });
  return formatter(locale, { dateStyle: long ? 'long' : 'medium', timeZone: 'UTC' }).format(
    noon.epochMilliseconds,
  );
}

/** "Nov 2026": a calendar month (YYYY-MM, e.g. a report's monthly bucket), which has no zone, written as it is. */
export function formatCalendarMonth(month: string, locale?: TLocale): string {
  const noon = Temporal.PlainYearMonth.from(month)
    .toPlainDate({ day: 1 })
    .toZonedDateTime({ timeZone: 'UTC', plainTime: '12:00' });
  return formatter(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    noon.epochMilliseconds,
  );
}
