// Drizzle table of borrowing (when the company allows it): an item checked out of a location to a person or a job
// with a due date. The stock itself moves by 'borrow' and 'return' ledger postings; this row says who has it, until
// when, and how much has come back (migration 0021).
import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables.ts';
import { items, locations } from './inventory.tables.ts';
import { lots, stockTransactions } from './stock.tables.ts';

const tz = { withTimezone: true } as const;

export const borrowings = pgTable(
  'borrowings',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id),
    /** Where it was taken from (and where a return goes back to unless told otherwise). */
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    lotId: uuid('lot_id').references(() => lots.id),
    quantity: numeric('quantity', { precision: 18, scale: 6 }).notNull(),
    returnedQuantity: numeric('returned_quantity', { precision: 18, scale: 6 }).notNull().default('0'),
    /** A person of the company, or a job (by its reference) — one of the two. */
    borrowerUserId: uuid('borrower_user_id'),
    borrowerName: text('borrower_name').notNull().default(''),
    jobReference: text('job_reference').notNull().default(''),
    dueOn: date('due_on').notNull(),
    note: text('note').notNull().default(''),
    borrowedByName: text('borrowed_by_name').notNull(),
    borrowedAt: timestamp('borrowed_at', tz).notNull().defaultNow(),
    /** Set when the last unit is back. */
    closedAt: timestamp('closed_at', tz),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => stockTransactions.id),
  },
  (t) => [
    index('borrowings_company_open_idx').on(t.companyId, t.closedAt, t.dueOn),
    index('borrowings_company_item_idx').on(t.companyId, t.itemId),
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
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    borrowingId: uuid('borrowing_id')
      .notNull()
      .references(() => borrowings.id),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    quantity: numeric('quantity', { precision: 18, scale: 6 }).notNull(),
    returnedByName: text('returned_by_name').notNull(),
    returnedAt: timestamp('returned_at', tz).notNull().defaultNow(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => stockTransactions.id),
  },
  (t) => [index('borrowing_returns_borrowing_idx').on(t.borrowingId)],
);
