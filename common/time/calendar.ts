// Calendar dates and instants in a company's time zone, on Temporal (temporal-polyfill, decision 040).
// A calendar date is ISO text (YYYY-MM-DD) and has no zone; an instant is ISO text in UTC. Every step between the
// two goes through a named IANA zone, so days of 23 or 25 hours and month ends come out right without any offset or
// month arithmetic of our own.
import { Temporal } from 'temporal-polyfill';

/** An instant as the API and the database carry it: ISO text, a Date, or epoch milliseconds. */
export type TInstantInput = string | Date | number;

/** Zone names used when a company has none: the spec's default zone is never guessed, only UTC. */
export const FALLBACK_TIME_ZONE = 'UTC';

function toInstant(value: TInstantInput): Temporal.Instant {
  if (typeof value === 'number') return Temporal.Instant.fromEpochMilliseconds(value);
  if (value instanceof Date) return Temporal.Instant.fromEpochMilliseconds(value.getTime());
  // PostgreSQL writes "2026-11-25 08:00:00+00"; Temporal wants the ISO "T" and a full offset.
  return Temporal.Instant.fromEpochMilliseconds(Date.parse(value));
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    Temporal.Now.instant().toZonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** `timeZone` when it is a known zone, otherwise UTC (a bad stored zone must not break a screen). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE;
}

/** The calendar date (YYYY-MM-DD) of an instant in `timeZone`. */
export function dateIn(instant: TInstantInput, timeZone: string): string {
  return toInstant(instant).toZonedDateTimeISO(safeTimeZone(timeZone)).toPlainDate().toString();
}

/** Today (YYYY-MM-DD) in `timeZone`: where a company's due dates and day buckets begin and end. */
export function todayIn(timeZone: string, now: TInstantInput = Date.now()): string {
  return dateIn(now, timeZone);
}

/** True for a real calendar date written YYYY-MM-DD ("2026-02-30" and half-typed text are not). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  try {
    Temporal.PlainDate.from(text, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instants a calendar date spans in `timeZone`: from its first moment (inclusive) to the next date's first
 * moment (exclusive), as UTC ISO text. A daylight-saving day is 23 or 25 hours long here, as it was on the clock.
 */
export function dayRangeIn(date: string, timeZone: string): { from: string; to: string } {
  const zone = safeTimeZone(timeZone);
  const day = Temporal.PlainDate.from(date);
  const start = day.toZonedDateTime({ timeZone: zone });
  const end = day.add({ days: 1 }).toZonedDateTime({ timeZone: zone });
  return { from: start.toInstant().toString(), to: end.toInstant().toString() };
}

/**
 * The first and the last millisecond of a calendar date in `timeZone`, for filters whose upper bound is inclusive
 * (the audit trail's `to`): "up to and including 24 November" on the company's clock.
 */
export function dayBoundsIn(date: string, timeZone: string): { first: string; last: string } {
  const { from, to } = dayRangeIn(date, timeZone);
  return { first: from, last: Temporal.Instant.from(to).subtract({ milliseconds: 1 }).toString() };
}

/** How many hours the calendar date lasts in `timeZone` (24, or 23 and 25 on daylight-saving days). */
export function hoursInDay(date: string, timeZone: string): number {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: safeTimeZone(timeZone) }).hoursInDay;
}

/**
 * A pure date step with its answers kept for reuse (at most `limit`, then forgotten all at once). The PM calendar
 * steps tens of thousands of plans' grids through the same few hundred start dates and month counts on every request
 * (decision 062), and a Temporal parse, step and print costs some microseconds each; the answers never change.
 */
function remembered<A extends (string | number)[], R>(step: (...args: A) => R, limit = 50_000) {
  const answers = new Map<string, R>();
  return (...args: A): R => {
    const key = args.join('|');
    const known = answers.get(key);
    if (known !== undefined) return known;
    const answer = step(...args);
    if (answers.size >= limit) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}

/** `date` moved by `days` calendar days. */
export const addDays = remembered((date: string, days: number): string =>
  Temporal.PlainDate.from(date).add({ days }).toString(),
);

/** The Monday of `date`'s ISO week (weeks run Monday to Sunday): where a report's week bucket starts. */
export function startOfWeek(date: string): string {
  const day = Temporal.PlainDate.from(date);
  return day.subtract({ days: day.dayOfWeek - 1 }).toString();
}

/**
 * `date` moved by `months` calendar months; a day the target month lacks falls back to its last day (31 January
 * + 1 month = 28 or 29 February). Count from a fixed start (start + k months) to keep a schedule from drifting.
 */
export const addMonths = remembered((date: string, months: number): string =>
  Temporal.PlainDate.from(date).add({ months }, { overflow: 'constrain' }).toString(),
);

/** The first day of `date`'s month: where "this month" starts in a report. */
export function startOfMonth(date: string): string {
  return Temporal.PlainDate.from(date).with({ day: 1 }).toString();
}

/**
 * The instant `months` calendar months after `instant`, counted on the clock of `timeZone`: the same day of the
 * month and time of day, the day clamped to a shorter month's last (a plan begun on 31 January ends on the last day
 * of February). A time the daylight-saving change skips moves forward, as Temporal's 'compatible' rule does.
 */
export function addMonthsToInstant(instant: TInstantInput, months: number, timeZone: string): Date {
  const start = Temporal.Instant.fromEpochMilliseconds(new Date(instant).getTime());
  const moved = start.toZonedDateTimeISO(safeTimeZone(timeZone)).add({ months }, { overflow: 'constrain' });
  return new Date(moved.epochMilliseconds);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = remembered(
  (from: string, to: string): number =>
    Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to), { largestUnit: 'days' }).days,
);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** -1, 0 or 1 as calendar date `a` is before, equal to or after `b`. */
export function compareDates(a: string, b: string): number {
  // Two dates written YYYY-MM-DD (years 0001–9999) sort as their text does: no parse needed. The PM calendar
  // compares dates for each of tens of thousands of plans (decision 059), where two parses a comparison cost most of
  // the time. Anything else (an extended year, a date with a time) goes through Temporal, which also refuses nonsense.
  if (ISO_DATE.test(a) && ISO_DATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return Temporal.PlainDate.compare(Temporal.PlainDate.from(a), Temporal.PlainDate.from(b));
}
