// The production report (GET /api/v1/production-report, decision 052): work orders completed in a period of the
// company's days — output per day or week, on time against their due dates, scrap rate, actual against standard
// minutes per unit, and the material usage variance (decision 064) — in total, per period and per assembly (paged), with the scrap by reason.
import { z } from 'zod';
import { daysBetween, isCalendarDate } from '../time/calendar.ts';
import { isoDate } from './dates.ts';
import { pageOf, pageQuery } from './paging.ts';

/**
 * The first day a report may start on and the last it may end on, as the stock balance report's (decision 040): the
 * company's 1 January of year 1 begins in year 0 in a zone east of UTC, and its 31 December 9999 ends in year 10000
 * west of it; neither can be read by the database.
 */
export const PRODUCTION_FIRST_DAY = '0001-01-02';
export const PRODUCTION_LAST_DAY = '9999-12-30';

/** The longest periods one report may cover: a year of days (a point each on the chart), ten years of weeks. */
export const PRODUCTION_MAX_DAYS = { day: 366, week: 3660 } as const;

export const PRODUCTION_GRANULARITIES = ['day', 'week'] as const;
export type TProductionGranularity = (typeof PRODUCTION_GRANULARITIES)[number];

export const PRODUCTION_REPORT_MESSAGES = {
  date: 'Use a date like 2026-01-31',
  assemblyNotFound: 'No such assembly in your company.',
  order: 'The end date must be on or after the start date',
  tooLong: {
    day: 'By day a report covers at most 366 days: choose weeks, or a shorter period',
    week: 'A report covers at most ten years',
  },
} as const;

const filterFields = {
  from: isoDate(PRODUCTION_REPORT_MESSAGES.date).refine(
    (from) => from >= PRODUCTION_FIRST_DAY,
    `Start the report on ${PRODUCTION_FIRST_DAY} at the earliest`,
  ),
  to: isoDate(PRODUCTION_REPORT_MESSAGES.date).refine(
    (to) => to <= PRODUCTION_LAST_DAY,
    `End the report by ${PRODUCTION_LAST_DAY} at the latest`,
  ),
  /** Only work orders of this assembly. */
  assemblyId: z.uuid('Assembly must be an id').optional(),
  /** The periods of the chart: the company's days, or ISO weeks (Monday to Sunday). */
  granularity: z.enum(PRODUCTION_GRANULARITIES, 'Choose day or week').default('day'),
};

type TBounds = { from: string; to: string; granularity: TProductionGranularity };
/** A period that ends before it starts, or longer than its granularity allows, named on the field to change. */
function checkPeriod<T extends z.ZodType<TBounds>>(schema: T) {
  return (
    schema
      .refine((q) => q.from <= q.to, { path: ['to'], message: PRODUCTION_REPORT_MESSAGES.order })
      // Zod runs this even when a field above failed: only dates are measured (a word would throw, a 500).
      .superRefine((q, ctx) => {
        if (!isCalendarDate(q.from) || !isCalendarDate(q.to)) return;
        if (daysBetween(q.from, q.to) >= PRODUCTION_MAX_DAYS[q.granularity])
          ctx.addIssue({
            code: 'custom',
            path: ['from'],
            message: PRODUCTION_REPORT_MESSAGES.tooLong[q.granularity],
          });
      })
  );
}

/** GET /api/v1/production-report/export.csv: the report's filters, every row. */
export const ZProductionReportFilterSchema = checkPeriod(z.object(filterFields));
export type TProductionReportFilter = z.infer<typeof ZProductionReportFilterSchema>;

/** GET /api/v1/production-report: the filters and the page of the per-assembly table. */
export const ZProductionReportQuerySchema = checkPeriod(z.object({ ...filterFields, ...pageQuery(25, 100) }));
export type TProductionReportQuery = z.infer<typeof ZProductionReportQuerySchema>;

/**
 * The figures of a set of completed work orders (a period, an assembly, or all of them). Quantities are exact
 * decimals in the assemblies' units; rates are percentages and minutes are per unit, rounded to one and two decimals
 * by the server so the screen and the CSV write the same text. A rate with nothing to divide by is null.
 */
export const ZProductionFiguresSchema = z.object({
  /** Work orders completed. */
  completed: z.number().int(),
  /** Completed on or before their due date (the company's day of completion ≤ the due date). */
  onTime: z.number().int(),
  /** Completed after their due date. */
  late: z.number().int(),
  /** Completed without a due date: neither on time nor late. */
  noDueDate: z.number().int(),
  /** onTime / (onTime + late) × 100, one decimal; null when none had a due date. */
  onTimePercent: z.string().nullable(),
  goodQuantity: z.string(),
  scrapQuantity: z.string(),
  /** scrap / (good + scrap) × 100, one decimal; null when nothing was made. */
  scrapPercent: z.string().nullable(),
  /** Minutes the finished steps ran (pauses left out) per unit made (good + scrap), two decimals. */
  actualMinutesPerUnit: z.string().nullable(),
  /** The revisions' setup (once per work order) plus run minutes per unit, per unit made, two decimals. */
  standardMinutesPerUnit: z.string().nullable(),
  /** Material cost planned at release (decision 064): money on the ledger's 4 decimals. */
  plannedMaterialCost: z.string(),
  /** The ledger cost of what the work orders consumed. */
  actualMaterialCost: z.string(),
  /** The material usage variance: actual − planned (above zero, more was used than planned). */
  materialVariance: z.string(),
  /** The variance ÷ planned × 100, one decimal; null when nothing was planned. */
  materialVariancePercent: z.string().nullable(),
});
export type TProductionFigures = z.infer<typeof ZProductionFiguresSchema>;

/** One period of the chart: a company day, or a week cut to the report's period at either end. */
export const ZProductionPeriodSchema = ZProductionFiguresSchema.extend({
  /** The first and last day of the period (YYYY-MM-DD, the company's). */
  start: z.string(),
  end: z.string(),
});
export type TProductionPeriod = z.infer<typeof ZProductionPeriodSchema>;

/** One assembly's row of the table. */
export const ZProductionAssemblyRowSchema = ZProductionFiguresSchema.extend({
  assemblyId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  unitOfMeasure: z.string(),
});
export type TProductionAssemblyRow = z.infer<typeof ZProductionAssemblyRowSchema>;

/** Scrap recorded with one reason, over the whole report. */
export const ZProductionScrapReasonSchema = z.object({
  reason: z.string(),
  quantity: z.string(),
});

export const ZProductionReportSchema = pageOf(ZProductionAssemblyRowSchema).extend({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(PRODUCTION_GRANULARITIES),
  assemblyId: z.string().nullable(),
  /** The company's zone the days are counted in. */
  timeZone: z.string(),
  /** Over every work order of the report, not only the page's assemblies. */
  totals: ZProductionFiguresSchema,
  /** Every period from `from` to `to` in order, those without a completed work order included (zeros). */
  periods: z.array(ZProductionPeriodSchema),
  /** Largest first. */
  scrapReasons: z.array(ZProductionScrapReasonSchema),
});
export type TProductionReport = z.infer<typeof ZProductionReportSchema>;
