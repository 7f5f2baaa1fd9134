// The shop-floor run of a work order (decision 049): the contract of /api/v1/work-orders/:id/floor and its actions —
// steps started, paused, resumed and finished in order; components consumed by what the operator scans; output put
// away (into a new lot when the assembly is lot-tracked) and scrap recorded; completion. Quantities are exact decimals.
// Decision 064: a BOM line is consumed by scan or backflushed at its step's finish; more than planned needs a reason;
// completion refuses (409 UNCONSUMED, the open lines in `details`) until each planned line is consumed or resolved.
import { z } from 'zod';
import { STEP_RUN_STATUSES } from '../work-order-status.ts';
import { ZConsumptionModeSchema, ZStepFileSchema } from './build.ts';
import { ZFloorStepCheckSchema, ZScrapDefectCodeSchema } from './floor-checks.ts';
import { idempotencyKeySchema } from './idempotency-key.ts';
import { QUANTITY_SCALE } from './inventory-setup.ts';
import { decimalText } from './numbers.ts';
import { ZWorkOrderStatusSchema } from './work-orders.ts';

const positive = (field: string) =>
  decimalText(field, QUANTITY_SCALE, { sign: 'positive' }).refine(
    (v) => /[1-9]/.test(v) && !v.startsWith('-'),
    `${field} must be more than 0`,
  );
const notNegative = (field: string) =>
  decimalText(field, QUANTITY_SCALE, { sign: 'nonNegative' }).refine(
    (v) => !v.startsWith('-'),
    `${field} cannot be negative`,
  );
const hasScrap = (v: string) => /[1-9]/.test(v);
const reason = z.string().trim().max(500, 'At most 500 characters').optional();

/**
 * The defect code scrap is counted under (decision 070: scrap and inspection failures share one Pareto); the reason
 * stays, as the note. Ignored when nothing is scrapped.
 */
const scrapDefectCodeId = z.uuid({ error: 'Choose a defect code' }).optional();
/** Scrap says why: a defect code, a reason, or both. */
const scrapSaysWhy = (b: {
  scrapQuantity: string;
  scrapReason?: string | undefined;
  scrapDefectCodeId?: string | undefined;
}) => !hasScrap(b.scrapQuantity) || !!b.scrapReason || !!b.scrapDefectCodeId;

/**
 * The rules both finishing a step and recording output share (schema rules cannot say them, decision 076): scrap
 * says why, and while the company's Quality area is on and it keeps an active defect code, scrap names one of them.
 */
export const SCRAP_REASON_RULE =
  'scrapReason or scrapDefectCodeId is given when scrapQuantity is more than 0';
export const SCRAP_CODE_RULE =
  'scrapDefectCodeId names an active defect code of the company, and is given when scrapQuantity is more than 0 while the Quality area is on and the company keeps an active defect code';

/** POST …/steps/:stepId/finish: how many came through the step good, how many were scrapped and why. */
export const ZStepFinishSchema = z
  .object({
    goodQuantity: notNegative('Good quantity'),
    scrapQuantity: notNegative('Scrap').default('0'),
    scrapReason: reason,
    scrapDefectCodeId,
  })
  .refine(scrapSaysWhy, { path: ['scrapReason'], error: 'Say why it was scrapped' });
export type TStepFinish = z.infer<typeof ZStepFinishSchema>;

/**
 * POST …/consumptions: what the operator scanned or typed (a lot or item label, a lot or part number), how much and
 * from where; `stepId` the step it is consumed at, when the screen knows it; `reason` why, when the quantity passes
 * what is left of the plan (the server asks for it then: 400 naming `reason`).
 */
export const ZConsumeSchema = z.object({
  idempotencyKey: idempotencyKeySchema('consumption'),
  code: z.string({ error: 'Scan or type a label' }).trim().min(1, 'Scan or type a label').max(300),
  quantity: positive('Quantity'),
  locationId: z.uuid({ error: 'Choose the location it is taken from' }),
  stepId: z.uuid({ error: 'Not a step id' }).optional(),
  reason,
});
export type TConsume = z.infer<typeof ZConsumeSchema>;
/** The rule of a consumption the schema cannot say (it needs the plan). */
export const CONSUME_REASON_RULE = 'reason is given when the quantity passes what is left of the plan';

/** Where a consumption came from: a scan, a step's backflush, or a resolution at completion. */
export const CONSUMPTION_SOURCES = ['scan', 'backflush', 'completion'] as const;
export type TConsumptionSource = (typeof CONSUMPTION_SOURCES)[number];

/**
 * What completion does with a line not fully consumed: `consume` takes what is left (as a backflush would),
 * `used` records `quantity` as what was actually used (more than consumed takes the difference), `return` takes
 * nothing more and releases the rest. `used` with a quantity other than planned, and `return`, need a reason.
 */
export const RESOLUTION_ACTIONS = ['consume', 'used', 'return'] as const;
export const ZResolutionSchema = z.object({
  itemId: z.uuid({ error: 'Not an item id' }),
  action: z.enum(RESOLUTION_ACTIONS, { error: 'Choose consume, used or return' }),
  quantity: notNegative('Quantity').optional(),
  reason,
});
export type TResolution = z.infer<typeof ZResolutionSchema>;

/** POST …/complete: one resolution per open line (none needed when every planned line is consumed). */
export const ZCompleteSchema = z.object({
  resolutions: z.array(ZResolutionSchema).max(500, 'At most 500 resolutions').default([]),
});
export type TComplete = z.input<typeof ZCompleteSchema>;
/** The rules of completion's resolutions the schema cannot say. */
export const COMPLETE_RULES = [
  'one resolution per open line, each naming a line that is open',
  'a used resolution has a quantity, at least what was consumed',
  'a return, or a used quantity other than planned, has a reason',
];

/** A planned line not fully consumed, as completion's 409 UNCONSUMED lists it (in `error.details.lines`). */
export const ZUnconsumedLineSchema = z.object({
  itemId: z.string(),
  partNumber: z.string(),
  planned: z.string(),
  consumed: z.string(),
  left: z.string(),
  unit: z.string(),
});
export type TUnconsumedLine = z.infer<typeof ZUnconsumedLineSchema>;
/** The `details` of a 409 UNCONSUMED: read it with `ZUnconsumedDetailsSchema.safeParse(error.details)`. */
export const ZUnconsumedDetailsSchema = z.object({ lines: z.array(ZUnconsumedLineSchema) });
export type TUnconsumedDetails = z.infer<typeof ZUnconsumedDetailsSchema>;

/** POST …/outputs: good units put away (at `locationId`, else the work order's output location) and scrap. */
export const ZOutputSchema = z
  .object({
    idempotencyKey: idempotencyKeySchema('output'),
    goodQuantity: notNegative('Good quantity').default('0'),
    scrapQuantity: notNegative('Scrap').default('0'),
    scrapReason: reason,
    scrapDefectCodeId,
    locationId: z.uuid({ error: 'Choose where the output is put away' }).optional(),
  })
  .refine((b) => hasScrap(b.goodQuantity) || hasScrap(b.scrapQuantity), {
    path: ['goodQuantity'],
    error: 'Record some good quantity or scrap',
  })
  .refine(scrapSaysWhy, { path: ['scrapReason'], error: 'Say why it was scrapped' });
export type TOutput = z.infer<typeof ZOutputSchema>;
export const OUTPUT_RULES = [
  'goodQuantity or scrapQuantity is more than 0',
  SCRAP_REASON_RULE,
  SCRAP_CODE_RULE,
];

export { SHOP_FLOOR_MESSAGES } from './shop-floor-messages.ts';

export const ZStepRunSchema = z.object({
  status: z.enum(STEP_RUN_STATUSES),
  startedByName: z.string(),
  startedAt: z.string(),
  pausedAt: z.string().nullable(),
  pausedMinutes: z.string(),
  finishedByName: z.string().nullable(),
  finishedAt: z.string().nullable(),
  goodQuantity: z.string().nullable(),
  scrapQuantity: z.string().nullable(),
  scrapReason: z.string().nullable(),
  scrapDefectCode: ZScrapDefectCodeSchema.nullable(),
});

export const ZFloorStepSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  /** Markdown, rendered without raw HTML. */
  instructions: z.string(),
  /** The step's pictures and videos, frozen with the revision. */
  files: z.array(ZStepFileSchema),
  run: ZStepRunSchema.nullable(),
  /** The backflush lines its finish takes (a line with no step is the first step's), with what is left of each. */
  backflush: z.array(
    z.object({ itemId: z.string(), partNumber: z.string(), unitOfMeasure: z.string(), left: z.string() }),
  ),
  /** The plans it is inspected with, in the recipe's order, with where each stands for this work order. */
  checks: z.array(ZFloorStepCheckSchema),
});

export const ZFloorComponentSchema = z.object({
  itemId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  unitOfMeasure: z.string(),
  lotTracked: z.boolean(),
  /** The BOM lines' step (null: the first step). */
  stepIds: z.array(z.string().nullable()),
  /** 'backflush' when every line of the item is backflushed, else 'scan'. */
  consumption: ZConsumptionModeSchema,
  /** What the plan takes (the reservation's quantity: the requirement, rounded). */
  planned: z.string(),
  /** The reservation's quantity (as before decision 064; equal to planned). */
  reserved: z.string(),
  consumed: z.string(),
  /** What is left of the plan to consume: planned less consumed, never below 0. */
  left: z.string(),
  /** Consumed beyond planned (0 when not). */
  over: z.string(),
  /** Where "Taken from" points: the item's default location when it holds some, else the one holding most. */
  defaultLocation: z.object({ id: z.string(), code: z.string() }).nullable(),
});

export const ZFloorConsumptionSchema = z.object({
  id: z.string(),
  partNumber: z.string(),
  lotNumber: z.string().nullable(),
  locationCode: z.string(),
  quantity: z.string(),
  stepId: z.string().nullable(),
  source: z.enum(CONSUMPTION_SOURCES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
});

export const ZFloorOutputSchema = z.object({
  id: z.string(),
  lotId: z.string().nullable(),
  lotNumber: z.string().nullable(),
  locationCode: z.string().nullable(),
  goodQuantity: z.string(),
  scrapQuantity: z.string(),
  scrapReason: z.string().nullable(),
  scrapDefectCode: ZScrapDefectCodeSchema.nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
});

/** GET /api/v1/work-orders/:id/floor, and the answer of every shop-floor action: the run as it now is. */
export const ZFloorSchema = z.object({
  id: z.string(),
  numberText: z.string(),
  status: ZWorkOrderStatusSchema,
  partNumber: z.string(),
  name: z.string(),
  unitOfMeasure: z.string(),
  quantity: z.string(),
  goodQuantity: z.string(),
  scrapQuantity: z.string(),
  outputLocation: z.object({ id: z.string(), code: z.string() }).nullable(),
  /** The assembly item's default location: where the output form puts good units when the work order names none. */
  assemblyDefaultLocation: z.object({ id: z.string(), code: z.string() }).nullable().optional(),
  steps: z.array(ZFloorStepSchema),
  components: z.array(ZFloorComponentSchema),
  consumptions: z.array(ZFloorConsumptionSchema),
  outputs: z.array(ZFloorOutputSchema),
});
export type TFloor = z.infer<typeof ZFloorSchema>;

/** The answer of a consumption or an output: the row it made (the same on a retried key) and the run. */
export const ZFloorActionSchema = z.object({
  recordId: z.string(),
  transactionId: z.string().nullable(),
  floor: ZFloorSchema,
});
export type TFloorAction = z.infer<typeof ZFloorActionSchema>;
