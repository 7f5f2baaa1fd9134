// The job cost report's drill-down (decision 084): one job over the report's period, by person and by work order,
// down to the time entries and ledger lines behind each figure. Sums are rounded as the report's (money to the cent,
// hours to two decimals; a work order's total is its rounded parts added); an entry's and a line's own money is exact
// (the ledger's and the entry's four decimals): the screen writes it to the cent.
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { JOB_COST_FIRST_DAY, JOB_COST_LAST_DAY, JOB_COST_MESSAGES } from './job-cost.ts';
import { pageOf, pageQuery } from './paging.ts';
import { TIME_ACTIVITIES } from './time.ts';

const drillFields = {
  from: isoDate(JOB_COST_MESSAGES.date).refine(
    (from) => from >= JOB_COST_FIRST_DAY,
    `Start the report on ${JOB_COST_FIRST_DAY} at the earliest`,
  ),
  to: isoDate(JOB_COST_MESSAGES.date).refine(
    (to) => to <= JOB_COST_LAST_DAY,
    `End the report by ${JOB_COST_LAST_DAY} at the latest`,
  ),
  ...pageQuery(25, 100),
};

function ordered<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema.refine((q) => q.from <= q.to, { path: ['to'], message: JOB_COST_MESSAGES.order });
}

/** GET …/jobs/:jobId/people and …/work-orders: the period and a page. */
export const ZJobCostDrillQuerySchema = ordered(z.object(drillFields));
export type TJobCostDrillQuery = z.infer<typeof ZJobCostDrillQuerySchema>;

/** GET …/jobs/:jobId/entries: the period, a page, and optionally one person's or one work order's. */
export const ZJobCostEntriesQuerySchema = ordered(
  z.object({
    ...drillFields,
    userId: z.uuid('Not a person id').optional(),
    workOrderId: z.uuid('Not a work order id').optional(),
  }),
);
export type TJobCostEntriesQuery = z.infer<typeof ZJobCostEntriesQuerySchema>;

/** GET …/jobs/:jobId/lines: the period, a page, and optionally one work order's. */
export const ZJobCostLinesQuerySchema = ordered(
  z.object({ ...drillFields, workOrderId: z.uuid('Not a work order id').optional() }),
);
export type TJobCostLinesQuery = z.infer<typeof ZJobCostLinesQuerySchema>;

/** One person's time on the job in the period. */
export const ZJobCostPersonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  entries: z.number().int(),
  laborHours: z.string(),
  laborCost: z.string(),
});
export type TJobCostPerson = z.infer<typeof ZJobCostPersonSchema>;
export const ZJobCostPeopleSchema = pageOf(ZJobCostPersonSchema);

/** One of the job's work orders: the time on its steps and what it consumed, in the period. */
export const ZJobCostWorkOrderSchema = z.object({
  workOrderId: z.string(),
  /** WO-000012 */
  number: z.string(),
  partNumber: z.string(),
  status: z.string(),
  laborHours: z.string(),
  laborCost: z.string(),
  materialConsumed: z.string(),
  /** Labor cost + material consumed, as shown (each to the cent). */
  totalCost: z.string(),
});
export type TJobCostWorkOrder = z.infer<typeof ZJobCostWorkOrderSchema>;
export const ZJobCostWorkOrdersSchema = pageOf(ZJobCostWorkOrderSchema);

/** One ended time entry on the job, at its own rate and cost. */
export const ZJobCostEntrySchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  hours: z.string(),
  rate: z.string(),
  cost: z.string(),
  /** What the time was spent doing, when it was said (the screen writes it in words: TIME_ACTIVITY_LABELS). */
  activity: z.enum(TIME_ACTIVITIES).nullable(),
  source: z.string(),
  /** WO-000012, when it was spent on a work order's step. */
  workOrderNumber: z.string().nullable(),
});
export type TJobCostEntry = z.infer<typeof ZJobCostEntrySchema>;
export const ZJobCostEntriesSchema = pageOf(ZJobCostEntrySchema);

export const JOB_COST_CATEGORIES = ['issued', 'consumed', 'maintenance'] as const;
export type TJobCostCategory = (typeof JOB_COST_CATEGORIES)[number];
export const JOB_COST_CATEGORY_LABELS: Record<TJobCostCategory, string> = {
  issued: 'Issued to the job',
  consumed: 'Consumed by a work order',
  maintenance: 'Maintenance part',
};

/** One ledger line charged to the job: its quantity as the ledger has it (an issue's is negative) and its cost. */
export const ZJobCostLineSchema = z.object({
  id: z.string(),
  postedAt: z.string(),
  kind: z.string(),
  category: z.enum(JOB_COST_CATEGORIES),
  reference: z.string(),
  partNumber: z.string(),
  itemName: z.string(),
  quantity: z.string(),
  unitCost: z.string(),
  /** What it charged the job: −quantity × unit cost, so a return to stock is negative. */
  cost: z.string(),
  workOrderNumber: z.string().nullable(),
});
export type TJobCostLine = z.infer<typeof ZJobCostLineSchema>;
export const ZJobCostLinesSchema = pageOf(ZJobCostLineSchema);
