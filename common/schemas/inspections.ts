// Inspections and their results (decisions 070 and 072): started from a plan's version in force for a lot (receipt,
// final) or a work order's step or output, sampled as the version says (MIL-STD-105E with the switching rules for
// AQL plans), recorded unit by unit and reading by reading (history: never changed), and finished with a verdict
// that releases or keeps the lot's hold. The shared contract of /api/v1/inspections.
import { z } from 'zod';
import { ZCorrectiveActionSchema } from './corrective-actions.ts';
import { decimalText } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';

export const INSPECTION_STAGE_VALUES = ['receipt', 'step', 'final'] as const;
export const INSPECTION_STATUSES = ['open', 'passed', 'failed'] as const;
export type TInspectionStatus = (typeof INSPECTION_STATUSES)[number];
export const SEVERITIES = ['normal', 'tightened', 'reduced'] as const;

export const NOTE_MAX = 500;
export const CHOICE_MAX = 60;
/** Readings per unit are at most 10 (inspection_checks_measurement_check). */
export const READINGS_MAX = 10;

/** QI-000001: the inspection's number as people say it. */
export function inspectionLabel(n: number): string {
  return `QI-${String(n).padStart(6, '0')}`;
}

/** "9.95–10.05 mm", "≥ 9.95 mm", "≤ 10.05 mm": what a measurement allows, in the check's unit. */
export function limitsText(lower: string | null, upper: string | null, unit: string): string {
  const u = unit ? ` ${unit}` : '';
  if (lower !== null && upper !== null) return `${lower}–${upper}${u}`;
  if (lower !== null) return `≥ ${lower}${u}`;
  return `≤ ${upper ?? ''}${u}`;
}

export const INSPECTION_MESSAGES = {
  notFound: 'No such inspection in your company.',
  lotNotFound: 'No such lot in your company.',
  workOrderNotFound: 'No such work order in your company.',
  stepNotFound: 'No such step in this work order’s recipe.',
  planNotFound: 'No such inspection plan in your company.',
  checkNotFound: 'No such check in this inspection’s plan version.',
  defectCodeNotFound: 'No such defect code in your company.',
  defectCodeInactive: 'This defect code is switched off: pick another.',
  photoNotFound: 'No such photo in your company: take it again.',
  photoNotPicture: 'The photo must be a picture (PNG, JPEG, GIF or WebP).',
  lotOrWorkOrder: 'Name a lot, or a work order (and its step for a step inspection).',
  notBoth: 'Name a lot or a work order, not both.',
  /** A lot whose inspection under this plan is finished: a new one starts only when asked for again. */
  inspectedAlready: (lot: string, inspection: string, verdict: string) =>
    `Lot ${lot} was inspected already: ${inspection} ${verdict}. Inspect it again only if it comes back (a resubmitted lot).`,
  stepNeedsWorkOrder: 'A step is inspected within a work order: name the work order.',
  noPlanForLot: 'This lot’s item has no receipt or final plan with a released version.',
  noFinalPlan: 'This work order’s item has no final plan with a released version.',
  noStepPlan: 'This step has no inspection plan with a released version.',
  chooseStepPlan: 'This step has several inspection plans: choose one.',
  planNotForLot: 'This plan is not the receipt or final plan of the lot’s item.',
  planNotForStep: 'This plan is not linked to this step of the work order’s recipe.',
  planNotFinal: 'This plan is not the final plan of the work order’s item.',
  planNotInForce: 'This plan has no released version (or is switched off): release one in QC Setup.',
  emptyLot: 'This lot holds no stock: there is nothing to inspect.',
  notOpen: (label: string, status: string) => `${label} is ${status} already: its results cannot change.`,
  unitOutOfRange: (size: number) => `Unit must be 1 to ${size} (the sample size).`,
  readingOutOfRange: (n: number) => `Reading must be 1 to ${n} for this check.`,
  passedNeeded: 'Say whether it passed.',
  valueNeeded: 'Enter the measured value.',
  choiceNeeded: 'Pick one of the choices.',
  choiceUnknown: 'Pick one of the check’s choices.',
  defectCodeNeeded: 'A failure needs a defect code.',
  photoNeeded: 'This check asks for a photo of a failure: take one.',
  outOfLimits: (measured: string, allowed: string) =>
    `Measured ${measured}; allowed ${allowed}. Correct the reading, or confirm it as measured.`,
  differs: (what: string, by: string) =>
    `${what} is recorded already (${by}) and results are never changed: finish the inspection and open a nonconformance if it is wrong.`,
  missing: (count: number, first: string) =>
    `${count} result${count === 1 ? ' is' : 's are'} still to record, first ${first}: record every unit before finishing.`,
} as const;

const id = (what: string) => z.uuid(`Not the id of a ${what}`);

/** POST /api/v1/inspections: what to inspect; the plan is found from it unless named. */
export const ZInspectionStartSchema = z
  .object({
    lotId: id('lot').optional(),
    workOrderId: id('work order').optional(),
    stepId: id('step').optional(),
    planId: id('plan').optional(),
    /** Inspect a lot once more although it was inspected already (a resubmitted lot): asked, never by accident. */
    again: z.boolean({ error: 'Again must be true or false' }).optional(),
  })
  .superRefine((s, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (s.lotId && s.workOrderId) issue('workOrderId', INSPECTION_MESSAGES.notBoth);
    else if (!s.lotId && !s.workOrderId) issue('lotId', INSPECTION_MESSAGES.lotOrWorkOrder);
    if (s.stepId && !s.workOrderId) issue('workOrderId', INSPECTION_MESSAGES.stepNeedsWorkOrder);
  });
export type TInspectionStart = z.infer<typeof ZInspectionStartSchema>;

/** POST /api/v1/inspections/:id/results: one (check, unit, reading). The server judges measurements and choices. */
export const ZResultInputSchema = z.object({
  checkId: id('check'),
  unitNo: z
    .number({ error: 'Unit must be a number' })
    .int('Unit must be a whole number')
    .min(1, 'Unit must be 1 or more'),
  readingNo: z
    .number({ error: 'Reading must be a number' })
    .int('Reading must be a whole number')
    .min(1, 'Reading must be 1 to 10')
    .max(READINGS_MAX, 'Reading must be 1 to 10')
    .default(1),
  /** Pass/fail and visual checks: the inspector's judgement. Ignored for measurements and choices. */
  passed: z.boolean({ error: 'Passed must be true or false' }).optional(),
  /** Measurement: the reading, a decimal in the check's unit. */
  value: decimalText('Value', 6).optional(),
  /** Choice: one of the check's choices. */
  choice: z.string({ error: 'Choice must be text' }).trim().max(CHOICE_MAX).optional(),
  defectCodeId: id('defect code').nullable().default(null),
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`)
    .default(''),
  photoFileId: id('photo').nullable().default(null),
  /** An out-of-limits measurement the inspector confirms instead of correcting. */
  confirmed: z.boolean({ error: 'Confirmed must be true or false' }).default(false),
});
export type TResultInput = z.input<typeof ZResultInputSchema>;

export const ZInspectionCheckSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  kind: z.enum(['pass_fail', 'measurement', 'choice', 'visual']),
  name: z.string(),
  instructions: z.string(),
  critical: z.boolean(),
  photoOnFail: z.boolean(),
  nominal: z.string().nullable(),
  lowerLimit: z.string().nullable(),
  upperLimit: z.string().nullable(),
  unit: z.string(),
  readingsPerUnit: z.number().int(),
  choices: z.array(z.string()),
  acceptedChoices: z.array(z.string()),
  referenceFileId: z.string().nullable(),
});
export type TInspectionCheck = z.infer<typeof ZInspectionCheckSchema>;

export const ZInspectionResultSchema = z.object({
  id: z.string(),
  checkId: z.string(),
  unitNo: z.number().int(),
  readingNo: z.number().int(),
  passed: z.boolean(),
  value: z.string().nullable(),
  choice: z.string().nullable(),
  defectCodeId: z.string().nullable(),
  /** "SCR-01 — Scratch", for the screen. */
  defectCode: z.string().nullable(),
  note: z.string(),
  photoFileId: z.string().nullable(),
  confirmed: z.boolean(),
  recordedBy: z.string(),
  recordedAt: z.string(),
});
export type TInspectionResult = z.infer<typeof ZInspectionResultSchema>;

/** How far it has got: results recorded of those needed, and defective units so far. */
export const ZInspectionProgressSchema = z.object({
  recorded: z.number().int(),
  required: z.number().int(),
  defectiveUnits: z.number().int(),
  criticalFailed: z.boolean(),
});

const common = {
  id: z.string(),
  number: z.number().int(),
  label: z.string(),
  stage: z.enum(INSPECTION_STAGE_VALUES),
  status: z.enum(INSPECTION_STATUSES),
  planId: z.string(),
  planName: z.string(),
  itemId: z.string(),
  partNumber: z.string(),
  itemName: z.string(),
  lotId: z.string().nullable(),
  lotNumber: z.string().nullable(),
  workOrderId: z.string().nullable(),
  workOrderNumber: z.number().int().nullable(),
  stepId: z.string().nullable(),
  stepTitle: z.string().nullable(),
  sampleSize: z.number().int(),
  startedBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  progress: ZInspectionProgressSchema,
};

export const ZInspectionSummarySchema = z.object(common);
export type TInspectionSummary = z.infer<typeof ZInspectionSummarySchema>;

export const ZInspectionSchema = z.object({
  ...common,
  planVersionId: z.string(),
  versionNumber: z.number().int(),
  sampling: z.enum(['all', 'fixed', 'aql']),
  inspectionLevel: z.string().nullable(),
  aql: z.string().nullable(),
  machineId: z.string().nullable(),
  machineName: z.string().nullable(),
  supplierId: z.string().nullable(),
  supplierName: z.string().nullable(),
  lotSize: z.string(),
  severity: z.enum(SEVERITIES).nullable(),
  acceptNumber: z.number().int(),
  rejectNumber: z.number().int(),
  /** Reduced inspection accepted between Ac and Re: passed, and the next lot is inspected normal. */
  backToNormal: z.boolean(),
  /** 105E §4.8: five lots rejected in one stretch of tightened inspection for this item (and supplier). */
  discontinued: z.boolean(),
  /**
   * The corrective action inspection resumed after (105E §4.8, decision 077), while this open inspection is the
   * pair's first lot since: it is inspected tightened, with the count of rejections started afresh.
   */
  resumedAfter: ZCorrectiveActionSchema.nullable(),
  finishedBy: z.string().nullable(),
  /** The lot is on hold now (and why). */
  lotHoldReason: z.string().nullable(),
  /** The nonconformance a failed inspection opened. */
  nonconformanceId: z.string().nullable(),
  nonconformanceNumber: z.number().int().nullable(),
  checks: z.array(ZInspectionCheckSchema),
  results: z.array(ZInspectionResultSchema),
});
export type TInspection = z.infer<typeof ZInspectionSchema>;

/** GET /api/v1/inspections: newest first, filtered. */
export const ZInspectionListQuerySchema = z.object({
  ...pageQuery(25, 100),
  status: z
    .enum([...INSPECTION_STATUSES, 'all'], { error: 'Choose open, passed, failed or all' })
    .default('all'),
  stage: z
    .enum([...INSPECTION_STAGE_VALUES, 'all'], { error: 'Choose receipt, step, final or all' })
    .default('all'),
  itemId: id('item').optional(),
  lotId: id('lot').optional(),
  workOrderId: id('work order').optional(),
});
export type TInspectionListQuery = z.infer<typeof ZInspectionListQuerySchema>;
export const ZInspectionPageSchema = pageOf(ZInspectionSummarySchema);
export type TInspectionPage = z.infer<typeof ZInspectionPageSchema>;

/** 409 on finishing with results missing: which ones (the first 50). */
export const ZMissingResultsSchema = z.object({
  missing: z.array(
    z.object({ checkId: z.string(), check: z.string(), unitNo: z.number(), readingNo: z.number() }),
  ),
  total: z.number().int(),
});

/** GET /api/v1/inspections/for?lotId=|workOrderId=: which plans are in force for what the scan card shows. */
/** The lot's plans, then the work order's (its steps', then its output's); neither named: none. */
export const ZPlansInForceQuerySchema = z.object({
  lotId: id('lot').optional(),
  workOrderId: id('work order').optional(),
});
export const ZPlansInForceSchema = z.object({
  plans: z.array(
    z.object({
      planId: z.string(),
      name: z.string(),
      stage: z.enum(INSPECTION_STAGE_VALUES),
      stepId: z.string().nullable(),
      stepTitle: z.string().nullable(),
      openInspectionId: z.string().nullable(),
    }),
  ),
});
export type TPlansInForce = z.infer<typeof ZPlansInForceSchema>;
