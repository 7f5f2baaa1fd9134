// Drizzle table of security events: the audit trail of sign-ins, lockouts and account changes.
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One event. No foreign keys: an audit record must outlive the company or user it names.
 * created_at keeps milliseconds only, so a JavaScript Date in a page cursor matches a row's time exactly.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id'),
    userId: text('user_id'),
    email: text('email'),
    type: text('type').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    outcome: text('outcome').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_created_idx').on(t.createdAt),
    index('security_events_company_created_idx').on(t.companyId, t.createdAt),
    index('security_events_type_created_idx').on(t.type, t.createdAt),
  ],
);
