// Drizzle tables of machines (decision 050): the machine with its asset tag, place and status, the history of its
// status, and its runtime meter readings, which never go backwards (the service checks, a trigger enforces).
// Tenant tables keyed by (company_id, id) with company_id in every foreign key (decision 033), migration 0040.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import { companies } from '../companies/companies.tables.ts';
import { locations } from '../inventory/inventory.tables.ts';

const tz = { withTimezone: true } as const;
/** Runtime hours with two decimals, like common/maintenance/schedule.ts's METER_SCALE. */
export const meterHours = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** A machine the shop maintains. */
export const machines = pgTable(
  'machines',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Unique per company, whatever its case. */
    assetTag: text('asset_tag').notNull(),
    locationId: uuid('location_id'),
    make: text('make').notNull().default(''),
    model: text('model').notNull().default(''),
    serial: text('serial').notNull().default(''),
    commissionedOn: date('commissioned_on'),
    /** running | down | in_maintenance; every change is a machine_status_events row. */
    status: text('status').notNull().default('running'),
    /** The latest meter reading (hours); the readings table keeps them all. */
    meterReading: meterHours('meter_reading').notNull().default('0'),
    meterReadAt: timestamp('meter_read_at', tz),
    /** Typical runtime hours a day: forecasts a meter plan's date on the calendar. */
    hoursPerDay: numeric('hours_per_day', { precision: 5, scale: 2 }).notNull().default('8'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'machines_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'machines_location_id_fk',
      columns: [t.companyId, t.locationId],
      foreignColumns: [locations.companyId, locations.id],
    }),
    uniqueIndex('machines_asset_tag_key').on(t.companyId, sql`lower(${t.assetTag})`),
    index('machines_company_name_idx').on(t.companyId, t.name),
    check('machines_status_check', sql`${t.status} in ('running', 'down', 'in_maintenance')`),
    check('machines_meter_check', sql`${t.meterReading} >= 0`),
    check('machines_hours_per_day_check', sql`${t.hoursPerDay} > 0 and ${t.hoursPerDay} <= 24`),
  ],
);

/** A machine's status history: each change, when, by whom and why (a breakdown, a PM, by hand). */
export const machineStatusEvents = pgTable(
  'machine_status_events',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    machineId: uuid('machine_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    at: timestamp('at', tz).notNull().defaultNow(),
    byName: text('by_name').notNull(),
    reason: text('reason').notNull().default(''),
    /** The breakdown that took it down or brought it back, if any. */
    breakdownId: uuid('breakdown_id'),
  },
  (t) => [
    primaryKey({ name: 'machine_status_events_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'machine_status_events_machine_id_fk',
      columns: [t.companyId, t.machineId],
      foreignColumns: [machines.companyId, machines.id],
    }),
    index('machine_status_events_machine_idx').on(t.companyId, t.machineId, t.at),
    check('machine_status_events_status_check', sql`${t.toStatus} in ('running', 'down', 'in_maintenance')`),
  ],
);

/** A runtime meter reading: by hand, or added by a completed work order once Build records machine time. */
export const machineMeterReadings = pgTable(
  'machine_meter_readings',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    machineId: uuid('machine_id').notNull(),
    reading: meterHours('reading').notNull(),
    readAt: timestamp('read_at', tz).notNull().defaultNow(),
    /** manual | work_order */
    source: text('source').notNull().default('manual'),
    byName: text('by_name').notNull(),
    /** For a work_order reading: the finished step run whose working time it added (decision 063), once each. */
    workOrderId: uuid('work_order_id'),
    stepRunId: uuid('step_run_id'),
  },
  (t) => [
    primaryKey({ name: 'machine_meter_readings_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'machine_meter_readings_machine_id_fk',
      columns: [t.companyId, t.machineId],
      foreignColumns: [machines.companyId, machines.id],
    }),
    index('machine_meter_readings_machine_idx').on(t.companyId, t.machineId, t.readAt),
    check('machine_meter_readings_reading_check', sql`${t.reading} >= 0`),
    check('machine_meter_readings_source_check', sql`${t.source} in ('manual', 'work_order')`),
    // A step run adds its time once, whatever retries or two finishes at once do.
    uniqueIndex('machine_meter_readings_step_run_key')
      .on(t.companyId, t.stepRunId)
      .where(sql`${t.stepRunId} is not null`),
    check(
      'machine_meter_readings_work_order_check',
      sql`(${t.source} = 'work_order') = (${t.stepRunId} is not null)`,
    ),
  ],
);
