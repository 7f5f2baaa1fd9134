// The time range of the security dashboard and its chart buckets (decision 020): defaults, limits, and the
// UTC-aligned hour or day buckets a range is cut into, so the server fills every bucket and the chart has every point.

import { FIRST_INSTANT } from './schemas/dates.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The longest range the dashboard reads at once. */
export const SECURITY_RANGE_MAX_DAYS = 90;
export const SECURITY_RANGE_MAX_MS = SECURITY_RANGE_MAX_DAYS * DAY_MS;

/** The range when none is given: the last 7 days. */
export const SECURITY_RANGE_DEFAULT_MS = 7 * DAY_MS;

/** Ranges up to this long are drawn per hour (at most 49 points); longer ones per UTC day (at most 91). */
export const HOURLY_BUCKETS_UP_TO_MS = 48 * HOUR_MS;

/** How a range is cut for the chart. */
export type TSecurityBucket = 'hour' | 'day';

export const SECURITY_RANGE_MESSAGES = {
  endBeforeStart: 'The end of the range must be after its start',
  tooLong: `The range can span at most ${SECURITY_RANGE_MAX_DAYS} days`,
  tooEarly: 'The range cannot start before 0001-01-01 (without a start, it is the 7 days before its end)',
} as const;

/** The range as the dashboard asks for it: both ends optional, ISO instants. */
export interface TSecurityRangeInput {
  from?: string | undefined;
  to?: string | undefined;
}

/** A resolved range [from, to). */
export interface TSecurityRange {
  from: Date;
  to: Date;
}

/**
 * Fills in the missing ends: `to` defaults to now, `from` to 7 days before `to`. Does not check the result; see
 * `securityRangeProblem`.
 */
export function resolveSecurityRange(input: TSecurityRangeInput, now: Date = new Date()): TSecurityRange {
  const to = input.to ? new Date(input.to) : now;
  const from = input.from ? new Date(input.from) : new Date(to.getTime() - SECURITY_RANGE_DEFAULT_MS);
  return { from, to };
}

/** What is wrong with a range, as the field to blame and the message, or null when it is fine. */
export function securityRangeProblem(
  input: TSecurityRangeInput,
  now: Date = new Date(),
): { field: 'from' | 'to'; message: string } | null {
  const { from, to } = resolveSecurityRange(input, now);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return null; // the field's own format check says it
  if (from.getTime() >= to.getTime()) return { field: 'to', message: SECURITY_RANGE_MESSAGES.endBeforeStart };
  if (to.getTime() - from.getTime() > SECURITY_RANGE_MAX_MS) {
    return { field: 'from', message: SECURITY_RANGE_MESSAGES.tooLong };
  }
  // A default start before year 1 is year 0 in the query, which PostgreSQL cannot read (a 500 found by the fuzz test).
  if (from.getTime() < FIRST_INSTANT) {
    return { field: input.from ? 'from' : 'to', message: SECURITY_RANGE_MESSAGES.tooEarly };
  }
  return null;
}

/** Hours for a range up to 48 hours, days beyond. */
export function bucketFor(range: TSecurityRange): TSecurityBucket {
  return range.to.getTime() - range.from.getTime() <= HOURLY_BUCKETS_UP_TO_MS ? 'hour' : 'day';
}

/** The length of one bucket in milliseconds. */
export function bucketMs(bucket: TSecurityBucket): number {
  return bucket === 'hour' ? HOUR_MS : DAY_MS;
}

/** The start of the UTC hour or day that holds `at`. */
export function bucketStartOf(at: Date, bucket: TSecurityBucket): Date {
  const size = bucketMs(bucket);
  return new Date(Math.floor(at.getTime() / size) * size);
}

/**
 * The start of every bucket the range touches, oldest first: from the bucket holding `from` to the one holding the
 * last instant before `to`. The first and last may be partial; events are counted only inside the range.
 */
export function bucketStarts(range: TSecurityRange, bucket: TSecurityBucket): Date[] {
  const size = bucketMs(bucket);
  const starts: Date[] = [];
  for (let at = bucketStartOf(range.from, bucket).getTime(); at < range.to.getTime(); at += size) {
    starts.push(new Date(at));
  }
  return starts;
}
