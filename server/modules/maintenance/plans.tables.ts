// Drizzle tables of preventive maintenance (decision 050): a plan's schedule in the shape of common/maintenance/
// schedule.ts's TPlanSchedule, and its occurrences — at most one open per plan (a partial unique index), completed
// with the checklist, time and parts, or recorded as missed when a fixed grid date passed while one was open.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { machines, meterHours } from './machines.tables.ts';

const tz = { withTimezone: true } as const;

/** A task of a plan's checklist, and at an occurrence whether it was done. */
export interface TChecklistTask {
  text: string;
}
export interface TChecklistResult {
  text: string;
  done: boolean;
  note: string;
}

/** A maintenance plan: what to do on a machine, and when (calendar, meter, or whichever comes first). */
export const maintenancePlans = pgTable(
  'maintenance_plans',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    machineId: uuid('machine_id').notNull(),
    title: text('title').notNull(),
    checklist: jsonb('checklist').$type<TChecklistTask[]>().notNull().default([]),
    /** fixed | floating */
    mode: text('mode').notNull(),
    /** The first due date, and a fixed grid's anchor. */
    startOn: date('start_on').notNull(),
    calendarEvery: integer('calendar_every'),
    /** day | week | month */
    calendarUnit: text('calendar_unit'),
    meterEveryHours: meterHours('meter_every_hours'),
    meterStartReading: meterHours('meter_start_reading'),
    leadDays: integer('lead_days').notNull().default(0),
    graceDays: integer('grace_days').notNull().default(0),
    graceHours: meterHours('grace_hours').notNull().default('0'),
    /** A person of the company (validated through the company's people, decision 032); null: unassigned. */
    assigneeUserId: uuid('assignee_user_id'),
    estimatedMinutes: integer('estimated_minutes').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'maintenance_plans_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'maintenance_plans_machine_id_fk',
      columns: [t.companyId, t.machineId],
      foreignColumns: [machines.companyId, machines.id],
    }),
    index('maintenance_plans_machine_idx').on(t.companyId, t.machineId),
    check('maintenance_plans_mode_check', sql`${t.mode} in ('fixed', 'floating')`),
    check(
      'maintenance_plans_calendar_check',
      sql`(${t.calendarEvery} is null) = (${t.calendarUnit} is null) and (${t.calendarEvery} is null or (${t.calendarEvery} > 0 and ${t.calendarUnit} in ('day', 'week', 'month')))`,
    ),
    check(
      'maintenance_plans_meter_check',
      sql`(${t.meterEveryHours} is null) = (${t.meterStartReading} is null) and (${t.meterEveryHours} is null or ${t.meterEveryHours} > 0)`,
    ),
    check(
      'maintenance_plans_schedule_check',
      sql`${t.calendarEvery} is not null or ${t.meterEveryHours} is not null`,
    ),
    check(
      'maintenance_plans_numbers_check',
      sql`${t.leadDays} >= 0 and ${t.graceDays} >= 0 and ${t.graceHours} >= 0 and ${t.estimatedMinutes} >= 0`,
    ),
  ],
);

/**
 * One due piece of a plan's work: due at a date, a reading or both; open until completed. `missed` rows record grid
 * dates that passed while another occurrence was open (decision 045): due, never done, counted in compliance.
 */
export const maintenanceOccurrences = pgTable(
  'maintenance_occurrences',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').notNull(),
    machineId: uuid('machine_id').notNull(),
    dueOn: date('due_on'),
    dueReading: meterHours('due_reading'),
    /** open | completed | missed */
    status: text('status').notNull().default('open'),
    completedOn: date('completed_on'),
    completedAt: timestamp('completed_at', tz),
    completedBy: text('completed_by'),
    readingAtCompletion: meterHours('reading_at_completion'),
    minutesSpent: integer('minutes_spent'),
    checklistResults: jsonb('checklist_results').$type<TChecklistResult[]>(),
    notes: text('notes').notNull().default(''),
    /** Whether it was done within its window (due + grace), fixed at completion for compliance. */
    onTime: boolean('on_time'),
    /** The job the PM is charged to (decision 085): its parts' posting and its time name it. Null: none. */
    jobId: uuid('job_id'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'maintenance_occurrences_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'maintenance_occurrences_plan_id_fk',
      columns: [t.companyId, t.planId],
      foreignColumns: [maintenancePlans.companyId, maintenancePlans.id],
    }),
    foreignKey({
      name: 'maintenance_occurrences_machine_id_fk',
      columns: [t.companyId, t.machineId],
      foreignColumns: [machines.companyId, machines.id],
    }),
    foreignKey({
      name: 'maintenance_occurrences_job_id_fk',
      columns: [t.companyId, t.jobId],
      foreignColumns: [jobs.companyId, jobs.id],
    }),
    index('maintenance_occurrences_job_idx').on(t.companyId, t.jobId).where(sql`${t.jobId} is not null`),
    // At most one open occurrence per plan, whatever two schedulers or two clicks do.
    uniqueIndex('maintenance_occurrences_one_open_key')
      .on(t.companyId, t.planId)
      .where(sql`${t.status} = 'open'`),
    // The calendar and the scheduler read open work by due date.
    index('maintenance_occurrences_due_idx').on(t.companyId, t.status, t.dueOn),
    index('maintenance_occurrences_machine_idx').on(t.companyId, t.machineId, t.completedAt),
    check('maintenance_occurrences_status_check', sql`${t.status} in ('open', 'completed', 'missed')`),
    check('maintenance_occurrences_due_check', sql`${t.dueOn} is not null or ${t.dueReading} is not null`),
    check(
      'maintenance_occurrences_completed_check',
      sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`,
    ),
  ],
);
