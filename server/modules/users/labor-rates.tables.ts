// Burdened labor rates with the date each took effect, so that job cost can use the rate in force at the time.
import { index, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';
import { companies } from '../companies/companies.tables.ts';

export const laborRates = pgTable(
  'labor_rates',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Money per hour; numeric, never binary floating point in the database. */
    rate: numeric('rate', { precision: 10, scale: 2 }).notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    /** Who set it (null: the server itself). */
    setBy: uuid('set_by'),
  },
  (t) => [
    primaryKey({ name: 'labor_rates_pkey', columns: [t.companyId, t.id] }),
    // user_id is global (users are keyed by id alone), so this index need not lead with company_id.
    index('labor_rates_user_effective_idx').on(t.userId, t.effectiveFrom),
  ],
);
