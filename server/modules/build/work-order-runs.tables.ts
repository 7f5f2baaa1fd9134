// Drizzle tables of a work order as it was run (decision 044, "Work orders"; decision 049): who ran each step, what
// it consumed and what it put away. History: consumptions and outputs name the ledger transaction that moved the
// stock and are never updated or deleted (migration 0038). Tenant tables keyed by (company_id, id) (decision 033).
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantRef } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';
import { items, locations } from '../inventory/inventory.tables.ts';
import { lots, stockTransactions } from '../inventory/stock.tables.ts';
import { defectCodes } from '../quality/plans.tables.ts';
import { assemblySteps, bomLines } from './build.tables.ts';
import { workOrders } from './work-orders.tables.ts';

const tz = { withTimezone: true } as const;
const quantity = (name: string) => numeric(name, { precision: 18, scale: 6 });

/**
 * One step of a work order as it was run: who started it and when (the Time issue's clock reads these), paused,
 * finished by whom with the good and scrap quantity. One row per (work order, step); finishing is an
 * `update … where status <> 'finished'`, so two operators finishing at once record it once.
 */
export const workOrderStepRuns = pgTable(
  'work_order_step_runs',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    workOrderId: uuid('work_order_id').notNull(),
    stepId: uuid('step_id').notNull(),
    /** running | paused | finished */
    status: text('status').notNull().default('running'),
    startedBy: uuid('started_by').notNull(),
    startedByName: text('started_by_name').notNull(),
    startedAt: timestamp('started_at', tz).notNull().defaultNow(),
    pausedAt: timestamp('paused_at', tz),
    /** Minutes spent paused before the current run, so cycle time counts work only. */
    pausedMinutes: numeric('paused_minutes', { precision: 12, scale: 3 }).notNull().default('0'),
    finishedBy: uuid('finished_by'),
    finishedByName: text('finished_by_name'),
    finishedAt: timestamp('finished_at', tz),
    goodQuantity: quantity('good_quantity'),
    scrapQuantity: quantity('scrap_quantity'),
    scrapReason: text('scrap_reason'),
    /** The defect code scrap is counted under (decision 070): scrap and inspection failures share one Pareto. */
    scrapDefectCodeId: uuid('scrap_defect_code_id'),
  },
  (t) => [
    primaryKey({ name: 'work_order_step_runs_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'work_order_step_runs_work_order_id_fk',
      columns: [t.companyId, t.workOrderId],
      foreignColumns: [workOrders.companyId, workOrders.id],
    }),
    foreignKey({
      name: 'work_order_step_runs_step_id_fk',
      columns: [t.companyId, t.stepId],
      foreignColumns: [assemblySteps.companyId, assemblySteps.id],
    }),
    uniqueIndex('work_order_step_runs_step_key').on(t.companyId, t.workOrderId, t.stepId),
    tenantRef('work_order_step_runs', t, t.scrapDefectCodeId, defectCodes),
    // Who is working on what now (the Time issue's running clocks).
    index('work_order_step_runs_started_idx').on(t.companyId, t.startedBy, t.startedAt),
    check('work_order_step_runs_status_check', sql`${t.status} in ('running', 'paused', 'finished')`),
    check(
      'work_order_step_runs_finished_check',
      sql`(${t.status} = 'finished') = (${t.finishedAt} is not null)`,
    ),
  ],
);

/** A component consumed by a work order: the build-consume posting that took it from stock, lot and location. */
export const workOrderConsumptions = pgTable(
  'work_order_consumptions',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    workOrderId: uuid('work_order_id').notNull(),
    /** The step run it was consumed at (null: consumed outside a step, e.g. at completion). */
    stepRunId: uuid('step_run_id'),
    /** The BOM line it answers (null when the item is on the revision but the line is not named). */
    bomLineId: uuid('bom_line_id'),
    itemId: uuid('item_id').notNull(),
    lotId: uuid('lot_id'),
    locationId: uuid('location_id').notNull(),
    quantity: quantity('quantity').notNull(),
    /** The posting's unit cost (the component's ledger cost), so the work order's material cost is a sum. */
    unitCost: numeric('unit_cost', { precision: 16, scale: 4 }).notNull().default('0'),
    /** scan (the operator), backflush (its step's finish), completion (settled when completing; decision 064). */
    source: text('source').notNull().default('scan'),
    /** Why more than planned was taken, or why a line was settled other than as planned (decision 064). */
    reason: text('reason'),
    transactionId: uuid('transaction_id').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    primaryKey({ name: 'work_order_consumptions_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'work_order_consumptions_work_order_id_fk',
      columns: [t.companyId, t.workOrderId],
      foreignColumns: [workOrders.companyId, workOrders.id],
    }),
    foreignKey({
      name: 'work_order_consumptions_step_run_id_fk',
      columns: [t.companyId, t.stepRunId],
      foreignColumns: [workOrderStepRuns.companyId, workOrderStepRuns.id],
    }),
    foreignKey({
      name: 'work_order_consumptions_bom_line_id_fk',
      columns: [t.companyId, t.bomLineId],
      foreignColumns: [bomLines.companyId, bomLines.id],
    }),
    foreignKey({
      name: 'work_order_consumptions_item_id_fk',
      columns: [t.companyId, t.itemId],
      foreignColumns: [items.companyId, items.id],
    }),
    foreignKey({
      name: 'work_order_consumptions_lot_id_fk',
      columns: [t.companyId, t.lotId],
      foreignColumns: [lots.companyId, lots.id],
    }),
    foreignKey({
      name: 'work_order_consumptions_location_id_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }),
    foreignKey({
      name: 'work_order_consumptions_transaction_id_fk',
      columns: [t.companyId, t.transactionId],
      foreignColumns: [stockTransactions.companyId, stockTransactions.id],
    }),
    index('work_order_consumptions_work_order_idx').on(t.companyId, t.workOrderId),
    check('work_order_consumptions_quantity_check', sql`${t.quantity} > 0`),
    check('work_order_consumptions_source_check', sql`${t.source} in ('scan', 'backflush', 'completion')`),
  ],
);

/**
 * What a work order put out, once or in parts (partial completion): good quantity into a lot (when the assembly is
 * lot-tracked) at a location by a build-output posting, and the scrap with its reason (scrap posts nothing).
 */
export const workOrderOutputs = pgTable(
  'work_order_outputs',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    workOrderId: uuid('work_order_id').notNull(),
    lotId: uuid('lot_id'),
    locationId: uuid('location_id'),
    goodQuantity: quantity('good_quantity').notNull(),
    scrapQuantity: quantity('scrap_quantity').notNull().default('0'),
    scrapReason: text('scrap_reason'),
    /** The defect code scrap is counted under (decision 070): scrap and inspection failures share one Pareto. */
    scrapDefectCodeId: uuid('scrap_defect_code_id'),
    /** What each good unit carried into stock (decision 064); null when only scrap was recorded. */
    unitCost: numeric('unit_cost', { precision: 16, scale: 4 }),
    /** The build-output posting; null when only scrap was recorded. */
    transactionId: uuid('transaction_id'),
    /**
     * The client's idempotency key (decision 036): a retried output is recorded once even when it is scrap alone and
     * so has no posting to carry the key.
     */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    primaryKey({ name: 'work_order_outputs_pkey', columns: [t.companyId, t.id] }),
    tenantRef('work_order_outputs', t, t.scrapDefectCodeId, defectCodes),
    foreignKey({
      name: 'work_order_outputs_work_order_id_fk',
      columns: [t.companyId, t.workOrderId],
      foreignColumns: [workOrders.companyId, workOrders.id],
    }),
    foreignKey({
      name: 'work_order_outputs_lot_id_fk',
      columns: [t.companyId, t.lotId],
      foreignColumns: [lots.companyId, lots.id],
    }),
    foreignKey({
      name: 'work_order_outputs_location_id_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }),
    foreignKey({
      name: 'work_order_outputs_transaction_id_fk',
      columns: [t.companyId, t.transactionId],
      foreignColumns: [stockTransactions.companyId, stockTransactions.id],
    }),
    index('work_order_outputs_work_order_idx').on(t.companyId, t.workOrderId),
    uniqueIndex('work_order_outputs_key').on(t.companyId, t.idempotencyKey),
    index('work_order_outputs_created_idx').on(t.companyId, t.createdAt),
    check(
      'work_order_outputs_quantity_check',
      sql`${t.goodQuantity} >= 0 and ${t.scrapQuantity} >= 0 and ${t.goodQuantity} + ${t.scrapQuantity} > 0`,
    ),
    check(
      'work_order_outputs_posting_check',
      sql`(${t.goodQuantity} > 0) = (${t.transactionId} is not null and ${t.locationId} is not null)`,
    ),
  ],
);
