// Drizzle tables of stock: lots, balances per (item, location, lot), and the append-only ledger of stock
// transactions that alone change the balances (migration 0019: tenant access, no UPDATE/DELETE of the ledger). Keyed
// by (company_id, id), with company_id in every foreign key between them (decision 033).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
import { tenantRef } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { suppliers } from '../suppliers/suppliers.tables.ts';
import { items, locations } from './inventory.tables.ts';

const tz = { withTimezone: true } as const;

/** A lot of a lot-tracked item: its number is unique per item in any case; expiry is optional. */
export const lots = pgTable(
  'lots',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    lotNumber: text('lot_number').notNull(),
    /** lower(lot_number), stored, for equality lookups under row-level security (see items.part_number_key). */
    lotNumberKey: text('lot_number_key').notNull().generatedAlwaysAs(sql`lower(lot_number)`),
    expiresOn: date('expires_on'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    /** The supplier the receipt that created the lot named (decision 070). */
    supplierId: uuid('supplier_id'),
    /**
     * On hold (decision 070): waiting for or failing inspection, or held by an inspector. The posting engine refuses
     * to take stock out of a held lot; lot_holds keeps every hold and release.
     */
    onHold: boolean('on_hold').notNull().default(false),
    holdReason: text('hold_reason'),
    heldAt: timestamp('held_at', tz),
    heldBy: text('held_by'),
  },
  (t) => [
    primaryKey({ name: 'lots_pkey', columns: [t.companyId, t.id] }),
    tenantRef('lots', t, t.supplierId, suppliers),
    check('lots_hold_check', sql`${t.onHold} = (${t.heldAt} is not null)`),
    foreignKey({
      name: 'lots_item_id_fk',
      columns: [t.companyId, t.itemId],
      foreignColumns: [items.companyId, items.id],
    }),
    uniqueIndex('lots_item_number_key').on(t.companyId, t.itemId, sql`lower(${t.lotNumber})`),
    index('lots_company_number_key_idx').on(t.companyId, t.lotNumberKey),
  ],
);

/**
 * What is where: one row per (item, location, lot), "no lot" included (NULLS NOT DISTINCT). The quantity can
 * never go below zero (a CHECK the database enforces, whatever the code does); only ledger postings change it.
 */
export const stockBalances = pgTable(
  'stock_balances',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    locationId: uuid('location_id').notNull(),
    lotId: uuid('lot_id'),
    quantity: numeric('quantity', { precision: 18, scale: 6 }).notNull(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'stock_balances_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'stock_balances_item_id_fk',
      columns: [t.companyId, t.itemId],
      foreignColumns: [items.companyId, items.id],
    }),
    foreignKey({
      name: 'stock_balances_location_id_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }),
    foreignKey({
      name: 'stock_balances_lot_id_fk',
      columns: [t.companyId, t.lotId],
      foreignColumns: [lots.companyId, lots.id],
    }),
    unique('stock_balances_item_location_lot_key')
      .on(t.companyId, t.itemId, t.locationId, t.lotId)
      .nullsNotDistinct(),
    index('stock_balances_company_item_idx').on(t.companyId, t.itemId),
    index('stock_balances_company_location_idx').on(t.companyId, t.locationId),
    check('stock_balances_quantity_not_negative', sql`${t.quantity} >= 0`),
  ],
);

/** One posting: its kind, why, who, when, and the client's idempotency key (a retried request posts once). */
export const stockTransactions = pgTable(
  'stock_transactions',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    reason: text('reason').notNull().default(''),
    reference: text('reference').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    postedBy: uuid('posted_by'),
    postedByName: text('posted_by_name').notNull(),
    postedAt: timestamp('posted_at', tz).notNull().defaultNow(),
    /** For a reversal: the transaction it undoes. */
    reversesId: uuid('reverses_id'),
    /** Who a receipt (or a return to supplier) was from or for (decision 070). */
    supplierId: uuid('supplier_id'),
    /** The job an issue was for (decision 079): the job cost report's material. Null: none named. */
    jobId: uuid('job_id'),
  },
  (t) => [
    primaryKey({ name: 'stock_transactions_pkey', columns: [t.companyId, t.id] }),
    tenantRef('stock_transactions', t, t.supplierId, suppliers),
    tenantRef('stock_transactions', t, t.jobId, jobs),
    index('stock_transactions_job_idx')
      .on(t.companyId, t.jobId, t.postedAt)
      .where(sql`${t.jobId} is not null`),
    uniqueIndex('stock_transactions_company_key').on(t.companyId, t.idempotencyKey),
    index('stock_transactions_company_posted_idx').on(t.companyId, t.postedAt),
  ],
);

/** The ledger: each line's signed quantity, the unit cost and the balance after. Never updated or deleted. */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id').notNull(),
    lineNo: integer('line_no').notNull(),
    itemId: uuid('item_id').notNull(),
    locationId: uuid('location_id').notNull(),
    lotId: uuid('lot_id'),
    quantityDelta: numeric('quantity_delta', { precision: 18, scale: 6 }).notNull(),
    /**
     * The same change in millionths of the unit, an exact integer (the delta has six decimals): the balance report
     * sums a million of these in 128-bit integer arithmetic, a fifth faster than numeric sums (migration 0029).
     */
    quantityMicro: bigint('quantity_micro', { mode: 'bigint' })
      .notNull()
      .generatedAlwaysAs(sql`(quantity_delta * 1000000)::bigint`),
    unitCost: numeric('unit_cost', { precision: 16, scale: 4 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 18, scale: 6 }).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'stock_ledger_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'stock_ledger_transaction_id_fk',
      columns: [t.companyId, t.transactionId],
      foreignColumns: [stockTransactions.companyId, stockTransactions.id],
    }),
    foreignKey({
      name: 'stock_ledger_item_id_fk',
      columns: [t.companyId, t.itemId],
      foreignColumns: [items.companyId, items.id],
    }),
    foreignKey({
      name: 'stock_ledger_location_id_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }),
    foreignKey({
      name: 'stock_ledger_lot_id_fk',
      columns: [t.companyId, t.lotId],
      foreignColumns: [lots.companyId, lots.id],
    }),
    // Also carries quantity_micro (INCLUDE, migration 0030, which Drizzle cannot declare): the balance report's pass
    // reads this index alone, in item order.
    index('stock_ledger_company_item_created_idx').on(t.companyId, t.itemId, t.createdAt),
    // Also carries item_id and quantity_micro (INCLUDE, migration 0065): the balance report reads the lines between a
    // stock snapshot and the period's edge from this index alone, in time order (decision 095).
    index('stock_ledger_company_created_idx').on(t.companyId, t.createdAt),
    index('stock_ledger_transaction_idx').on(t.companyId, t.transactionId),
    index('stock_ledger_lot_idx').on(t.companyId, t.lotId),
  ],
);

/**
 * Lot genealogy: `quantity` of the component lot `childLotId` went into the output lot `parentLotId`, by the
 * posting `transactionId` (written by build postings). Indexed both ways, so "what went into this lot" and "where
 * did this lot go" are each one indexed (recursive) walk.
 */
export const lotGenealogy = pgTable(
  'lot_genealogy',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    parentLotId: uuid('parent_lot_id').notNull(),
    childLotId: uuid('child_lot_id').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 6 }).notNull(),
    transactionId: uuid('transaction_id').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'lot_genealogy_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'lot_genealogy_parent_lot_id_fk',
      columns: [t.companyId, t.parentLotId],
      foreignColumns: [lots.companyId, lots.id],
    }),
    foreignKey({
      name: 'lot_genealogy_child_lot_id_fk',
      columns: [t.companyId, t.childLotId],
      foreignColumns: [lots.companyId, lots.id],
    }),
    foreignKey({
      name: 'lot_genealogy_transaction_id_fk',
      columns: [t.companyId, t.transactionId],
      foreignColumns: [stockTransactions.companyId, stockTransactions.id],
    }),
    index('lot_genealogy_parent_idx').on(t.companyId, t.parentLotId),
    index('lot_genealogy_child_idx').on(t.companyId, t.childLotId),
    check('lot_genealogy_not_itself', sql`${t.parentLotId} <> ${t.childLotId}`),
  ],
);
