// Drizzle table of the background queue: every piece of background work (mail, reminders, exports) is one task here.
// Named queue_tasks since migration 0052 (decision 079): 'jobs' is the shop's jobs (issue 31).
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../modules/companies/companies.tables.ts';

/** The states of a task; 'running' is a claim held under a lease (see worker.ts). */
export const TASK_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

/**
 * One task. A system table (migration 0032; renamed from jobs by 0052): written in the transaction of the change that causes the work, claimed
 * by whichever instance's worker gets there first. While 'running', locked_by names the worker and locked_until is
 * the end of its lease, pushed forward by its heartbeat; a lease that ran out belongs to a dead worker.
 */
export const queueTasks = pgTable(
  'queue_tasks',
  {
    id: uuid('id').primaryKey(),
    /** Which handler runs it ('mail', …). */
    queue: text('queue').notNull(),
    /** Optional identity within the queue: a second enqueue of the same key is a no-op (mail: the message id). */
    key: text('key'),
    payload: jsonb('payload').notNull().default({}),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('pending'),
    /** Attempts started so far; the claim counts one. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** When a pending task is due: at once, or after its back-off. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('queue_tasks_queue_key_unique').on(t.queue, t.key),
    // The claim's two ways in: pending tasks that are due, and running ones whose lease ran out.
    index('queue_tasks_pending_due_idx').on(t.queue, t.runAt).where(sql`${t.status} = 'pending'`),
    index('queue_tasks_running_lease_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    // The admin's list by state, newest first (ids are UUIDv7), and the pruning of done tasks.
    index('queue_tasks_status_id_idx').on(t.status, t.id),
    check('queue_tasks_status_check', sql`${t.status} in ('pending', 'running', 'done', 'failed')`),
    check(
      'queue_tasks_lock_check',
      sql`(${t.status} = 'running') = (${t.lockedBy} is not null and ${t.lockedUntil} is not null)`,
    ),
    check('queue_tasks_attempts_check', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
);
