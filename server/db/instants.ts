// An instant read from the database as the API writes it: ISO 8601 in UTC. node-postgres gives a timestamptz column
// as a Date, PGlite and raw `queryRows` statements sometimes as text; both come out the same.

/** "2026-11-30T09:45:30.000Z". */
export const iso = (d: Date | string): string => (typeof d === 'string' ? new Date(d) : d).toISOString();

/** The same, or null for a column that may be empty (released, closed, revoked …). */
export const isoOrNull = (d: Date | string | null): string | null => (d === null ? null : iso(d));
