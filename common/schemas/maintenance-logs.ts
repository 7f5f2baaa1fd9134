// The maintenance logs (GET /api/v1/maintenance/logs/*, issue 22): every completed PM and finished repair in a
// period of the company's days, and the figures REFERENCES.md names for them — MTBF, MTTR, availability and PM
// compliance — in total, per month (the chart) and per machine (a page).
import { z } from 'zod';
import { daysBetween, isCalendarDate } from '../time/calendar.ts';
import { isoDate } from './dates.ts';
import { pageOf, pageQuery } from './paging.ts';

/** As the production report's bounds (decision 052): the company's first and last day the database can hold. */
export const LOGS_FIRST_DAY = '0001-01-02';
export const LOGS_LAST_DAY = '9999-12-30';
/** Ten years: a point a month on the chart, 120 at most. */
export const LOGS_MAX_DAYS = 3660;

export const LOG_KINDS = ['pm', 'repair'] as const;
export type TLogKind = (typeof LOG_KINDS)[number];

export const MAINTENANCE_LOGS_MESSAGES = {
  date: 'Use a date like 2026-01-31',
  order: 'The end date must be on or after the start date',
  tooLong: 'The logs cover at most ten years at once: choose a shorter period',
  machineNotFound: 'No such machine in your company.',
  kind: 'Choose pm or repair',
} as const;
const M = MAINTENANCE_LOGS_MESSAGES;

const periodFields = {
  from: isoDate(M.date).refine(
    (from) => from >= LOGS_FIRST_DAY,
    `Start on ${LOGS_FIRST_DAY} at the earliest`,
  ),
  to: isoDate(M.date).refine((to) => to <= LOGS_LAST_DAY, `End by ${LOGS_LAST_DAY} at the latest`),
  /** Only this machine's work. */
  machineId: z.uuid('Machine must be an id').optional(),
};

/** A period that ends before it starts, or longer than ten years, named on the field to change. */
function checkPeriod<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema
    .refine((q) => q.from <= q.to, { path: ['to'], message: M.order })
    .superRefine((q, ctx) => {
      // Zod runs this even when a date above failed: only real dates are measured.
      if (!isCalendarDate(q.from) || !isCalendarDate(q.to)) return;
      if (daysBetween(q.from, q.to) >= LOGS_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['from'], message: M.tooLong });
    });
}

const entryFilterFields = { ...periodFields, kind: z.enum(LOG_KINDS, M.kind).optional() };

/** GET /api/v1/maintenance/logs/export.csv: the entries' filters, every row. */
export const ZMaintenanceLogFilterSchema = checkPeriod(z.object(entryFilterFields));
export type TMaintenanceLogFilter = z.infer<typeof ZMaintenanceLogFilterSchema>;

/** GET /api/v1/maintenance/logs: a page of entries, newest first. */
export const ZMaintenanceLogQuerySchema = checkPeriod(
  z.object({ ...entryFilterFields, ...pageQuery(25, 100) }),
);
export type TMaintenanceLogQuery = z.infer<typeof ZMaintenanceLogQuerySchema>;

/** GET /api/v1/maintenance/logs/report: the figures, with a page of the machines' rows. */
export const ZMaintenanceReportQuerySchema = checkPeriod(
  z.object({ ...periodFields, ...pageQuery(25, 100) }),
);
export type TMaintenanceReportQuery = z.infer<typeof ZMaintenanceReportQuerySchema>;

const machineRef = z.object({ id: z.string(), name: z.string(), assetTag: z.string() });

/** One completed PM or one finished repair. */
export const ZMaintenanceLogEntrySchema = z.object({
  kind: z.enum(LOG_KINDS),
  /** The occurrence's or the breakdown's id. */
  id: z.string(),
  machine: machineRef,
  /** The plan's title, or "#12 Spindle noise" for a breakdown. */
  title: z.string(),
  /** The company's day it was done (a PM's completion day; a repair's day of resolution). */
  doneOn: z.string(),
  doneAt: z.string(),
  doneBy: z.string(),
  /** Minutes spent (a PM) or repair minutes (a breakdown). */
  minutes: z.number().int().nullable(),
  /** A PM done within its window (due + grace); null for a repair. */
  onTime: z.boolean().nullable(),
  /** A repair's downtime, reported to resolved, in whole minutes; null for a PM. */
  downtimeMinutes: z.number().int().nullable(),
  /** A repair's cause and action; a PM's notes in `action`. */
  cause: z.string(),
  action: z.string(),
  /** How many parts were issued to it from stock. */
  parts: z.number().int(),
  /** A PM's checklist tasks completed without being ticked (decision 067), in the plan's order; none for a repair. */
  skippedTasks: z.array(z.string()),
});
export type TMaintenanceLogEntry = z.infer<typeof ZMaintenanceLogEntrySchema>;

export const ZMaintenanceLogPageSchema = pageOf(ZMaintenanceLogEntrySchema);
export type TMaintenanceLogPage = z.infer<typeof ZMaintenanceLogPageSchema>;

/**
 * The figures of some machines over some days. Hours to one decimal and percentages to one decimal, written by the
 * server so that the screen and the CSV say the same; null where there is nothing to divide by.
 */
export const ZMaintenanceFiguresSchema = z.object({
  /** Breakdowns reported in the period. */
  failures: z.number().int(),
  /** Breakdowns resolved in the period. */
  repairs: z.number().int(),
  /** PMs completed in the period. */
  pmsDone: z.number().int(),
  /** PMs due in the period whose window has closed or that were done (decision 045), and of them those on time. */
  pmsDue: z.number().int(),
  pmsOnTime: z.number().int(),
  compliancePercent: z.string().nullable(),
  downtimeHours: z.string(),
  operatingHours: z.string(),
  mtbfHours: z.string().nullable(),
  mttrHours: z.string().nullable(),
  availabilityPercent: z.string().nullable(),
});
export type TMaintenanceFigures = z.infer<typeof ZMaintenanceFiguresSchema>;

/** A month of the chart, cut to the period at either end. */
export const ZMaintenanceMonthSchema = ZMaintenanceFiguresSchema.extend({
  /** YYYY-MM */
  month: z.string(),
  start: z.string(),
  end: z.string(),
});
export type TMaintenanceMonth = z.infer<typeof ZMaintenanceMonthSchema>;

export const ZMaintenanceMachineRowSchema = ZMaintenanceFiguresSchema.extend({ machine: machineRef });
export type TMaintenanceMachineRow = z.infer<typeof ZMaintenanceMachineRowSchema>;

export const ZMaintenanceReportSchema = pageOf(ZMaintenanceMachineRowSchema).extend({
  from: z.string(),
  to: z.string(),
  machineId: z.string().nullable(),
  /** The company's zone the days are counted in. */
  timeZone: z.string(),
  /** Every machine of the report (the chosen one, or all), not only the page's. */
  totals: ZMaintenanceFiguresSchema,
  /** Every month from `from` to `to`, in order. */
  months: z.array(ZMaintenanceMonthSchema),
});
export type TMaintenanceReport = z.infer<typeof ZMaintenanceReportSchema>;
