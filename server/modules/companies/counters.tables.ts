// Per-company counters (decision 044, "Orders"): `update … set next_value = next_value + 1 returning` inside the
// caller's transaction gives gap-free numbers per company and per kind (build orders, work orders, later
// nonconformances), where a PostgreSQL sequence per company would be DDL at sign-up and leave gaps on rollback.
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.tables.ts';

/** The next number of a kind in a company (a row appears on first use, starting at 1). */
export const companyCounters = pgTable(
  'company_counters',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nextValue: bigint('next_value', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'company_counters_pkey', columns: [t.companyId, t.name] }),
    check('company_counters_next_check', sql`${t.nextValue} > 0`),
  ],
);
