// The Quality dashboard (GET /api/v1/quality/dashboard, decisions 070 and 074): finished inspections and coded scrap
// of a period of the company's days, optionally of one item — the Pareto of defects by code, first pass yield over
// time and per item, step and machine, rolled throughput yield over an item's steps, DPU and DPMO, defects per
// machine — and, for one measured check, its control chart and capability. Every figure carries its numerator and
// denominator and is null where there is nothing to divide by (common/quality/ratio.ts).
import { z } from 'zod';
import { daysBetween, isCalendarDate } from '../time/calendar.ts';
import { isoDate } from './dates.ts';

/** The longest periods: a year of days (a point each on the chart), ten years of weeks. */
export const QUALITY_MAX_DAYS = { day: 366, week: 3660 } as const;
export const QUALITY_GRANULARITIES = ['day', 'week'] as const;
export type TQualityGranularity = (typeof QUALITY_GRANULARITIES)[number];

/** The Pareto's bar for scrap recorded without a defect code (before codes existed, or none chosen). */
export const NO_DEFECT_CODE = 'No code';

/** The rows of a per-item, per-step or per-machine table the dashboard sends at most (the worst first). */
export const QUALITY_TABLE_ROWS = 50;
/** The control chart shows the period's latest subgroups (inspections), at most this many. */
export const CONTROL_CHART_MAX_POINTS = 500;

export const QUALITY_DASHBOARD_MESSAGES = {
  date: 'Use a date like 2026-01-31',
  order: 'The end date must be on or after the start date',
  tooLong: {
    day: 'By day the dashboard covers at most 366 days: choose weeks, or a shorter period',
    week: 'The dashboard covers at most ten years',
  },
  itemNotFound: 'No such item in your company.',
  checkNotFound: 'No such measured check in your company.',
} as const;

const M = QUALITY_DASHBOARD_MESSAGES;
const periodFields = {
  from: isoDate(M.date).refine((d) => d >= '0001-01-02', 'Start on 0001-01-02 at the earliest'),
  to: isoDate(M.date).refine((d) => d <= '9999-12-30', 'End by 9999-12-30 at the latest'),
  /** Only inspections and scrap of this item (the item inspected, or the assembly a work order built). */
  itemId: z.uuid('Item must be an id').optional(),
};

type TBounds = { from: string; to: string; granularity?: TQualityGranularity };
/** A period that ends before it starts, or longer than its granularity allows, named on the field to change. */
function checkPeriod<T extends z.ZodType<TBounds>>(schema: T) {
  return schema
    .refine((q) => q.from <= q.to, { path: ['to'], message: M.order })
    .superRefine((q, ctx) => {
      if (!isCalendarDate(q.from) || !isCalendarDate(q.to)) return;
      const g = q.granularity ?? 'week';
      if (daysBetween(q.from, q.to) >= QUALITY_MAX_DAYS[g])
        ctx.addIssue({ code: 'custom', path: ['from'], message: M.tooLong[g] });
    });
}

/** GET /api/v1/quality/dashboard (and its CSVs): the period, the item, and the periods of the trend. */
export const ZQualityDashboardQuerySchema = checkPeriod(
  z.object({
    ...periodFields,
    granularity: z.enum(QUALITY_GRANULARITIES, 'Choose day or week').default('week'),
  }),
);
export type TQualityDashboardQuery = z.infer<typeof ZQualityDashboardQuerySchema>;

/** The dashboard's tables, each with its CSV. */
export const QUALITY_TABLES = ['pareto', 'trend', 'items', 'steps', 'machines', 'rty'] as const;
export type TQualityTable = (typeof QUALITY_TABLES)[number];
export const ZQualityCsvQuerySchema = checkPeriod(
  z.object({
    ...periodFields,
    granularity: z.enum(QUALITY_GRANULARITIES, 'Choose day or week').default('week'),
    table: z.enum(QUALITY_TABLES, `Choose one of ${QUALITY_TABLES.join(', ')}`),
  }),
);
export type TQualityCsvQuery = z.infer<typeof ZQualityCsvQuerySchema>;

/** GET /api/v1/quality/dashboard/control-chart (and its CSV): one measured check's readings in the period. */
export const ZControlChartQuerySchema = checkPeriod(
  z.object({ ...periodFields, checkId: z.uuid('Check must be an id') }),
);
export type TControlChartQuery = z.infer<typeof ZControlChartQuerySchema>;

/** A ratio with what it was worked out from (common/quality/ratio.ts). */
export const ZFigureSchema = z.object({
  numerator: z.number().int(),
  denominator: z.number().int(),
  value: z.number().nullable(),
  exact: z.string().nullable(),
});
export type TFigureOut = z.infer<typeof ZFigureSchema>;

/** The yield figures of a set of inspections: units, FPY, defects, DPU and DPMO. */
export const ZYieldSchema = z.object({
  inspections: z.number().int(),
  /** Units passed first time ÷ units inspected. */
  fpy: ZFigureSchema,
  /** Failed results ÷ units inspected. */
  dpu: ZFigureSchema,
  /** Failed results × 10⁶ ÷ (units × the plan's checks × readings). */
  dpmo: ZFigureSchema,
});
export type TYield = z.infer<typeof ZYieldSchema>;

export const ZParetoBarSchema = z.object({
  /** The defect code, or "No code". */
  code: z.string(),
  name: z.string(),
  defectCodeId: z.uuid().nullable(),
  count: z.number().int(),
  /** Of which from failed inspection results; the rest is scrap (whole units, a part counted as one). */
  fromInspections: z.number().int(),
  share: ZFigureSchema,
  cumulative: ZFigureSchema,
  vital: z.boolean(),
});
export type TParetoBar = z.infer<typeof ZParetoBarSchema>;

export const ZQualityPeriodSchema = z.object({
  start: z.string(),
  end: z.string(),
  ...ZYieldSchema.shape,
  /** Defects found in the period: failed results and coded or uncoded scrap. */
  defects: z.number().int(),
});

export const ZQualityItemRowSchema = z.object({
  itemId: z.uuid(),
  partNumber: z.string(),
  name: z.string(),
  ...ZYieldSchema.shape,
});
export const ZQualityStepRowSchema = z.object({
  stepId: z.uuid(),
  title: z.string(),
  position: z.number().int(),
  itemId: z.uuid(),
  partNumber: z.string(),
  ...ZYieldSchema.shape,
});
export const ZQualityMachineRowSchema = z.object({
  machineId: z.uuid(),
  name: z.string(),
  assetTag: z.string(),
  /** Failed results and scrap of steps run on the machine. */
  defects: z.number().int(),
  ...ZYieldSchema.shape,
});
export const ZCharacteristicSchema = z.object({
  checkId: z.uuid(),
  name: z.string(),
  unit: z.string(),
  partNumber: z.string(),
  planName: z.string(),
  versionNumber: z.number().int(),
  readings: z.number().int(),
});

export const ZQualityDashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(QUALITY_GRANULARITIES),
  itemId: z.uuid().nullable(),
  timeZone: z.string(),
  totals: ZYieldSchema.extend({ defects: z.number().int() }),
  pareto: z.object({ bars: z.array(ZParetoBarSchema), total: z.number().int(), threshold: z.number() }),
  periods: z.array(ZQualityPeriodSchema),
  items: z.array(ZQualityItemRowSchema),
  steps: z.array(ZQualityStepRowSchema),
  machines: z.array(ZQualityMachineRowSchema),
  /** Over the chosen item's steps in order; null without an item. */
  rty: z
    .object({
      steps: z.array(
        z.object({ stepId: z.uuid(), title: z.string(), position: z.number().int(), fpy: ZFigureSchema }),
      ),
      numerator: z.string(),
      denominator: z.string(),
      value: z.number().nullable(),
      exact: z.string().nullable(),
    })
    .nullable(),
  characteristics: z.array(ZCharacteristicSchema),
});
export type TQualityDashboard = z.infer<typeof ZQualityDashboardSchema>;

const limits = z.object({ centre: z.number(), upper: z.number(), lower: z.number() }).nullable();

export const ZControlChartSchema = z.object({
  timeZone: z.string(),
  check: z.object({
    id: z.uuid(),
    name: z.string(),
    unit: z.string(),
    nominal: z.string().nullable(),
    lowerLimit: z.string().nullable(),
    upperLimit: z.string().nullable(),
  }),
  /** X̄–R for 2..10 readings per inspection, I-MR for one (or more than 10: each reading its own point). */
  kind: z.enum(['xbar-r', 'i-mr']),
  subgroupSize: z.number().int().nullable(),
  points: z.array(
    z.object({
      inspectionId: z.uuid(),
      inspectionNumber: z.string(),
      at: z.string(),
      /** The subgroup's mean, or the reading. */
      value: z.number(),
      /** The subgroup's range, or the moving range (null for the first reading). */
      range: z.number().nullable(),
      /** The Western Electric rules this point breaks, by name. */
      rules: z.array(z.string()),
    }),
  ),
  centre: limits,
  rangeLimits: limits,
  /** Subgroups left out for another number of readings than the chart's. */
  leftOut: z.number().int(),
  /** Subgroups in the period in all; the chart shows the latest CONTROL_CHART_MAX_POINTS. */
  subgroups: z.number().int(),
  noLimits: z.enum(['no-data', 'too-few-points']).nullable(),
  capability: z.object({
    count: z.number().int(),
    mean: z.number().nullable(),
    sigmaWithin: z.number().nullable(),
    sigmaOverall: z.number().nullable(),
    cp: z.number().nullable(),
    cpk: z.number().nullable(),
    pp: z.number().nullable(),
    ppk: z.number().nullable(),
  }),
});
export type TControlChart = z.infer<typeof ZControlChartSchema>;
