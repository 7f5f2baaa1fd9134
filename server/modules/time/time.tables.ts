// Drizzle tables of Time (decision 080, issue 31): the time entries people clock against jobs, and the weeks an admin
// approved. Tenant tables keyed by (company_id, id) (decision 033). What the schema cannot say is in migration 0053:
// the exclusion constraint that keeps one person's entries from overlapping (btree_gist), so two requests at once
// cannot both land, on PostgreSQL and PGlite alike.
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantColumns, tenantKey, tenantRef, tz } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';
import { workOrderStepRuns } from '../build/work-order-runs.tables.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { breakdowns } from '../maintenance/breakdowns.tables.ts';
import { maintenanceOccurrences } from '../maintenance/plans.tables.ts';

/**
 * A stretch of one person's time on a job: running while `ended_at` is null. The rate is the burdened rate in force
 * for the person at `started_at` (a snapshot, exact), the cost rate × hours, written when the entry ends; a
 * back-dated rate re-prices exactly the entries it covers (users-rates.service.ts).
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    ...tenantColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    jobId: uuid('job_id').notNull(),
    /** The work-order step it was spent on (its run), when there was one. */
    stepRunId: uuid('step_run_id'),
    /** The repair it was spent on (decision 085): activity 'maintenance', on the breakdown's job. */
    breakdownId: uuid('breakdown_id'),
    /** The PM (an occurrence of a plan) it was spent on (decision 085): activity 'maintenance', on its job. */
    occurrenceId: uuid('occurrence_id'),
    /** setup | run | rework | maintenance | indirect, or null. */
    activity: text('activity'),
    startedAt: timestamp('started_at', tz).notNull(),
    /** Null while the clock runs. */
    endedAt: timestamp('ended_at', tz),
    /** clock (clocked in and out) | manual (typed afterwards, with a reason) | floor (a step run on the floor). */
    source: text('source').notNull(),
    /** Why a manual entry was typed, or why an entry was last edited. */
    reason: text('reason'),
    /** Money per hour, the person's burdened rate in force at started_at. */
    rate: numeric('rate', { precision: 10, scale: 2 }).notNull(),
    /** rate × hours, rounded to 4 decimals; null while running. */
    cost: numeric('cost', { precision: 16, scale: 4 }),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    tenantKey('time_entries', t),
    tenantRef('time_entries', t, t.jobId, jobs),
    tenantRef('time_entries', t, t.stepRunId, workOrderStepRuns),
    tenantRef('time_entries', t, t.breakdownId, breakdowns),
    tenantRef('time_entries', t, t.occurrenceId, maintenanceOccurrences),
    // At most one running clock per person (the exclusion constraint of 0053 keeps the rest from overlapping).
    uniqueIndex('time_entries_running_key').on(t.companyId, t.userId).where(sql`${t.endedAt} is null`),
    // A person's week, and the job cost report's labor.
    index('time_entries_user_started_idx').on(t.companyId, t.userId, t.startedAt),
    index('time_entries_job_started_idx').on(t.companyId, t.jobId, t.startedAt),
    index('time_entries_step_run_idx').on(t.companyId, t.stepRunId),
    index('time_entries_breakdown_idx')
      .on(t.companyId, t.breakdownId)
      .where(sql`${t.breakdownId} is not null`),
    index('time_entries_occurrence_idx')
      .on(t.companyId, t.occurrenceId)
      .where(sql`${t.occurrenceId} is not null`),
    // An entry is spent on one thing at most: a work-order step, a repair or a PM; maintenance is its activity.
    check(
      'time_entries_one_target_check',
      sql`num_nonnulls(${t.stepRunId}, ${t.breakdownId}, ${t.occurrenceId}) <= 1`,
    ),
    check(
      'time_entries_maintenance_check',
      sql`(${t.breakdownId} is null and ${t.occurrenceId} is null) or ${t.activity} = 'maintenance'`,
    ),
    check(
      'time_entries_activity_check',
      sql`${t.activity} is null or ${t.activity} in ('setup', 'run', 'rework', 'maintenance', 'indirect')`,
    ),
    check('time_entries_source_check', sql`${t.source} in ('clock', 'manual', 'floor', 'kiosk')`),
    check('time_entries_manual_reason_check', sql`${t.source} <> 'manual' or ${t.reason} is not null`),
    check('time_entries_span_check', sql`${t.endedAt} is null or ${t.endedAt} > ${t.startedAt}`),
    check('time_entries_cost_check', sql`(${t.endedAt} is null) = (${t.cost} is null)`),
    check('time_entries_rate_check', sql`${t.rate} >= 0`),
  ],
);

/** A person's week (Monday, in the company's time zone) approved by an admin: its entries are locked. */
export const timeWeekApprovals = pgTable(
  'time_week_approvals',
  {
    ...tenantColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The Monday the week starts on, a calendar date of the company's zone. */
    weekStart: date('week_start').notNull(),
    approvedAt: timestamp('approved_at', tz).notNull().defaultNow(),
    approvedBy: text('approved_by').notNull(),
  },
  (t) => [
    tenantKey('time_week_approvals', t),
    uniqueIndex('time_week_approvals_week_key').on(t.companyId, t.userId, t.weekStart),
  ],
);
