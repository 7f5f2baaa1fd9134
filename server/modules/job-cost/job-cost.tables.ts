// Drizzle table of the job cost report's day sums (decision 084): what each job was charged on each of its company's
// days, per category, so the report over a period sums a few thousand cells instead of a million time entries and a
// million ledger lines (docs/performance.md "Time"). Derived data, kept by the database's own triggers on
// time_entries, stock_ledger, work_order_consumptions, work_orders and companies (migration 0059), so every way of
// writing time or stock keeps it true; job_cost_rebuild(company) derives a company's afresh.
import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tenantRef } from '../../db/columns.ts';
import { companies } from '../companies/companies.tables.ts';
import { jobs } from '../jobs/jobs.tables.ts';

/**
 * One job's charges of one category on one day of the company: labor (ended entries by the day they started, their
 * seconds and own cost), material issued, material consumed by its work orders, maintenance parts (ledger cost, by
 * the posting's day). Numeric without a scale: sums of the ledger's exact products stay exact.
 */
export const jobCostDays = pgTable(
  'job_cost_days',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').notNull(),
    day: date('day').notNull(),
    /** labor | issued | consumed | maintenance */
    category: text('category').notNull(),
    seconds: numeric('seconds').notNull().default('0'),
    cost: numeric('cost').notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'job_cost_days_pkey', columns: [t.companyId, t.jobId, t.day, t.category] }),
    tenantRef('job_cost_days', t, t.jobId, jobs),
    // The report: a period's days of the company, every job.
    index('job_cost_days_day_idx').on(t.companyId, t.day),
    check(
      'job_cost_days_category_check',
      sql`${t.category} in ('labor', 'issued', 'consumed', 'maintenance')`,
    ),
  ],
);
