// Rate limits kept in the database: one atomic statement per attempt, so every instance shares one count per key.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../db/client.ts';

/** How many attempts a key may make per window, and how long it is refused once it has made one too many. */
export interface TRateLimitRule {
  limit: number;
  windowMs: number;
  /** Refuse the key for this long after the first attempt over the limit; without it, until the window ends. */
  blockMs?: number;
}

/** One attempt to count: the key (e.g. 'sign-in:account:pat@example.test') and, for tests, the time. */
export interface TRateLimitAttempt extends TRateLimitRule {
  key: string;
  now?: Date;
}

/** The verdict on an attempt. */
export interface TRateLimitResult {
  allowed: boolean;
  /** Attempts left in this window after this one. */
  remaining: number;
  /** When refused, how long until an attempt may succeed (for Retry-After); 0 when allowed. */
  retryAfterMs: number;
}

const ms = (value: number) => sql`(${value}::double precision * interval '1 millisecond')`;

/**
 * Counts one attempt against `key` and says whether it is within the limit.
 * One INSERT … ON CONFLICT DO UPDATE: the row lock orders concurrent attempts, on any number of instances,
 * so no more than `limit` are ever allowed in a window. The count stops at limit + 1 (it cannot overflow).
 */
export async function consumeRateLimit(db: TDb, attempt: TRateLimitAttempt): Promise<TRateLimitResult> {
  const { key, limit, windowMs } = attempt;
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`rate limit for ${key} must be a whole number ≥ 1`);
  const now = sql`${(attempt.now ?? new Date()).toISOString()}::timestamptz`;
  const blockMs = attempt.blockMs ?? 0;
  // The window starts afresh when it has run out, or when a block has ended.
  const fresh = sql`(b.blocked_until is not null or b.window_start + ${ms(windowMs)} <= ${now})`;
  const blocked = sql`(b.blocked_until > ${now})`;
  const [row] = await queryRows<{ count: number; blocked: boolean; retry_after_ms: number }>(
    db,
    sql`
      insert into rate_limit_buckets as b (key, window_start, count, blocked_until)
      values (${key}, ${now}, 1, null)
      on conflict (key) do update set
        count = case when ${blocked} then b.count when ${fresh} then 1 else least(b.count + 1, ${limit}::int + 1) end,
        window_start = case when ${blocked} then b.window_start when ${fresh} then ${now} else b.window_start end,
        blocked_until = case
          when ${blocked} then b.blocked_until
          when ${fresh} then null
          when b.count + 1 > ${limit}::int and ${blockMs}::double precision > 0 then ${now} + ${ms(blockMs)}
          else null
        end
      returning
        count,
        coalesce(blocked_until > ${now}, false) as blocked,
        greatest(0, extract(epoch from (
          case when blocked_until > ${now} then blocked_until else window_start + ${ms(windowMs)} end
        ) - ${now}) * 1000)::double precision as retry_after_ms`,
  );
  if (!row) throw new Error(`rate limit upsert for ${key} returned no row`);
  const count = Number(row.count);
  const allowed = !row.blocked && count <= limit;
  return {
    allowed,
    remaining: allowed ? limit - count : 0,
    retryAfterMs: allowed ? 0 : Math.ceil(Number(row.retry_after_ms)),
  };
}

/**
 * Gives back one attempt counted by `consumeRateLimit` (a right password: only failures count). A block already
 * running stays: it was earned by attempts over the limit, which are never given back.
 */
export async function refundRateLimit(db: TDb, key: string): Promise<void> {
  await db.execute(sql`update rate_limit_buckets set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Forgets a key's attempts (after a successful sign-in, the failures from that address no longer count). */
export async function resetRateLimit(db: TDb, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limit_buckets where key = ${key}`);
}

/**
 * Deletes buckets that can no longer refuse anything: window older than `olderThanMs` (the longest window in use)
 * and no block still running. Returns how many went.
 */
export async function deleteExpiredRateLimitBuckets(
  db: TDb,
  options: { olderThanMs: number; now?: Date },
): Promise<number> {
  const now = sql`${(options.now ?? new Date()).toISOString()}::timestamptz`;
  const rows = await queryRows<{ key: string }>(
    db,
    sql`delete from rate_limit_buckets
        where window_start + ${ms(options.olderThanMs)} <= ${now}
          and (blocked_until is null or blocked_until <= ${now})
        returning key`,
  );
  return rows.length;
}
