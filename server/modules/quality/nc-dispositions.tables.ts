// Drizzle table of a nonconformance's dispositions (decision 073, 2026-12-01): each decides part or all of its
// quantity — scrap, rework, use as is, return to supplier — with what it posted or made. History: written once
// (trigger nc_dispositions_immutable); their sum is the nonconformance's disposition_quantity.
import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantColumns, tenantKey, tenantRef } from '../../db/columns.ts';
import { workOrders } from '../build/work-orders.tables.ts';
import { stockTransactions } from '../inventory/stock.tables.ts';
import { suppliers } from '../suppliers/suppliers.tables.ts';
import { nonconformances } from './inspections.tables.ts';

/** One decision on part or all of a nonconformance's quantity. */
export const ncDispositions = pgTable(
  'nc_dispositions',
  {
    ...tenantColumns(),
    nonconformanceId: uuid('nonconformance_id').notNull(),
    /** scrap | rework | use_as_is | return_to_supplier */
    disposition: text('disposition').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 6 }).notNull(),
    note: text('note').notNull().default(''),
    /** The supplier a return goes back to. */
    supplierId: uuid('supplier_id'),
    /** The posting of a scrap or a return. */
    transactionId: uuid('transaction_id'),
    reworkWorkOrderId: uuid('rework_work_order_id'),
    /** Whether this decision released the lot's hold (the last thing the lot waited for). */
    lotReleased: boolean('lot_released').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey('nc_dispositions', t),
    tenantRef('nc_dispositions', t, t.nonconformanceId, nonconformances),
    tenantRef('nc_dispositions', t, t.supplierId, suppliers),
    tenantRef('nc_dispositions', t, t.transactionId, stockTransactions),
    tenantRef('nc_dispositions', t, t.reworkWorkOrderId, workOrders),
    index('nc_dispositions_nc_idx').on(t.companyId, t.nonconformanceId, t.createdAt),
    check(
      'nc_dispositions_disposition_check',
      sql`${t.disposition} in ('scrap', 'rework', 'use_as_is', 'return_to_supplier')`,
    ),
    check('nc_dispositions_quantity_check', sql`${t.quantity} > 0`),
  ],
);
