// Drizzle tables of work orders (decision 044, "Work orders"): the order to build so many of an assembly to one
// released revision, what it holds back from stock, who ran each step, what it consumed and what it put away.
// Stock moves only through the ledger's postings: consumptions and outputs name the transaction that moved it, and
// are history (no UPDATE or DELETE, migration 0038). Tenant tables keyed by (company_id, id) (decision 033).
import { sql } from 'drizzle-orm';
import {
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantRef } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';
import { items, locations } from '../inventory/inventory.tables.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { assemblies, assemblyRevisions } from './build.tables.ts';
import { buildOrderLines } from './orders.tables.ts';

const tz = { withTimezone: true } as const;
const quantity = (name: string) => numeric(name, { precision: 18, scale: 6 });
const money = (name: string) => numeric(name, { precision: 18, scale: 4 });

/** A work order: build `quantity` of an assembly to the revision it was made from, whatever is released later. */
export const workOrders = pgTable(
  'work_orders',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** From the company's 'work_order' counter. */
    number: integer('number').notNull(),
    /** The order line it was made from; null: made on its own (for stock). */
    orderLineId: uuid('order_line_id'),
    /**
     * The work order that needs this one's output (decision 064, planning through every level): a sub-assembly's
     * work order made for its parent. Null: top level.
     */
    parentWorkOrderId: uuid('parent_work_order_id'),
    /**
     * The job it belongs to (decision 079): copied from its order (or its parent work order) when made, and moved with
     * the order's when that is linked or unlinked, so time entries and the job cost read it from this row alone.
     */
    jobId: uuid('job_id'),
    assemblyId: uuid('assembly_id').notNull(),
    /** A released (frozen) revision, kept for the work order's life. */
    revisionId: uuid('revision_id').notNull(),
    quantity: quantity('quantity').notNull(),
    /** planned | released | in_progress | paused | completed | cancelled (the moves: common/schemas/work-orders.ts). */
    status: text('status').notNull().default('planned'),
    dueOn: date('due_on'),
    /** Where the output is put away. */
    outputLocationId: uuid('output_location_id'),
    goodQuantity: quantity('good_quantity').notNull().default('0'),
    scrapQuantity: quantity('scrap_quantity').notNull().default('0'),
    /**
     * The minutes its finished step runs took, pauses left out (each run's rounded to 3 decimals): kept by the
     * triggers of migration 0043 on work_order_step_runs whoever writes them, so the production report reads this
     * row instead of joining every step run (decision 052).
     */
    actualMinutes: numeric('actual_minutes', { precision: 14, scale: 3 }).notNull().default('0'),
    /** What its BOM lines were planned to cost at release (required × the component's unit cost then). */
    plannedMaterialCost: money('planned_material_cost').notNull().default('0'),
    /** The ledger cost of what it consumed (each consumption's quantity × its posting's unit cost). */
    materialCost: money('material_cost').notNull().default('0'),
    /** Standard labor charged to its outputs so far (minutes × the blended rate; decision 064). */
    laborCost: money('labor_cost').notNull().default('0'),
    /** The value its good output carried into stock, with what completion settled (decision 064). */
    outputValue: money('output_value').notNull().default('0'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    releasedAt: timestamp('released_at', tz),
    startedAt: timestamp('started_at', tz),
    completedAt: timestamp('completed_at', tz),
    cancelledAt: timestamp('cancelled_at', tz),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'work_orders_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('work_orders_number_key').on(t.companyId, t.number),
    foreignKey({
      name: 'work_orders_order_line_id_fk',
      columns: [t.companyId, t.orderLineId],
      foreignColumns: [buildOrderLines.companyId, buildOrderLines.id],
    }),
    foreignKey({
      name: 'work_orders_parent_work_order_id_fk',
      columns: [t.companyId, t.parentWorkOrderId],
      foreignColumns: [t.companyId, t.id],
    }),
    index('work_orders_parent_idx').on(t.companyId, t.parentWorkOrderId),
    tenantRef('work_orders', t, t.jobId, jobs),
    index('work_orders_job_idx').on(t.companyId, t.jobId).where(sql`${t.jobId} is not null`),
    foreignKey({
      name: 'work_orders_assembly_id_fk',
      columns: [t.companyId, t.assemblyId],
      foreignColumns: [assemblies.companyId, assemblies.id],
    }),
    foreignKey({
      name: 'work_orders_revision_id_fk',
      columns: [t.companyId, t.revisionId],
      foreignColumns: [assemblyRevisions.companyId, assemblyRevisions.id],
    }),
    foreignKey({
      name: 'work_orders_output_location_id_fk',
      columns: [t.companyId, t.outputLocationId],
      foreignColumns: [locations.companyId, locations.id],
    }),
    index('work_orders_status_due_idx').on(t.companyId, t.status, t.dueOn),
    index('work_orders_order_line_idx').on(t.companyId, t.orderLineId),
    // The production report reads completed work orders by completion time, per assembly.
    index('work_orders_completed_idx').on(t.companyId, t.completedAt, t.assemblyId),
    check(
      'work_orders_status_check',
      sql`${t.status} in ('planned', 'released', 'in_progress', 'paused', 'completed', 'cancelled')`,
    ),
    check('work_orders_quantity_check', sql`${t.quantity} > 0`),
    check('work_orders_output_check', sql`${t.goodQuantity} >= 0 and ${t.scrapQuantity} >= 0`),
  ],
);

/**
 * What a released work order holds back of one component item: `quantity` reserved, `consumed` so far. Open while
 * `released_at` is null; inventory's reserved is the sum of `greatest(quantity − awaiting − consumed, 0)` over open
 * rows (decision 064), and available is on hand less that. Completing or cancelling sets `released_at`: the rest
 * goes back.
 */
export const workOrderReservations = pgTable(
  'work_order_reservations',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    workOrderId: uuid('work_order_id').notNull(),
    itemId: uuid('item_id').notNull(),
    quantity: quantity('quantity').notNull(),
    consumed: quantity('consumed').notNull().default('0'),
    /**
     * Of `quantity`, what is still awaited from child work orders (a sub-assembly being built for this one, decision
     * 064): not taken from available stock; a child's good output moves into the reservation as it is put away.
     */
    awaiting: quantity('awaiting').notNull().default('0'),
    /** Why less than planned was consumed, when the operator chose so at completion (decision 064). */
    shortReason: text('short_reason'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    releasedAt: timestamp('released_at', tz),
  },
  (t) => [
    primaryKey({ name: 'work_order_reservations_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'work_order_reservations_work_order_id_fk',
      columns: [t.companyId, t.workOrderId],
      foreignColumns: [workOrders.companyId, workOrders.id],
    }),
    foreignKey({
      name: 'work_order_reservations_item_id_fk',
      columns: [t.companyId, t.itemId],
      foreignColumns: [items.companyId, items.id],
    }),
    uniqueIndex('work_order_reservations_item_key').on(t.companyId, t.workOrderId, t.itemId),
    // Reserved per item over open reservations: the stock list and "can we build it?" read it.
    index('work_order_reservations_open_item_idx')
      .on(t.companyId, t.itemId)
      .where(sql`${t.releasedAt} is null`),
    check(
      'work_order_reservations_quantity_check',
      sql`${t.quantity} >= 0 and ${t.consumed} >= 0 and ${t.awaiting} >= 0 and ${t.awaiting} <= ${t.quantity}`,
    ),
  ],
);
