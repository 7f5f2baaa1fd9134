// A corrective action recorded after MIL-STD-105E 4.8 discontinued acceptance sampling of an item (and, at receipt,
// its supplier) — decisions 070 "Switching rules" and 077. History: written once (trigger
// sampling_corrective_actions_immutable); the switching rules read it to resume inspection at tightened.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantKey, tenantRef, tz } from '../../db/columns.ts';
import { items } from '../inventory/inventory.tables.ts';
import { suppliers } from '../suppliers/suppliers.tables.ts';

/** What the supplier (or, for final inspection, the shop) did after five lots were rejected under tightened. */
export const samplingCorrectiveActions = pgTable(
  'sampling_corrective_actions',
  {
    ...tenantColumns(),
    itemId: uuid('item_id').notNull(),
    /** receipt | final: the stages acceptance sampling applies to. */
    stage: text('stage').notNull(),
    /** The receipt's supplier; null for final inspection, or for receipts from no supplier (a pair of its own). */
    supplierId: uuid('supplier_id'),
    action: text('action').notNull(),
    /** The supplier's 8D or CAR number, a letter's date: whatever finds the paper again. */
    reference: text('reference').notNull().default(''),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', tz).notNull().defaultNow(),
  },
  (t) => [
    tenantKey('sampling_corrective_actions', t),
    tenantRef('sampling_corrective_actions', t, t.itemId, items),
    tenantRef('sampling_corrective_actions', t, t.supplierId, suppliers),
    // The switching rules read a pair's actions in time order with its lots.
    index('sampling_corrective_actions_pair_idx').on(
      t.companyId,
      t.itemId,
      t.stage,
      t.supplierId,
      t.recordedAt,
    ),
    check('sampling_corrective_actions_stage_check', sql`${t.stage} in ('receipt', 'final')`),
    check('sampling_corrective_actions_final_check', sql`${t.stage} = 'receipt' or ${t.supplierId} is null`),
    check('sampling_corrective_actions_action_check', sql`length(btrim(${t.action})) > 0`),
  ],
);
