// The security event log: record what happened to an account, and page through it for sysadmins.
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { AppError } from '#common/errors.ts';
import { isoDateTime } from '#common/schemas/dates.ts';
import type { TDb } from '../db/client.ts';
import {
  SECURITY_EVENT_OUTCOME,
  ZSecurityEventTypeSchema,
  ZSecurityOutcomeSchema,
} from './security-event-types.ts';
import { securityEvents } from './security-events.tables.ts';

/** An event as the code that saw it describes it. `details` must never hold a password, code, token or session id. */
export const ZSecurityEventInputSchema = z.object({
  type: ZSecurityEventTypeSchema,
  outcome: ZSecurityOutcomeSchema.optional(),
  companyId: z.uuid().nullish(),
  userId: z.string().min(1).nullish(),
  email: z.string().trim().toLowerCase().min(1).max(320).nullish(),
  ip: z.string().min(1).max(64).nullish(),
  // Headers are the client's to choose: keep enough to recognise a browser, not a megabyte.
  userAgent: z
    .string()
    .transform((v) => v.slice(0, 512))
    .nullish(),
  details: z.record(z.string(), z.unknown()).optional(),
  /** When it happened; now by default. Milliseconds are kept, as the column does. */
  at: z.date().optional(),
});
export type TSecurityEventInput = z.input<typeof ZSecurityEventInputSchema>;

/** A stored event. */
export type TSecurityEvent = typeof securityEvents.$inferSelect;

/** Records one event (as the owner: a system table) and returns it. */
export async function recordSecurityEvent(db: TDb, event: TSecurityEventInput): Promise<TSecurityEvent> {
  const e = ZSecurityEventInputSchema.parse(event);
  const [row] = await db
    .insert(securityEvents)
    .values({
      id: uuidv7(),
      companyId: e.companyId ?? null,
      userId: e.userId ?? null,
      email: e.email ?? null,
      type: e.type,
      ip: e.ip ?? null,
      userAgent: e.userAgent ?? null,
      outcome: e.outcome ?? SECURITY_EVENT_OUTCOME[e.type],
      details: e.details ?? {},
      ...(e.at ? { createdAt: e.at } : {}),
    })
    .returning();
  return row!;
}

/** Which events to list: a time range [from, to), optionally some types or one company, a page at a time. */
export interface TSecurityEventQuery {
  from: Date;
  to: Date;
  types?: readonly z.infer<typeof ZSecurityEventTypeSchema>[];
  companyId?: string;
  /** Page size, 1 to 200. */
  limit: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string | null;
}

/** One page, newest first, and the cursor of the next (null on the last page). */
export interface TSecurityEventPage {
  events: TSecurityEvent[];
  nextCursor: string | null;
}

const MAX_PAGE = 200;

/**
 * Lists events newest first. Keyset pagination on (created_at, id): a page costs the same however deep it is,
 * and events recorded meanwhile neither repeat nor shift rows between pages.
 */
export async function listSecurityEvents(db: TDb, query: TSecurityEventQuery): Promise<TSecurityEventPage> {
  const limit = Math.min(Math.max(Math.trunc(query.limit), 1), MAX_PAGE);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const conditions: (SQL | undefined)[] = [
    gte(securityEvents.createdAt, query.from),
    lt(securityEvents.createdAt, query.to),
    query.types?.length ? inArray(securityEvents.type, [...query.types]) : undefined,
    query.companyId ? eq(securityEvents.companyId, query.companyId) : undefined,
    after
      ? sql`(${securityEvents.createdAt}, ${securityEvents.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined,
  ];
  const rows = await db
    .select()
    .from(securityEvents)
    .where(and(...conditions))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(limit + 1);
  const events = rows.slice(0, limit);
  const last = events.at(-1);
  return {
    events,
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

// A crafted cursor's instant must be one PostgreSQL reads (year 0 was a 500): the same rule as the range's.
const ZCursorSchema = z.tuple([isoDateTime('Not an instant'), z.uuid()]);

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');
}

function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = ZCursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { at, id };
  } catch {
    throw new AppError('BAD_REQUEST', 'This page link is not valid; start from the first page.');
  }
}
