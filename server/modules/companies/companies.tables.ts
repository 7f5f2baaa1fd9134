// Drizzle tables of the tenant root: the company and its label configuration.
import { sql } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A tenant. Its name is unique without regard to case. */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    planId: text('plan_id').notNull().default('beta'),
    planStartedAt: timestamp('plan_started_at', { withTimezone: true }).notNull().defaultNow(),
    timezone: text('timezone').notNull().default('America/New_York'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_name_key').on(sql`lower(${t.name})`),
    index('companies_created_at_idx').on(t.createdAt),
  ],
);

/** SPEC.md's company label configuration: one row per company, created with the company. */
export const companySettings = pgTable('company_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  labelHeight: numeric('label_height', { precision: 6, scale: 3, mode: 'number' }).notNull().default(1),
  labelWidth: numeric('label_width', { precision: 6, scale: 3, mode: 'number' }).notNull().default(4),
  useLotNumbers: boolean('use_lot_numbers').notNull().default(true),
  allowBorrowing: boolean('allow_borrowing').notNull().default(false),
  enableBuildFeature: boolean('enable_build_feature').notNull().default(true),
  enableTimeFeature: boolean('enable_time_feature').notNull().default(true),
  enableInventoryFeature: boolean('enable_inventory_feature').notNull().default(true),
  enableMaintenanceFeature: boolean('enable_maintenance_feature').notNull().default(false),
  enableQualityFeature: boolean('enable_quality_feature').notNull().default(true),
  /** MIL-STD-105E: reduced inspection only when the responsible authority approves it (decision 070). */
  allowReducedInspection: boolean('allow_reduced_inspection').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
