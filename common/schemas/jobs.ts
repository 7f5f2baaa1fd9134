// Jobs (decision 079, issue 31): the shared contract of /api/v1/jobs — a customer's job with its budget, the orders
// and work orders that belong to it, and its status. Money and hours are exact decimal strings, never floats.
import { z } from 'zod';
import { BUILD_ORDER_STATUSES, WORK_ORDER_STATUSES } from '../work-order-status.ts';
import { decimalText } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';

export const JOB_STATUSES = ['open', 'on_hold', 'closed'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];

export const JOB_STATUS_LABELS: Record<TJobStatus, string> = {
  open: 'Open',
  on_hold: 'On hold',
  closed: 'Closed',
};

/** A job's number as people say and print it: JOB-000042. */
export const jobNumberText = (n: number) => `JOB-${String(n).padStart(6, '0')}`;

/**
 * The number a typed or scanned job code names: "JOB-000042", "job-42", "JOB42" → 42; null when it is not a job
 * code. A bare number is not taken here (it could be any record's); the list's search takes those.
 */
export function parseJobCode(text: string): number | null {
  const m = /^\s*job-?0*(\d{1,9})\s*$/i.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 ? n : null;
}

/** The moves between statuses: hold and close an open job, reopen a held or closed one. */
export const JOB_MOVES: Record<TJobStatus, readonly TJobStatus[]> = {
  open: ['on_hold', 'closed'],
  on_hold: ['open', 'closed'],
  closed: ['open'],
};

export const JOB_MESSAGES = {
  notFound: 'No such job in your company.',
  orderNotFound: 'No such order in your company.',
  orderOfOtherJob: (order: string, job: string) => `${order} belongs to ${job}: unlink it there first.`,
  orderNotLinked: (order: string) => `${order} does not belong to this job.`,
  move: (from: string, to: string) =>
    `A job that is ${from.toLowerCase()} cannot become ${to.toLowerCase()}.`,
  /** A posting or a clock naming a job that takes nothing new (`what`: "stock issues", "time"). */
  closed: (job: string, what: string) => `${job} is closed: it takes no new ${what}. Reopen it first.`,
  onHold: (job: string, what: string) => `${job} is on hold: it takes no new ${what} until it is open again.`,
  closedNoLink: (job: string) => `${job} is closed: reopen it before linking orders to it.`,
} as const;

// Within the columns (budget_hours numeric(12,2): ten whole digits; budget_cost numeric(18,4)), so a large number is
// a 400 naming the field rather than the database's overflow.
const budget = (field: string, scale: number, maxDigits: number) =>
  decimalText(field, scale, { sign: 'nonNegative', maxDigits }).refine((v) => !v.startsWith('-'), {
    error: `${field} cannot be negative`,
  });

export const ZJobStatusSchema = z.enum(JOB_STATUSES, { error: 'Choose a status' });

/** The list's status filter: one status, every job not closed ('active'), or all. */
export const JOB_FILTERS = ['all', 'active', ...JOB_STATUSES] as const;

export const ZJobListQuerySchema = z.object({
  /** The number (42 or JOB-000042), name or customer contains. */
  q: z.string().trim().max(100).default(''),
  status: z.enum(JOB_FILTERS, { error: 'Choose a status' }).default('all'),
  ...pageQuery(25, 100),
});
export type TJobListQuery = z.infer<typeof ZJobListQuerySchema>;
export type TJobListQueryInput = z.input<typeof ZJobListQuerySchema>;

export const ZJobSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** JOB-000042 */
  numberText: z.string(),
  name: z.string(),
  customer: z.string(),
  status: ZJobStatusSchema,
  /** Hours with two decimals; null: no budget. */
  budgetHours: z.string().nullable(),
  /** Money with four decimals; null: no budget. */
  budgetCost: z.string().nullable(),
  createdAt: z.string(),
});
export type TJobSummary = z.infer<typeof ZJobSummarySchema>;
export const ZJobPageSchema = pageOf(ZJobSummarySchema);
export type TJobPage = z.infer<typeof ZJobPageSchema>;

/** An order linked to the job. */
export const ZJobOrderSchema = z.object({
  id: z.string(),
  numberText: z.string(),
  customer: z.string().nullable(),
  status: z.enum(BUILD_ORDER_STATUSES),
  dueOn: z.string().nullable(),
});

/** A work order that belongs to the job (made from one of its orders, or a sub-assembly's for one of those). */
export const ZJobWorkOrderSchema = z.object({
  id: z.string(),
  numberText: z.string(),
  partNumber: z.string(),
  name: z.string(),
  quantity: z.string(),
  unitOfMeasure: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  dueOn: z.string().nullable(),
});

export const ZJobSchema = ZJobSummarySchema.extend({
  notes: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  orders: z.array(ZJobOrderSchema),
  workOrders: z.array(ZJobWorkOrderSchema),
  /** The people whose clocks run on the job now: holding or closing it stops them (decision 079). */
  clockedIn: z.array(z.string()),
});
export type TJob = z.infer<typeof ZJobSchema>;

export const ZJobCreateSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(200, 'At most 200 characters'),
  customer: z.string().trim().max(200, 'At most 200 characters').default(''),
  /** Null or left out: no budget. */
  budgetHours: budget('Budget hours', 2, 10).nullable().default(null),
  budgetCost: budget('Budget cost', 4, 12).nullable().default(null),
  notes: z.string().trim().max(4000, 'At most 4,000 characters').default(''),
});
export type TJobCreate = z.infer<typeof ZJobCreateSchema>;
export type TJobCreateInput = z.input<typeof ZJobCreateSchema>;

/** Changes to a job: only the fields sent. */
export const ZJobUpdateSchema = z.object({
  name: ZJobCreateSchema.shape.name.optional(),
  customer: z.string().trim().max(200, 'At most 200 characters').optional(),
  budgetHours: budget('Budget hours', 2, 10).nullable().optional(),
  budgetCost: budget('Budget cost', 4, 12).nullable().optional(),
  notes: z.string().trim().max(4000, 'At most 4,000 characters').optional(),
});
export type TJobUpdate = z.infer<typeof ZJobUpdateSchema>;

export const ZJobMoveSchema = z.object({ status: ZJobStatusSchema });

export const ZJobLinkOrderSchema = z.object({ orderId: z.uuid('Not an order id') });
