// Drizzle table of a company's suppliers (decision 070): who a receipt came from, so receipt inspection, sampling
// history (per item and supplier) and a return to supplier can name them. A tenant table under row-level security.
import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantColumns, tenantKey } from '../../db/columns.ts';

export const suppliers = pgTable(
  'suppliers',
  {
    ...tenantColumns(),
    /** Short and unique in the company, case-insensitively ("ACME"). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    contact: text('contact').notNull().default(''),
    email: text('email').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey('suppliers', t),
    uniqueIndex('suppliers_code_key').on(t.companyId, sql`lower(${t.code})`),
  ],
);
