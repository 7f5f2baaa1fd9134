// Work orders (decision 044): the shared contract of /api/v1/work-orders. The create body is fixed first because
// Manage Orders makes work orders from its lines through it (whole, or split into several).
import { z } from 'zod';
import { WORK_ORDER_STATUSES } from '../work-order-status.ts';
import { isoDate } from './dates.ts';
import { decimalText } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';
import { ZWorkOrderCostSchema, ZWorkOrderRecordSchema } from './work-order-cost.ts';

/** The quantity of a work order: an exact decimal in the assembly's unit, more than zero. */
export const workOrderQuantity = decimalText('Quantity', 6, { sign: 'positive' }).refine(
  (v) => /[1-9]/.test(v) && !v.startsWith('-'),
  'Quantity must be more than 0',
);

/**
 * POST /api/v1/work-orders: build `quantity` of an assembly to its current released revision. From an order line,
 * `orderLineId` names it (its assembly must be the line's); split a line by posting one work order per part.
 */
export const ZWorkOrderCreateSchema = z.object({
  assemblyId: z.uuid({ error: 'Choose an assembly' }),
  quantity: workOrderQuantity,
  orderLineId: z.uuid().optional(),
  dueOn: isoDate('Due date must be a date (YYYY-MM-DD)').optional(),
  outputLocationId: z.uuid().optional(),
});
export type TWorkOrderCreate = z.infer<typeof ZWorkOrderCreateSchema>;

export const WORK_ORDER_MESSAGES = {
  notFound: 'No such work order in your company.',
  assemblyNotFound: 'No such assembly in your company.',
  neverReleased: 'This assembly has no released revision yet: release one in Assembly Setup first.',
  orderLineNotFound: 'No such order line in your company.',
  orderNotOpen: (status: string) => `Work orders are made from open orders, and this order is ${status}.`,
  lineAssembly: 'The order line is for another assembly: choose the line’s assembly.',
  overLine: (left: string, of: string, unit: string) =>
    `Only ${left} ${unit} of this order line’s ${of} ${unit} is left to plan: make the work order no larger, or raise the line on its order.`,
  locationNotFound: 'No such location in your company.',
  invalidTransition: (from: string, to: string) => `A work order cannot go from ${from} to ${to}.`,
  completeOnFloor:
    'A work order is completed on the shop floor, once its steps are finished and its output recorded.',
  short: (parts: string[]) =>
    `Not enough available stock to release: ${parts.join('; ')}. Receive or free stock, or release less.`,
  /** Said of a short sub-assembly no child work order covers (decision 064): it is built, not bought. */
  shortSubAssembly: (partNumber: string) =>
    `create the sub-assembly’s work order for ${partNumber} under this one (Sub-assemblies, on this page)`,
  /** What open child work orders will still bring of a short sub-assembly, in the refusal. */
  fromChildren: (quantity: string) => `${quantity} to come from its work orders`,
  parentNotFound: 'No such parent work order in your company.',
  parentClosed: (numberText: string, status: string) =>
    `${numberText} is ${status}: sub-assembly work orders are made for a work order that is not finished.`,
  parentDoesNotUse: (numberText: string, partNumber: string) =>
    `${numberText} does not use ${partNumber}: choose one of its sub-assemblies.`,
  lineOrParent: 'A work order is made either from an order line or for a parent work order, not both.',
  afterParent: (numberText: string, dueOn: string) =>
    `Due no later than ${numberText}, which needs it by ${dueOn}.`,
  rootLeftOut: 'The work order asked for cannot be left out: untick its sub-assemblies only.',
} as const;

export const ZWorkOrderStatusSchema = z.enum(WORK_ORDER_STATUSES);

const filterFields = {
  status: ZWorkOrderStatusSchema.optional(),
  assemblyId: z.uuid('Assembly must be an id').optional(),
  dueFrom: isoDate('From must be a date (YYYY-MM-DD)').optional(),
  dueTo: isoDate('To must be a date (YYYY-MM-DD)').optional(),
  /** The number (42, WO-000042) or the assembly's part number or name. */
  q: z.string().trim().max(100).default(''),
  /** The children of one work order (its sub-assemblies' work orders). */
  parentId: z.uuid('Parent must be an id').optional(),
};
const dueOrder = {
  check: (q: { dueFrom?: string | undefined; dueTo?: string | undefined }) =>
    !q.dueFrom || !q.dueTo || q.dueFrom <= q.dueTo,
  message: { path: ['dueTo'], error: 'To must be on or after From' },
};

/** GET /api/v1/work-orders/export.csv: the list's filters, every row. */
export const ZWorkOrderFilterSchema = z.object(filterFields).refine(dueOrder.check, dueOrder.message);
export type TWorkOrderFilter = z.infer<typeof ZWorkOrderFilterSchema>;

/** GET /api/v1/work-orders: a page, newest first, narrowed by status, assembly, due range and number or part. */
export const ZWorkOrderListQuerySchema = z
  .object({ ...pageQuery(25, 100), ...filterFields })
  .refine(dueOrder.check, dueOrder.message);
export type TWorkOrderListQuery = z.infer<typeof ZWorkOrderListQuerySchema>;

export const ZWorkOrderSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** WO-000042 */
  numberText: z.string(),
  status: ZWorkOrderStatusSchema,
  assemblyId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  unitOfMeasure: z.string(),
  revisionNumber: z.number().int(),
  quantity: z.string(),
  dueOn: z.string().nullable(),
  /** The order it was made from (SO-000012), null for stock. */
  orderId: z.string().nullable(),
  orderNumberText: z.string().nullable(),
  orderLineId: z.string().nullable(),
  /** The work order that needs this one's output (decision 064), null at the top of a tree. */
  parentId: z.string().nullable(),
  /** WO-000041, the parent's number; null at the top. */
  parentNumberText: z.string().nullable(),
  createdAt: z.string(),
});
export type TWorkOrderSummary = z.infer<typeof ZWorkOrderSummarySchema>;
export const ZWorkOrderPageSchema = pageOf(ZWorkOrderSummarySchema);
export type TWorkOrderPage = z.infer<typeof ZWorkOrderPageSchema>;

/** A component item of the work order: its BOM lines summed, with what is reserved, consumed and available. */
export const ZWorkOrderComponentSchema = z.object({
  itemId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  unitOfMeasure: z.string(),
  /** A sub-assembly's assembly id (it is reserved as an item), else null. */
  assemblyId: z.string().nullable(),
  /** Per unit built, as the BOM says (before scrap). */
  perUnit: z.string(),
  /** For the whole work order, scrap allowance included: what releasing reserves. */
  required: z.string(),
  /** Held for this work order now (reserved less consumed, while the reservation is open). */
  reserved: z.string(),
  consumed: z.string(),
  onHand: z.string(),
  /** On hand less every open reservation (this one's included). */
  available: z.string(),
});
export type TWorkOrderComponent = z.infer<typeof ZWorkOrderComponentSchema>;

export const ZWorkOrderStepSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  instructions: z.string(),
  setupMinutes: z.string(),
  runMinutes: z.string(),
});

export const ZWorkOrderDetailSchema = ZWorkOrderSummarySchema.extend({
  revisionId: z.string(),
  outputLocation: z.object({ id: z.string(), code: z.string(), name: z.string() }).nullable(),
  goodQuantity: z.string(),
  scrapQuantity: z.string(),
  releasedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  components: z.array(ZWorkOrderComponentSchema),
  steps: z.array(ZWorkOrderStepSchema),
  /** The label code of the work order (its traveller's QR code), made on first print or scan. */
  code: z.string().nullable(),
  /** Planned against actual material cost, labor and the unit cost of its output (decision 064). */
  cost: ZWorkOrderCostSchema,
  /** Good, scrap, consumption against plan and minutes against standard; null until it is completed. */
  record: ZWorkOrderRecordSchema.nullable(),
});
export type TWorkOrderDetail = z.infer<typeof ZWorkOrderDetailSchema>;

/** POST /api/v1/work-orders/:id/status: one move of WORK_ORDER_TRANSITIONS. */
export const ZWorkOrderMoveSchema = z.object({
  status: z.enum(WORK_ORDER_STATUSES, { error: 'Status must be one of the work order statuses' }),
});
export type TWorkOrderMove = z.infer<typeof ZWorkOrderMoveSchema>;

/**
 * What to build as a tree (decision 064, planning through every level): `quantity` of an assembly and, under it, a
 * work order for each sub-assembly stock does not cover. From an order line (`orderLineId`) or for a parent work
 * order that needs it (`parentWorkOrderId`), never both; the output location defaults to the item's own.
 */
const treeFields = {
  assemblyId: z.uuid({ error: 'Choose an assembly' }),
  quantity: workOrderQuantity,
  orderLineId: z.uuid('Order line must be an id').optional(),
  parentWorkOrderId: z.uuid('Parent work order must be an id').optional(),
  dueOn: isoDate('Due date must be a date (YYYY-MM-DD)').optional(),
  outputLocationId: z.uuid('Output location must be an id').optional(),
};

/** GET /api/v1/work-orders/proposal: the tree that POST …/tree would make now (reads only). */
export const ZWorkOrderProposalQuerySchema = z.object(treeFields);
export type TWorkOrderProposalQuery = z.infer<typeof ZWorkOrderProposalQuerySchema>;

/** POST /api/v1/work-orders/tree: the proposal, made, less the sub-assemblies the planner unticked. */
export const ZWorkOrderTreeCreateSchema = z.object({
  ...treeFields,
  /** Keys of proposed sub-assembly work orders not to make (with everything under them). */
  leaveOut: z
    .array(z.string().min(1, 'Not a key of the proposal').max(2000, 'Not a key of the proposal'))
    .max(200, 'At most 200 left out')
    .default([]),
});
export type TWorkOrderTreeCreate = z.input<typeof ZWorkOrderTreeCreateSchema>;
export type TWorkOrderTreeCreateParsed = z.infer<typeof ZWorkOrderTreeCreateSchema>;

/** One node of a proposed tree, listed parents before children (depth first, in BOM order). */
export const ZWorkOrderProposalNodeSchema = z.object({
  /** Stable while the BOMs do not change: the item ids from the top down, joined by '/'. */
  key: z.string(),
  parentKey: z.string().nullable(),
  /** 0 for the work order asked for, 1 for its sub-assemblies, … */
  depth: z.number().int(),
  assemblyId: z.string(),
  itemId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  unitOfMeasure: z.string(),
  /** What the parent needs of it (the top: the quantity asked for). */
  needed: z.string(),
  /** Covered by available stock (never for the top: it is asked to be built). */
  fromStock: z.string(),
  /** What its work order builds: needed − from stock; 0 when stock covers it (no work order then). */
  quantity: z.string(),
});
export type TWorkOrderProposalNode = z.infer<typeof ZWorkOrderProposalNodeSchema>;

export const ZWorkOrderProposalSchema = z.object({
  /** The due date every work order of the tree takes. */
  dueOn: z.string().nullable(),
  nodes: z.array(ZWorkOrderProposalNodeSchema),
});
export type TWorkOrderProposal = z.infer<typeof ZWorkOrderProposalSchema>;

/** POST /api/v1/work-orders/tree: the work orders made, the top one first, each child after its parent. */
export const ZWorkOrderTreeSchema = z.object({ workOrders: z.array(ZWorkOrderSummarySchema) });
export type TWorkOrderTree = z.infer<typeof ZWorkOrderTreeSchema>;
