// Drizzle table of the shop's jobs (decision 079, issue 31): a job is what a customer pays for, and what labor and
// material are charged to. Build orders, work orders, stock issues and borrowings name one by job_id (their own
// tables). A tenant table (migration 0052): company_id leads every key.
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantColumns, tenantKey, tz } from '../../db/columns.ts';

/** A job: number from the company's 'job' counter (JOB-000001), its customer, status and budget. */
export const jobs = pgTable(
  'jobs',
  {
    ...tenantColumns(),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    /** Free text as on build orders; '' when the job is the shop's own. */
    customer: text('customer').notNull().default(''),
    /** open | on_hold | closed (common/schemas/jobs.ts). A closed job takes no stock issues and no time. */
    status: text('status').notNull().default('open'),
    /** Hours of labor budgeted; null: no budget given. */
    budgetHours: numeric('budget_hours', { precision: 12, scale: 2 }),
    /** Money budgeted, exact (the project's decimal); null: no budget given. */
    budgetCost: numeric('budget_cost', { precision: 18, scale: 4 }),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    closedAt: timestamp('closed_at', tz),
  },
  (t) => [
    tenantKey('jobs', t),
    uniqueIndex('jobs_number_key').on(t.companyId, t.number),
    // The list: by status, newest number first; the pickers search open jobs.
    index('jobs_status_number_idx').on(t.companyId, t.status, t.number),
    check('jobs_status_check', sql`${t.status} in ('open', 'on_hold', 'closed')`),
    check(
      'jobs_budget_check',
      sql`(${t.budgetHours} is null or ${t.budgetHours} >= 0) and (${t.budgetCost} is null or ${t.budgetCost} >= 0)`,
    ),
    check('jobs_closed_check', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
  ],
);
