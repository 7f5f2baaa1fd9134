// Drizzle table of rate-limit buckets: one fixed window per key, shared by every server instance.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A counter per key ('sign-in:account:<email>', 'sign-in:ip:<address>'); a system table, like the outbox. */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
