// Drizzle tables of stock checks: a count session over a location subtree or a list of items, and its lines. The
// expected quantity of each line is frozen when the session starts; what the counter saw is kept beside the book
// quantity at the moment of counting, so movements during the count do not show up as variances (migration 0021).
// Keyed by (company_id, id), with company_id in every foreign key (decision 033).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables.ts';
import { items, locations } from './inventory.tables.ts';
import { lots, stockTransactions } from './stock.tables.ts';

const tz = { withTimezone: true } as const;

/** One count: what it covers, blind or not, and where it stands (counting → posted, or cancelled). */
export const countSessions = pgTable(
  'count_sessions',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Per company, 1, 2, 3 … shown as "Count 12". */
    number: integer('number').notNull(),
    title: text('title').notNull().default(''),
    /** 'location' (a location and everything under it) or 'items' (a list of items wherever they are). */
    scope: text('scope').notNull(),
    locationId: uuid('location_id'),
    /** Blind: counters do not see the expected quantity. */
    blind: boolean('blind').notNull().default(true),
    /** 'counting' | 'posted' | 'cancelled'. */
    status: text('status').notNull().default('counting'),
    startedBy: uuid('started_by'),
    startedByName: text('started_by_name').notNull(),
    startedAt: timestamp('started_at', tz).notNull().defaultNow(),
    closedByName: text('closed_by_name'),
    closedAt: timestamp('closed_at', tz),
    /** The count transaction written at posting (none when nothing differed). */
    transactionId: uuid('transaction_id'),
  },
  (t) => [
    primaryKey({ name: 'count_sessions_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'count_sessions_location_id_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }),
    foreignKey({
      name: 'count_sessions_transaction_id_fk',
      columns: [t.companyId, t.transactionId],
      foreignColumns: [stockTransactions.companyId, stockTransactions.id],
    }),
    uniqueIndex('count_sessions_company_number_key').on(t.companyId, t.number),
    index('count_sessions_company_status_idx').on(t.companyId, t.status, t.startedAt),
  ],
);

/** One (item, location, lot) of a session: frozen expectation, the count, and the book quantity when counted. */
export const countLines = pgTable(
  'count_lines',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    itemId: uuid('item_id').notNull(),
    locationId: uuid('location_id').notNull(),
    lotId: uuid('lot_id'),
    /** The balance when the session started (0 for a line added during the count). */
    expectedQuantity: numeric('expected_quantity', { precision: 18, scale: 6 }).notNull(),
    countedQuantity: numeric('counted_quantity', { precision: 18, scale: 6 }),
    /** The balance at the moment the count was entered: the variance is counted − this. */
    bookAtCount: numeric('book_at_count', { precision: 18, scale: 6 }),
    countedBy: uuid('counted_by'),
    countedByName: text('counted_by_name'),
    countedAt: timestamp('counted_at', tz),
    /** True for a line the counter added (stock found where the book had none). */
    added: boolean('added').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'count_lines_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'count_lines_session_id_fk',
      columns: [t.companyId, t.sessionId],
      foreignColumns: [countSessions.companyId, countSessions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'count_lines_item_id_fk',
      columns: [t.companyId, t.itemId],
      foreignColumns: [items.companyId, items.id],
    }),
    foreignKey({
      name: 'count_lines_location_id_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }),
    foreignKey({
      name: 'count_lines_lot_id_fk',
      columns: [t.companyId, t.lotId],
      foreignColumns: [lots.companyId, lots.id],
    }),
    unique('count_lines_session_key')
      .on(t.companyId, t.sessionId, t.itemId, t.locationId, t.lotId)
      .nullsNotDistinct(),
    index('count_lines_company_session_idx').on(t.companyId, t.sessionId),
    check('count_lines_counted_not_negative', sql`${t.countedQuantity} >= 0`),
  ],
);
