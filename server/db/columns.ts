// The columns and keys every tenant table writes the same way (decision 033): an id and the company, company_id first
// in the primary key and in every foreign key, so a row can only ever point at a row of its own company. New tables
// use these (decision 070); the older table files still spell them out and move here as they are next changed.
import { type AnyPgColumn, foreignKey, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../modules/companies/companies.tables.ts';

/** Timestamps are instants: stored with their zone, shown in the company's. */
export const tz = { withTimezone: true } as const;

/** `id` and `company_id` (deleted with the company). Fresh builders per table: spread it into the columns. */
export const tenantColumns = () => ({
  id: uuid('id').notNull(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
});

/** `created_at`, now by default. */
export const createdAt = () => timestamp('created_at', tz).notNull().defaultNow();

/** The primary key `(company_id, id)`, named `<table>_pkey`. */
export const tenantKey = (table: string, t: { companyId: AnyPgColumn; id: AnyPgColumn }) =>
  primaryKey({ name: `${table}_pkey`, columns: [t.companyId, t.id] });

/** A foreign key `(company_id, column) → target (company_id, id)`, named `<table>_<column>_fk`. */
export const tenantRef = (
  table: string,
  t: { companyId: AnyPgColumn },
  column: AnyPgColumn,
  target: { companyId: AnyPgColumn; id: AnyPgColumn },
) =>
  foreignKey({
    name: `${table}_${column.name}_fk`,
    columns: [t.companyId, column],
    foreignColumns: [target.companyId, target.id],
  });
