// Manage Orders (decisions 044, 047): the shared contract of /api/v1/build-orders — orders of assemblies for a
// customer or for stock, their lines and work orders, and "Can we build it?". Quantities are exact decimal strings.
import { z } from 'zod';
import { BUILD_ORDER_STATUSES, WORK_ORDER_STATUSES } from '../work-order-status.ts';
import { isoDate } from './dates.ts';
import { decimalText } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';
import { workOrderQuantity } from './work-orders.ts';

/** What one order may hold: a form a person edits. */
export const MAX_ORDER_LINES = 100;

export const BUILD_ORDER_MESSAGES = {
  orderNotFound: 'No such order in your company.',
  lineNotFound: 'No such line on this order.',
  assemblyNotFound: 'No such assembly in your company.',
  notReleased: (partNumber: string) =>
    `${partNumber} has no released revision: release it under Assembly Setup before ordering it.`,
  linesFrozen: (status: string) =>
    `Lines can be changed only while the order is a draft or open; it is ${status.toLowerCase()}.`,
  finished: (status: string) => `This order is ${status.toLowerCase()} and can no longer change.`,
  move: (from: string, to: string) =>
    `An order that is ${from.toLowerCase()} cannot become ${to.toLowerCase()}.`,
  openEmpty: 'Add at least one line before opening the order.',
  backToDraft: (workOrders: string) =>
    `Work orders were made from this order (${workOrders}): it cannot go back to draft.`,
  unfinishedWork: (to: string, workOrders: string) =>
    `Work orders of this order are not finished (${workOrders}): complete or cancel them before marking it ${to.toLowerCase()}.`,
  lineHasWork: (position: number) =>
    `Line ${position} has work orders: it cannot be removed or given another assembly.`,
  belowPlanned: (position: number, planned: string) =>
    `Line ${position} already has work orders for ${planned}: its quantity cannot be less than that.`,
} as const;

const positiveQuantity = decimalText('Quantity', 6, { sign: 'positive' }).refine(
  (v) => /[1-9]/.test(v) && !v.startsWith('-'),
  'Quantity must be more than 0',
);

export const ZBuildOrderStatusSchema = z.enum(BUILD_ORDER_STATUSES);

/** The list's status filter: one status, every order not done or cancelled ('active'), or all. */
export const BUILD_ORDER_FILTERS = ['all', 'active', ...BUILD_ORDER_STATUSES] as const;

export const ZBuildOrderFilterSchema = z.object({
  /** The number (42 or SO-000042), customer or notes contains. */
  q: z.string().trim().max(100).default(''),
  status: z.enum(BUILD_ORDER_FILTERS, { error: 'Choose a status' }).default('all'),
});
export type TBuildOrderFilter = z.infer<typeof ZBuildOrderFilterSchema>;

export const ZBuildOrderListQuerySchema = ZBuildOrderFilterSchema.extend(pageQuery(25, 100));
export type TBuildOrderListQuery = z.infer<typeof ZBuildOrderListQuerySchema>;

export const ZBuildOrderSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** SO-000042 */
  numberText: z.string(),
  /** Null: for stock. */
  customer: z.string().nullable(),
  dueOn: z.string().nullable(),
  /** Due before the company's today and not done or cancelled. */
  overdue: z.boolean(),
  status: ZBuildOrderStatusSchema,
  lineCount: z.number().int(),
  createdAt: z.string(),
});
export type TBuildOrderSummary = z.infer<typeof ZBuildOrderSummarySchema>;
export const ZBuildOrderPageSchema = pageOf(ZBuildOrderSummarySchema);
export type TBuildOrderPage = z.infer<typeof ZBuildOrderPageSchema>;

/**
 * A work order of a line: one made from it, or a sub-assembly's made for one of those (decision 064), listed right
 * under its parent (`depth` levels down).
 */
export const ZOrderWorkOrderSchema = z.object({
  id: z.string(),
  numberText: z.string(),
  /** What it builds: the line's assembly at the top, a sub-assembly below. */
  partNumber: z.string(),
  unitOfMeasure: z.string(),
  quantity: z.string(),
  goodQuantity: z.string(),
  scrapQuantity: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  dueOn: z.string().nullable(),
  /** The work order it is made for; null for one made from the line. */
  parentId: z.string().nullable(),
  parentNumberText: z.string().nullable(),
  depth: z.number().int(),
});
export type TOrderWorkOrder = z.infer<typeof ZOrderWorkOrderSchema>;

export const ZBuildOrderLineSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  assembly: z.object({
    id: z.string(),
    itemId: z.string(),
    partNumber: z.string(),
    name: z.string(),
    unitOfMeasure: z.string(),
  }),
  quantity: z.string(),
  /**
   * In the line's own work orders: a completed one by its good units, an unfinished one by its quantity, a
   * cancelled one not at all (decision 064: what scrap lost is planned again).
   */
  planned: z.string(),
  /** quantity − planned, never below 0: what work orders may still be made for. */
  remaining: z.string(),
  /** Of `remaining`, what completed work orders made fewer good units than they were for ("1 ea short"). */
  shortfall: z.string(),
  /** Scrapped by the line's own work orders so far (why a shortfall is, most often). */
  scrapped: z.string(),
  /** The line's work orders and, under each, its sub-assemblies' work orders, each child after its parent. */
  workOrders: z.array(ZOrderWorkOrderSchema),
});
export type TBuildOrderLine = z.infer<typeof ZBuildOrderLineSchema>;

export const ZBuildOrderSchema = ZBuildOrderSummarySchema.extend({
  notes: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  lines: z.array(ZBuildOrderLineSchema),
});
export type TBuildOrder = z.infer<typeof ZBuildOrderSchema>;

export const ZBuildOrderLineInputSchema = z.object({
  /** A line of this order kept (its work orders stay with it); omitted: a new line. */
  id: z.uuid().optional(),
  assemblyId: z.uuid({ error: 'Choose an assembly' }),
  quantity: positiveQuantity,
});
export type TBuildOrderLineInput = z.infer<typeof ZBuildOrderLineInputSchema>;

const customer = z
  .string()
  .trim()
  .max(200, 'Customer is too long (maximum 200 characters)')
  .nullable()
  .transform((v) => (v ? v : null));
const dueOn = isoDate('Due date must be a date (YYYY-MM-DD)').nullable();
const notes = z.string().trim().max(2000, 'Notes are too long (maximum 2,000 characters)');
const lines = z.array(ZBuildOrderLineInputSchema).max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`);

/** POST /api/v1/build-orders: a new draft order. A missing or empty customer means for stock. */
export const ZBuildOrderCreateSchema = z.object({
  customer: customer.default(null),
  dueOn: dueOn.default(null),
  notes: notes.default(''),
  lines: lines.default([]),
});
export type TBuildOrderCreate = z.infer<typeof ZBuildOrderCreateSchema>;

/** PATCH /api/v1/build-orders/:id: the fields sent change; `lines`, when sent, replaces the lines whole. */
export const ZBuildOrderUpdateSchema = z.object({
  customer: customer.optional(),
  dueOn: dueOn.optional(),
  notes: notes.optional(),
  lines: lines.optional(),
});
export type TBuildOrderUpdate = z.infer<typeof ZBuildOrderUpdateSchema>;

/** POST /api/v1/build-orders/:id/status */
export const ZBuildOrderMoveSchema = z.object({
  status: z.enum(BUILD_ORDER_STATUSES, { error: 'Choose a status' }),
});
export type TBuildOrderMove = z.infer<typeof ZBuildOrderMoveSchema>;

export const ZBuildabilityQuerySchema = z.object({
  /** One line only; omitted: the whole order. */
  lineId: z.uuid('Not a line id').optional(),
});

export const ZBuildabilityRowSchema = z.object({
  itemId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  unitOfMeasure: z.string(),
  /** A sub-assembly with no released revision is checked as a part: it can only come from stock. */
  isAssembly: z.boolean(),
  /** Through every level, scrap included, after sub-assemblies taken from stock. */
  needed: z.string(),
  /** On hand less what open reservations of work orders hold. */
  available: z.string(),
  /** needed − available when short, else 0. */
  missing: z.string(),
});
export type TBuildabilityRow = z.infer<typeof ZBuildabilityRowSchema>;

export const ZSubAssemblyUseSchema = z.object({
  itemId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  unitOfMeasure: z.string(),
  needed: z.string(),
  /** Taken from stock instead of built. */
  fromStock: z.string(),
  /** Coming from work orders already released or running, that no other work order awaits. */
  fromWorkOrders: z.string(),
  /** Built, so exploded into its components. */
  toBuild: z.string(),
});

/** GET /api/v1/build-orders/:id/buildability: can what is left to build be built from stock? */
export const ZBuildabilitySchema = z.object({
  orderId: z.string(),
  lineId: z.string().nullable(),
  /** Per line: the quantity checked (not yet in released, running or completed work orders). */
  lines: z.array(z.object({ lineId: z.string(), partNumber: z.string(), quantity: z.string() })),
  canBuild: z.boolean(),
  /** Every bought component (and unreleased sub-assembly) needed, shortfalls first. */
  components: z.array(ZBuildabilityRowSchema),
  subAssemblies: z.array(ZSubAssemblyUseSchema),
});
export type TBuildability = z.infer<typeof ZBuildabilitySchema>;

/**
 * The "Create work orders" dialog: a line's quantity in one part or several, each posted as one work order through
 * ZWorkOrderCreateSchema. Together they may not exceed what is left of the line (decision 047: no over-building).
 */
export const ZWorkOrderSplitSchema = z.object({
  parts: z
    .array(z.object({ quantity: workOrderQuantity }))
    .min(1, 'Add at least one part')
    .max(50, 'At most 50 parts at once'),
  dueOn: isoDate('Due date must be a date (YYYY-MM-DD)').optional(),
});
export type TWorkOrderSplit = z.infer<typeof ZWorkOrderSplitSchema>;
