// Drizzle tables of maintenance alerts (decision 050): who is told and when, one row per reminder ever decided (its
// key unique, written in the same transaction as its outbox message, so a reminder is sent exactly once whatever
// the number of schedulers and wherever one dies), and each user's secret, revocable iCalendar feed.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables.ts';

const tz = { withTimezone: true } as const;

/** A company's maintenance e-mail settings (one row; the defaults apply until an admin saves). */
export const maintenanceEmailSettings = pgTable(
  'maintenance_email_settings',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Days before the due date that "due soon" is sent (a plan's own lead time wins when longer). */
    daysBefore: integer('days_before').notNull().default(3),
    /** Overdue reminders every N days; 0: none. */
    overdueEveryDays: integer('overdue_every_days').notNull().default(1),
    breakdownAlerts: boolean('breakdown_alerts').notNull().default(true),
    dailyDigest: boolean('daily_digest').notNull().default(false),
    /** The hour of the company's day (0–23) the digest is sent. */
    digestHour: integer('digest_hour').notNull().default(7),
    /**
     * When the digest was last turned on or given another hour (the app clock): a day's digest goes only if its
     * hour came after this, so one configured at 20:37 for 07:00 waits for the next 07:00 (decision 067). Null:
     * set before this column, no wait.
     */
    digestFrom: timestamp('digest_from', tz),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'maintenance_email_settings_pkey', columns: [t.companyId] }),
    check(
      'maintenance_email_settings_numbers_check',
      sql`${t.daysBefore} >= 0 and ${t.overdueEveryDays} >= 0 and ${t.digestHour} between 0 and 23`,
    ),
  ],
);

/** Who receives maintenance mail: a person of the company, or an outside address (exactly one). */
export const maintenanceRecipients = pgTable(
  'maintenance_recipients',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    email: text('email'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'maintenance_recipients_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('maintenance_recipients_user_key').on(t.companyId, t.userId),
    uniqueIndex('maintenance_recipients_email_key').on(t.companyId, sql`lower(${t.email})`),
    check('maintenance_recipients_one_check', sql`(${t.userId} is null) <> (${t.email} is null)`),
  ],
);

/**
 * A reminder decided by the scheduler: `key` names it (e.g. due-soon:<occurrence>, overdue:<occurrence>:<date>,
 * breakdown:<id>, digest:<date>) and is unique per company; the row and its outbox message commit together, so a
 * second scheduler's insert conflicts and sends nothing, and a crash before the commit leaves neither.
 */
export const maintenanceNotices = pgTable(
  'maintenance_notices',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** due_soon | overdue | breakdown | digest | test */
    kind: text('kind').notNull(),
    occurrenceId: uuid('occurrence_id'),
    breakdownId: uuid('breakdown_id'),
    recipients: integer('recipients').notNull(),
    decidedAt: timestamp('decided_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'maintenance_notices_pkey', columns: [t.companyId, t.key] }),
    index('maintenance_notices_decided_idx').on(t.companyId, t.decidedAt),
    check(
      'maintenance_notices_kind_check',
      sql`${t.kind} in ('due_soon', 'overdue', 'breakdown', 'digest', 'test')`,
    ),
  ],
);

/** A user's iCalendar feed: the link carries a secret whose SHA-256 is kept here; revoking sets revoked_at. */
export const maintenanceCalendarFeeds = pgTable(
  'maintenance_calendar_feeds',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', tz),
    lastReadAt: timestamp('last_read_at', tz),
  },
  (t) => [
    primaryKey({ name: 'maintenance_calendar_feeds_pkey', columns: [t.companyId, t.id] }),
    // The feed is read before any tenant is known (a calendar app has no session): by its hash alone.
    uniqueIndex('maintenance_calendar_feeds_token_key').on(t.tokenHash),
    // One live feed per user: a new link revokes the old.
    uniqueIndex('maintenance_calendar_feeds_live_key')
      .on(t.companyId, t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);
