// Drizzle table of borrowing (when the company allows it): an item checked out of a location to a person or a job
// with a due date. The stock itself moves by 'borrow' and 'return' ledger postings; this row says who has it, until
// when, and how much has come back (migration 0021). Keyed by (company_id, id), with company_id in every foreign key
// (decision 033).
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantRef } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { items, locations } from './inventory.tables.ts';
import { lots, stockTransactions } from './stock.tables.ts';

const tz = { withTimezone: true } as const;

export const borrowings = pgTable(
  'borrowings',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    /** Where it was taken from (and where a return goes back to unless told otherwise). */
    locationId: uuid('location_id').notNull(),
    lotId: uuid('lot_id'),
    quantity: numeric('quantity', { precision: 18, scale: 6 }).notNull(),
    returnedQuantity: numeric('returned_quantity', { precision: 18, scale: 6 }).notNull().default('0'),
    /**
     * A person of the company, or a job — one of the two. A job is picked (job_id, decision 079); job_reference is the
     * free text borrowings had before jobs existed, kept readable for those rows and no longer written.
     */
    borrowerUserId: uuid('borrower_user_id'),
    borrowerName: text('borrower_name').notNull().default(''),
    jobReference: text('job_reference').notNull().default(''),
    jobId: uuid('job_id'),
    dueOn: date('due_on').notNull(),
    note: text('note').notNull().default(''),
    borrowedByName: text('borrowed_by_name').notNull(),
    borrowedAt: timestamp('borrowed_at', tz).notNull().defaultNow(),
    /** Set when the last unit is back. */
    closedAt: timestamp('closed_at', tz),
    transactionId: uuid('transaction_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'borrowings_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'borrowings_item_id_fk',
      columns: [t.companyId, t.itemId],
      foreignColumns: [items.companyId, items.id],
    }),
    foreignKey({
      name: 'borrowings_location_id_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }),
    foreignKey({
      name: 'borrowings_lot_id_fk',
      columns: [t.companyId, t.lotId],
      foreignColumns: [lots.companyId, lots.id],
    }),
    foreignKey({
      name: 'borrowings_transaction_id_fk',
      columns: [t.companyId, t.transactionId],
      foreignColumns: [stockTransactions.companyId, stockTransactions.id],
    }),
    index('borrowings_company_open_idx').on(t.companyId, t.closedAt, t.dueOn),
    index('borrowings_company_item_idx').on(t.companyId, t.itemId),
    tenantRef('borrowings', t, t.jobId, jobs),
    index('borrowings_job_idx').on(t.companyId, t.jobId).where(sql`${t.jobId} is not null`),
    check(
      'borrowings_returned_within',
      sql`${t.returnedQuantity} >= 0 and ${t.returnedQuantity} <= ${t.quantity}`,
    ),
  ],
);

/** One return (whole or part) of a borrowing, with the ledger posting that put the stock back. */
export const borrowingReturns = pgTable(
  'borrowing_returns',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    borrowingId: uuid('borrowing_id').notNull(),
    locationId: uuid('location_id').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 6 }).notNull(),
    returnedByName: text('returned_by_name').notNull(),
    returnedAt: timestamp('returned_at', tz).notNull().defaultNow(),
    transactionId: uuid('transaction_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'borrowing_returns_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'borrowing_returns_borrowing_id_fk',
      columns: [t.companyId, t.borrowingId],
      foreignColumns: [borrowings.companyId, borrowings.id],
    }),
    foreignKey({
      name: 'borrowing_returns_location_id_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }),
    foreignKey({
      name: 'borrowing_returns_transaction_id_fk',
      columns: [t.companyId, t.transactionId],
      foreignColumns: [stockTransactions.companyId, stockTransactions.id],
    }),
    index('borrowing_returns_borrowing_idx').on(t.companyId, t.borrowingId),
  ],
);
