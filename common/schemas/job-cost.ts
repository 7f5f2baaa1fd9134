// The job cost report (decision 084, issue 31): per job, over a period of the company's days, the labor (each time
// entry's own cost, never re-priced here), the material issued to it and consumed by its work orders at ledger cost,
// the maintenance parts charged to it, and the total against its budget. Money and hours are decimal text rounded by
// the database — money to the cent, hours to two decimals, percentages to one — so the screen and the CSV write the
// same text; never a float.
import { z } from 'zod';
import { daysBetween, isCalendarDate } from '../time/calendar.ts';
import { isoDate } from './dates.ts';
import { JOB_STATUSES } from './jobs.ts';
import { pageOf, pageQuery } from './paging.ts';

/** As the production report's bounds (decision 040): a company day the database can turn into instants. */
export const JOB_COST_FIRST_DAY = '0001-01-02';
export const JOB_COST_LAST_DAY = '9999-12-30';

/** The chart's periods, and how many days each may cover (a point each): a year of days, ten years of weeks. */
export const JOB_COST_GRANULARITIES = ['day', 'week'] as const;
export type TJobCostGranularity = (typeof JOB_COST_GRANULARITIES)[number];
export const JOB_COST_MAX_DAYS = { day: 366, week: 3660 } as const;

/** The columns the list sorts by. */
export const JOB_COST_SORTS = [
  'number',
  'name',
  'laborHours',
  'laborCost',
  'material',
  'maintenance',
  'total',
  'variance',
  'percentUsed',
] as const;
export type TJobCostSort = (typeof JOB_COST_SORTS)[number];

export const JOB_COST_MESSAGES = {
  date: 'Use a date like 2026-01-31',
  order: 'The end date must be on or after the start date',
  tooLong: {
    day: 'By day the chart covers at most 366 days: choose weeks, or a shorter period',
    week: 'The chart covers at most ten years',
  },
  jobNotFound: 'No such job in your company.',
  userNotFound: 'No such person in your company.',
  workOrderNotFound: 'No such work order in your company.',
} as const;

const periodFields = {
  from: isoDate(JOB_COST_MESSAGES.date).refine(
    (from) => from >= JOB_COST_FIRST_DAY,
    `Start the report on ${JOB_COST_FIRST_DAY} at the earliest`,
  ),
  to: isoDate(JOB_COST_MESSAGES.date).refine(
    (to) => to <= JOB_COST_LAST_DAY,
    `End the report by ${JOB_COST_LAST_DAY} at the latest`,
  ),
};

/** A period that ends before it starts is named on `to`. */
function ordered<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema.refine((q) => q.from <= q.to, { path: ['to'], message: JOB_COST_MESSAGES.order });
}

const sortFields = {
  sort: z.enum(JOB_COST_SORTS, 'Choose a column to sort by').default('number'),
  direction: z.enum(['asc', 'desc'], 'Choose asc or desc').default('desc'),
};

/** GET /api/v1/job-cost-report/export.csv: the period and the order of the rows, every row. */
export const ZJobCostFilterSchema = ordered(z.object({ ...periodFields, ...sortFields }));
export type TJobCostFilter = z.infer<typeof ZJobCostFilterSchema>;

/** GET /api/v1/job-cost-report: the period, the order and a page of the jobs. */
export const ZJobCostQuerySchema = ordered(
  z.object({ ...periodFields, ...sortFields, ...pageQuery(25, 100) }),
);
export type TJobCostQuery = z.infer<typeof ZJobCostQuerySchema>;
export type TJobCostQueryInput = z.input<typeof ZJobCostQuerySchema>;

/** GET /api/v1/job-cost-report/jobs/:jobId: the period and the chart's periods. */
export const ZJobCostJobQuerySchema = ordered(
  z.object({
    ...periodFields,
    granularity: z.enum(JOB_COST_GRANULARITIES, 'Choose day or week').default('week'),
  }),
).superRefine((q, ctx) => {
  // Zod runs this even when a field above failed: only dates are measured (a word would throw, a 500).
  if (!isCalendarDate(q.from) || !isCalendarDate(q.to)) return;
  if (daysBetween(q.from, q.to) >= JOB_COST_MAX_DAYS[q.granularity])
    ctx.addIssue({ code: 'custom', path: ['from'], message: JOB_COST_MESSAGES.tooLong[q.granularity] });
});
export type TJobCostJobQuery = z.infer<typeof ZJobCostJobQuerySchema>;

export const ZJobIdParamsSchema = z.object({ jobId: z.uuid('Not a job id') });

/**
 * A job's figures over the period. Money is to the cent and hours to two decimals, each rounded once from its exact
 * sum (the database rounds halves away from zero); the total is the sum of the rounded parts and the report's totals
 * the sums of its rows, so what is shown foots (decision 084, "Rounding"). A variance is actual − budget (above zero:
 * over budget) and percent used is actual ÷ budget × 100 to one decimal, of the figures shown — both null without a
 * budget (or, for percent, with a budget of 0).
 */
export const ZJobCostFiguresSchema = z.object({
  /** Hours of ended time entries that started in the period (a running clock has no cost yet). */
  laborHours: z.string(),
  /** The sum of those entries' own cost: each at the rate in force for its person when it started. */
  laborCost: z.string(),
  /** Issued to the job at ledger cost, less what was returned (an issue's reversal). */
  materialIssued: z.string(),
  /** Consumed by the job's work orders at ledger cost. */
  materialConsumed: z.string(),
  /** Parts used by repairs and PMs charged to the job (decision 085), at ledger cost. */
  maintenanceParts: z.string(),
  /** Labor + material issued + material consumed + maintenance parts, as shown (each to the cent). */
  totalCost: z.string(),
  budgetHours: z.string().nullable(),
  budgetCost: z.string().nullable(),
  hoursVariance: z.string().nullable(),
  hoursPercentUsed: z.string().nullable(),
  costVariance: z.string().nullable(),
  costPercentUsed: z.string().nullable(),
  /** More hours or more cost than budgeted. */
  overBudget: z.boolean(),
});
export type TJobCostFigures = z.infer<typeof ZJobCostFiguresSchema>;

export const ZJobCostRowSchema = ZJobCostFiguresSchema.extend({
  jobId: z.string(),
  number: z.number().int(),
  name: z.string(),
  customer: z.string(),
  status: z.enum(JOB_STATUSES),
});
export type TJobCostRow = z.infer<typeof ZJobCostRowSchema>;

export const ZJobCostReportSchema = pageOf(ZJobCostRowSchema).extend({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** Over every job of the report, not only the page's: the sums of the jobs' figures as shown. */
  totals: ZJobCostFiguresSchema,
});
export type TJobCostReport = z.infer<typeof ZJobCostReportSchema>;

/** One period of a job's chart: its cost, and the job's cost so far at its end (what came before the report too). */
export const ZJobCostPointSchema = z.object({
  start: z.string(),
  end: z.string(),
  cost: z.string(),
  cumulativeCost: z.string(),
});
export type TJobCostPoint = z.infer<typeof ZJobCostPointSchema>;

export const ZJobCostJobSchema = z.object({
  job: ZJobCostRowSchema,
  from: z.string(),
  to: z.string(),
  granularity: z.enum(JOB_COST_GRANULARITIES),
  timeZone: z.string(),
  /** The job's cost before the period's first day: where the cumulative line starts. */
  costBefore: z.string(),
  /** Every period from `from` to `to` in order, those without cost included. */
  series: z.array(ZJobCostPointSchema),
});
export type TJobCostJob = z.infer<typeof ZJobCostJobSchema>;
