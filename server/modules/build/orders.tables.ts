// Drizzle tables of build orders (decision 044, "Orders"): a customer's order or an order for stock, numbered per
// company, with lines of assemblies to build. Work orders are made from its lines. Tenant tables (migration 0038).
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
import { jobs } from '../jobs/jobs.tables.ts';
import { assemblies } from './build.tables.ts';

const tz = { withTimezone: true } as const;

/** An order: number from the company's 'build_order' counter, customer (null = for stock), due date and status. */
export const buildOrders = pgTable(
  'build_orders',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** Null: built for stock. */
    customer: text('customer'),
    dueOn: date('due_on'),
    status: text('status').notNull().default('draft'),
    notes: text('notes').notNull().default(''),
    /** The job it is for (decision 079); its work orders carry the same job_id. Null: none. */
    jobId: uuid('job_id'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'build_orders_pkey', columns: [t.companyId, t.id] }),
    tenantRef('build_orders', t, t.jobId, jobs),
    index('build_orders_job_idx').on(t.companyId, t.jobId).where(sql`${t.jobId} is not null`),
    uniqueIndex('build_orders_number_key').on(t.companyId, t.number),
    index('build_orders_status_due_idx').on(t.companyId, t.status, t.dueOn),
    check(
      'build_orders_status_check',
      sql`${t.status} in ('draft', 'open', 'in_progress', 'done', 'cancelled')`,
    ),
  ],
);

/** A line of an order: so many of an assembly. */
export const buildOrderLines = pgTable(
  'build_order_lines',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    position: integer('position').notNull(),
    assemblyId: uuid('assembly_id').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 6 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'build_order_lines_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'build_order_lines_order_id_fk',
      columns: [t.companyId, t.orderId],
      foreignColumns: [buildOrders.companyId, buildOrders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'build_order_lines_assembly_id_fk',
      columns: [t.companyId, t.assemblyId],
      foreignColumns: [assemblies.companyId, assemblies.id],
    }),
    index('build_order_lines_order_idx').on(t.companyId, t.orderId, t.position),
    index('build_order_lines_assembly_idx').on(t.companyId, t.assemblyId),
    check('build_order_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);
