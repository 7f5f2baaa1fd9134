// Drizzle tables of the Quality dashboard's day sums (decision 074 "Day sums"): each finished inspection is added, in
// its finish's transaction, to the sums of its company day (the company's clock), item, step and machine, and its
// failed results to the counts of its day, item and defect code. The dashboard reads these cells instead of every
// inspection of the period: a year of a busy shop is ~35,000 cells instead of ~100,000 inspections and ~30,000
// failed results (docs/performance.md "Quality"). They are derived data: rebuildQualityDays rebuilds a company's
// from its inspections, as the migration that made them did.
import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns, tenantKey } from '../../db/columns.ts';

/** Sums of the finished inspections of one company day, item, step (or none) and machine (or none). */
export const inspectionDays = pgTable(
  'inspection_days',
  {
    ...tenantColumns(),
    /** The day the inspections finished on, on the company's clock. */
    day: date('day').notNull(),
    itemId: uuid('item_id').notNull(),
    stepId: uuid('step_id'),
    machineId: uuid('machine_id'),
    inspections: integer('inspections').notNull(),
    /** Sampled units (a finished inspection has every unit recorded). */
    units: integer('units').notNull(),
    /** Units with no failed result. */
    passed: integer('passed').notNull(),
    /** Failed results. */
    defects: integer('defects').notNull(),
    /** Units × the checks' readings per unit of each inspection's plan version. */
    opportunities: bigint('opportunities', { mode: 'number' }).notNull(),
  },
  (t) => [
    tenantKey('inspection_days', t),
    // The upsert's key and the dashboard's range read (company, day …); a missing step or machine is one cell.
    unique('inspection_days_cell_unique')
      .on(t.companyId, t.day, t.itemId, t.stepId, t.machineId)
      .nullsNotDistinct(),
    check(
      'inspection_days_counts_check',
      sql`${t.inspections} > 0 and ${t.passed} between 0 and ${t.units} and ${t.defects} >= 0 and ${t.opportunities} >= 0`,
    ),
  ],
);

/** Failed results of one company day and item under one defect code (or none): the Pareto's bars. */
export const inspectionDayDefects = pgTable(
  'inspection_day_defects',
  {
    ...tenantColumns(),
    day: date('day').notNull(),
    itemId: uuid('item_id').notNull(),
    defectCodeId: uuid('defect_code_id'),
    failures: integer('failures').notNull(),
  },
  (t) => [
    tenantKey('inspection_day_defects', t),
    unique('inspection_day_defects_cell_unique')
      .on(t.companyId, t.day, t.itemId, t.defectCodeId)
      .nullsNotDistinct(),
    check('inspection_day_defects_failures_check', sql`${t.failures} > 0`),
  ],
);
