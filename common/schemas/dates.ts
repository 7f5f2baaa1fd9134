// Dates and instants as the API takes them: ISO text that the database can store too.
import { z } from 'zod';

/**
 * The first and last instants the database is ever sent: JavaScript writes year 0 (1 BC) as "0000", which
 * PostgreSQL refuses, and a year past 9999 with a sign, which it cannot read either.
 */
export const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** An ISO date such as 2026-01-31, in the years 0001 to 9999. */
export function isoDate(message: string) {
  return z.iso.date(message).refine((value) => !value.startsWith('0000'), message);
}

/** An ISO date and time with its offset, such as 2026-01-31T08:00:00+01:00, between 0001 and 9999 in UTC. */
export function isoDateTime(message: string) {
  return z.iso.datetime({ offset: true, error: message }).refine((value) => {
    const instant = Date.parse(value);
    return instant >= FIRST_INSTANT && instant <= LAST_INSTANT;
  }, message);
}
