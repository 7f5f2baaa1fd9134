// The stored PM schedule (decision 091): each active plan's open work and forecasts up to a horizon, placed by decision
// 045's rules (common/maintenance/) as of one company day, so that a month of the PM calendar is an indexed read of
// what it shows plus counts kept beside it. The rules stay the one source of truth: these rows are their answer,
// refreshed in the transaction of every change that moves it.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables.ts';
import { meterHours } from './machines.tables.ts';
import { maintenancePlans } from './plans.tables.ts';

/**
 * One piece of open work on a day, as the calendar shows it: an open occurrence where it is placed, its copy on today
 * when overdue, or a forecast. `urgency` is the calendar's order within a day (0 overdue … 4 forecast); the machine's
 * name and the plan's title are kept here for the same order (a rename refreshes the plan's rows).
 */
/**
 * The names in the calendar's order: `pm_names` is an ICU collation (created by the migration) that compares as the
 * server's Intl.Collator('en', { sensitivity: 'base', numeric: true }) does; keys in plain code-point order.
 */
const named = [
  sql`"machine_name" collate pm_names`,
  sql`"plan_title" collate pm_names`,
  sql`"key" collate "C"`,
];

export const maintenanceSchedule = pgTable(
  'maintenance_schedule',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').notNull(),
    /** The entry's key on the calendar: the occurrence's id, `<id>:today`, or `forecast:<plan>:<date>`. */
    key: text('key').notNull(),
    day: date('day').notNull(),
    urgency: smallint('urgency').notNull(),
    occurrenceId: uuid('occurrence_id'),
    /** calendar | meter */
    basis: text('basis').notNull(),
    dueOn: date('due_on'),
    dueReading: meterHours('due_reading'),
    carriedToToday: boolean('carried_to_today').notNull().default(false),
    machineId: uuid('machine_id').notNull(),
    assigneeUserId: uuid('assignee_user_id'),
    machineName: text('machine_name').notNull(),
    planTitle: text('plan_title').notNull(),
  },
  (t) => [
    primaryKey({ name: 'maintenance_schedule_pkey', columns: [t.companyId, t.planId, t.key] }),
    foreignKey({
      name: 'maintenance_schedule_plan_id_fk',
      columns: [t.companyId, t.planId],
      foreignColumns: [maintenancePlans.companyId, maintenancePlans.id],
    }).onDelete('cascade'),
    // The calendar's order within a day, so a day's first entries are read straight off an index.
    index('maintenance_schedule_day_idx').on(t.companyId, t.day, t.urgency, ...named),
    index('maintenance_schedule_assignee_idx').on(t.companyId, t.assigneeUserId, t.day, t.urgency, ...named),
    index('maintenance_schedule_machine_idx').on(t.companyId, t.machineId, t.day),
  ],
);

/**
 * How many pieces of work a day holds by urgency, for the whole shop (assignee_key = the nil uuid) and for each
 * person: kept by a statement trigger on maintenance_schedule, so a month's counts are a few hundred rows.
 */
export const maintenanceScheduleCounts = pgTable(
  'maintenance_schedule_counts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    urgency: smallint('urgency').notNull(),
    assigneeKey: uuid('assignee_key').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'maintenance_schedule_counts_pkey',
      columns: [t.companyId, t.assigneeKey, t.day, t.urgency],
    }),
  ],
);

/**
 * Which company day a company's stored schedule was placed on and how far it reaches. No row: not built yet (or its
 * zone changed), so the calendar builds it before reading.
 */
export const maintenanceScheduleStamps = pgTable('maintenance_schedule_stamps', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  asOf: date('as_of').notNull(),
  through: date('through').notNull(),
  timeZone: text('time_zone').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});
