// Drizzle table of first-party analytics events, recorded only with the visitor's consent.
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables.ts';

/**
 * One event. A system table rather than a tenant one: a signed-out visitor's page view has no company.
 * Row-level security still shows a company only its own rows.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    name: text('name').notNull(),
    path: text('path').notNull(),
    props: jsonb('props').$type<Record<string, string | number | boolean>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_company_created_idx').on(t.companyId, t.createdAt),
    index('analytics_events_created_idx').on(t.createdAt),
  ],
);
