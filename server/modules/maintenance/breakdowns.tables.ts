// Drizzle tables of unscheduled maintenance and parts (decision 050): a breakdown from report to resolution (the
// downtime is reported_at to resolved_at), and the parts issued from stock to a PM or a repair — each one a ledger
// posting it names, kept as history like the ledger (no UPDATE or DELETE).
import { sql } from 'drizzle-orm';
import {
  check,
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
import { companies } from '../companies/companies.tables.ts';
import { files } from '../files/files.tables.ts';
import { items, locations } from '../inventory/inventory.tables.ts';
import { lots, stockTransactions } from '../inventory/stock.tables.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { machines } from './machines.tables.ts';
import { maintenanceOccurrences } from './plans.tables.ts';

const tz = { withTimezone: true } as const;

/** A breakdown: reported (the machine goes down), worked, resolved with cause, action and time. */
export const breakdowns = pgTable(
  'breakdowns',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** From the company's 'breakdown' counter. */
    number: integer('number').notNull(),
    machineId: uuid('machine_id').notNull(),
    problem: text('problem').notNull(),
    /** low | medium | high | critical */
    priority: text('priority').notNull().default('medium'),
    photoFileId: uuid('photo_file_id'),
    /** reported | in_progress | resolved */
    status: text('status').notNull().default('reported'),
    reportedAt: timestamp('reported_at', tz).notNull().defaultNow(),
    reportedBy: text('reported_by').notNull(),
    startedAt: timestamp('started_at', tz),
    startedBy: text('started_by'),
    resolvedAt: timestamp('resolved_at', tz),
    resolvedBy: text('resolved_by'),
    cause: text('cause').notNull().default(''),
    action: text('action').notNull().default(''),
    repairMinutes: integer('repair_minutes'),
    /** The job the repair is charged to (decision 085): its parts' posting and its time name it. Null: none. */
    jobId: uuid('job_id'),
  },
  (t) => [
    primaryKey({ name: 'breakdowns_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('breakdowns_number_key').on(t.companyId, t.number),
    foreignKey({
      name: 'breakdowns_machine_id_fk',
      columns: [t.companyId, t.machineId],
      foreignColumns: [machines.companyId, machines.id],
    }),
    foreignKey({
      name: 'breakdowns_photo_file_id_fk',
      columns: [t.companyId, t.photoFileId],
      foreignColumns: [files.companyId, files.id],
    }),
    foreignKey({
      name: 'breakdowns_job_id_fk',
      columns: [t.companyId, t.jobId],
      foreignColumns: [jobs.companyId, jobs.id],
    }),
    index('breakdowns_job_idx').on(t.companyId, t.jobId).where(sql`${t.jobId} is not null`),
    index('breakdowns_machine_idx').on(t.companyId, t.machineId, t.reportedAt),
    index('breakdowns_status_idx').on(t.companyId, t.status, t.reportedAt),
    check('breakdowns_priority_check', sql`${t.priority} in ('low', 'medium', 'high', 'critical')`),
    check('breakdowns_status_check', sql`${t.status} in ('reported', 'in_progress', 'resolved')`),
    check('breakdowns_resolved_check', sql`(${t.status} = 'resolved') = (${t.resolvedAt} is not null)`),
    check(
      'breakdowns_times_check',
      sql`(${t.resolvedAt} is null or ${t.resolvedAt} >= ${t.reportedAt}) and (${t.repairMinutes} is null or ${t.repairMinutes} >= 0)`,
    ),
  ],
);

/** A part issued from stock to a PM occurrence or a breakdown (exactly one), by the posting it names. */
export const maintenanceParts = pgTable(
  'maintenance_parts',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    occurrenceId: uuid('occurrence_id'),
    breakdownId: uuid('breakdown_id'),
    itemId: uuid('item_id').notNull(),
    lotId: uuid('lot_id'),
    locationId: uuid('location_id').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 6 }).notNull(),
    transactionId: uuid('transaction_id').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    primaryKey({ name: 'maintenance_parts_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'maintenance_parts_occurrence_id_fk',
      columns: [t.companyId, t.occurrenceId],
      foreignColumns: [maintenanceOccurrences.companyId, maintenanceOccurrences.id],
    }),
    foreignKey({
      name: 'maintenance_parts_breakdown_id_fk',
      columns: [t.companyId, t.breakdownId],
      foreignColumns: [breakdowns.companyId, breakdowns.id],
    }),
    foreignKey({
      name: 'maintenance_parts_item_id_fk',
      columns: [t.companyId, t.itemId],
      foreignColumns: [items.companyId, items.id],
    }),
    foreignKey({
      name: 'maintenance_parts_lot_id_fk',
      columns: [t.companyId, t.lotId],
      foreignColumns: [lots.companyId, lots.id],
    }),
    foreignKey({
      name: 'maintenance_parts_location_id_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }),
    foreignKey({
      name: 'maintenance_parts_transaction_id_fk',
      columns: [t.companyId, t.transactionId],
      foreignColumns: [stockTransactions.companyId, stockTransactions.id],
    }),
    index('maintenance_parts_occurrence_idx').on(t.companyId, t.occurrenceId),
    index('maintenance_parts_breakdown_idx').on(t.companyId, t.breakdownId),
    check('maintenance_parts_for_check', sql`(${t.occurrenceId} is null) <> (${t.breakdownId} is null)`),
    check('maintenance_parts_quantity_check', sql`${t.quantity} > 0`),
  ],
);
