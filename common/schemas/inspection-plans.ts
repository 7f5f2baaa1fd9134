// Inspection plans (QC Setup, decisions 070 and 071): per item and stage, versioned like an assembly revision — a
// draft is edited, a released version is frozen, "Edit" copies the latest released into a new draft. The shared
// contract of /api/v1/inspection-plans and /api/v1/inspection-plan-versions: everyone reads, admins change.
import { z } from 'zod';
import { compareDecimal } from '../decimal.ts';
import { AQLS, INSPECTION_LEVELS } from '../quality/sampling-tables.ts';
import { decimalText, requiredMessage } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';

export const INSPECTION_STAGES = ['receipt', 'step', 'final'] as const;
export const ZInspectionStageSchema = z.enum(INSPECTION_STAGES, { error: 'Choose receipt, step or final' });
export type TInspectionStage = z.infer<typeof ZInspectionStageSchema>;
export const STAGE_LABELS: Record<TInspectionStage, string> = {
  receipt: 'Receipt',
  step: 'Build step',
  final: 'Final',
};

export const SAMPLING_RULES = ['all', 'fixed', 'aql'] as const;
export const ZSamplingRuleSchema = z.enum(SAMPLING_RULES, { error: 'Choose all, fixed or aql' });
export type TSamplingRule = z.infer<typeof ZSamplingRuleSchema>;

export const CHECK_KINDS = ['pass_fail', 'measurement', 'choice', 'visual'] as const;
export const ZCheckKindSchema = z.enum(CHECK_KINDS, {
  error: 'Choose pass_fail, measurement, choice or visual',
});
export type TCheckKind = z.infer<typeof ZCheckKindSchema>;
export const CHECK_KIND_LABELS: Record<TCheckKind, string> = {
  pass_fail: 'Pass / fail',
  measurement: 'Measurement',
  choice: 'Choice',
  visual: 'Visual',
};

export const PLAN_NAME_MAX = 80;
export const CHECK_TEXT_MAX = 2000;
export const MAX_CHECKS = 100;
export const MAX_CHOICES = 20;

export const PLAN_MESSAGES = {
  notFound: 'No such inspection plan in your company.',
  versionNotFound: 'No such inspection plan version in your company.',
  itemNotFound: 'No such item in your company.',
  fileNotFound: 'No such file in your company: upload the reference picture or video again.',
  stageTaken: (stage: string) => `This item already has a ${stage} plan: edit that one.`,
  nameTaken: 'This item already has a step plan of this name.',
  receiptNeedsLots: (partNumber: string) =>
    `${partNumber} is not lot-tracked, and receipt inspection holds each received lot until it passes: turn on lot tracking for the item in Inventory Setup first, then add its receipt plan.`,
  receiptOnNeedsLots: (partNumber: string) =>
    `${partNumber} is not lot-tracked, and receipt inspection holds each received lot until it passes: turn on lot tracking for the item in Inventory Setup first, then switch its receipt plan on.`,
  stepNeedsAssembly: 'Step plans are for assembly items: make the item an assembly in Assembly Setup first.',
  aqlNotForStep: 'AQL sampling is for receipt and final inspection of a lot; a build step uses all or fixed.',
  released: (n: number) => `Version ${n} is released and cannot change: press Edit to make a new draft.`,
  draftExists: (n: number) => `Version ${n} is already a draft: edit it, or release it first.`,
  nothingReleased: 'No released version to copy: edit the draft.',
  emptyRelease: 'Add at least one check before releasing.',
} as const;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

/** A limit or nominal: a decimal of at most 6 decimals, or nothing. */
const optionalDecimal = (field: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    decimalText(field, 6).nullable().default(null),
  );

/** POST /api/v1/inspection-plans: the plan with its draft version 1. */
export const ZPlanCreateSchema = z.object({
  itemId: z.uuid('Choose an item'),
  stage: ZInspectionStageSchema,
  name: text('Name', PLAN_NAME_MAX).min(1, requiredMessage('Name')),
});
export type TPlanCreate = z.input<typeof ZPlanCreateSchema>;

/** PUT /api/v1/inspection-plans/:id: its name and whether new inspections use it. */
export const ZPlanUpdateSchema = z.object({
  name: text('Name', PLAN_NAME_MAX).min(1, requiredMessage('Name')),
  active: z.boolean({ error: 'Active must be true or false' }),
});
export type TPlanUpdate = z.input<typeof ZPlanUpdateSchema>;

/** One check of a draft as the editor sends it; fields of other kinds are ignored (stored empty). */
export const ZCheckInputSchema = z
  .object({
    kind: ZCheckKindSchema,
    name: text('Name', PLAN_NAME_MAX).min(1, requiredMessage('Name')),
    instructions: text('Instructions', CHECK_TEXT_MAX).default(''),
    critical: z.boolean({ error: 'Critical must be true or false' }).default(false),
    photoOnFail: z.boolean({ error: 'Photo on failure must be true or false' }).default(false),
    nominal: optionalDecimal('Nominal'),
    lowerLimit: optionalDecimal('Lower limit'),
    upperLimit: optionalDecimal('Upper limit'),
    unit: text('Unit', 20).default(''),
    readingsPerUnit: z
      .number({ error: 'Readings per unit must be a number' })
      .int('Readings per unit must be a whole number')
      .min(1, 'Readings per unit must be 1 to 10')
      .max(10, 'Readings per unit must be 1 to 10')
      .default(1),
    choices: z
      .array(text('A choice', 60).min(1, 'A choice cannot be empty'), { error: 'Choices must be a list' })
      .max(MAX_CHOICES, `At most ${MAX_CHOICES} choices`)
      .default([]),
    acceptedChoices: z.array(z.string().trim(), { error: 'Accepted choices must be a list' }).default([]),
    referenceFileId: z.uuid('Upload a reference picture or video').nullable().default(null),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.kind === 'measurement') {
      if (c.lowerLimit === null && c.upperLimit === null)
        issue('lowerLimit', 'Give a lower limit, an upper limit or both');
      if (c.lowerLimit !== null && c.upperLimit !== null && compareDecimal(c.lowerLimit, c.upperLimit) > 0)
        issue('upperLimit', 'The upper limit must not be below the lower limit');
      if (c.nominal !== null) {
        if (c.lowerLimit !== null && compareDecimal(c.nominal, c.lowerLimit) < 0)
          issue('nominal', 'The nominal must be within the limits');
        else if (c.upperLimit !== null && compareDecimal(c.nominal, c.upperLimit) > 0)
          issue('nominal', 'The nominal must be within the limits');
      }
    }
    if (c.kind === 'choice') {
      if (c.choices.length === 0) issue('choices', 'Give at least one choice');
      else if (new Set(c.choices.map((x) => x.toLowerCase())).size !== c.choices.length)
        issue('choices', 'Each choice once');
      if (c.acceptedChoices.length === 0) issue('acceptedChoices', 'Accept at least one choice');
      else if (c.acceptedChoices.some((a) => !c.choices.includes(a)))
        issue('acceptedChoices', 'Accepted choices must be among the choices');
    }
    if (c.kind === 'visual' && c.referenceFileId === null)
      issue('referenceFileId', 'Upload a reference picture or video');
  });
export type TCheckInput = z.input<typeof ZCheckInputSchema>;

/** PUT /api/v1/inspection-plan-versions/:id: a draft's sampling rule and its checks in order, whole. */
export const ZVersionSaveSchema = z
  .object({
    sampling: ZSamplingRuleSchema,
    sampleCount: z
      .number({ error: 'Sample size must be a number' })
      .int('Sample size must be a whole number')
      .min(1, 'Sample size must be at least 1')
      .max(100000, 'Sample size must be at most 100000')
      .nullable()
      .default(null),
    inspectionLevel: z
      .enum(INSPECTION_LEVELS, { error: `Choose a level: ${INSPECTION_LEVELS.join(', ')}` })
      .nullable()
      .default(null),
    aql: z.enum(AQLS, { error: 'Choose an AQL from the standard’s series' }).nullable().default(null),
    checks: z
      .array(ZCheckInputSchema, { error: 'Checks must be a list' })
      .max(MAX_CHECKS, `At most ${MAX_CHECKS} checks`),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.sampling === 'fixed' && v.sampleCount === null)
      issue('sampleCount', requiredMessage('Sample size'));
    if (v.sampling === 'aql') {
      if (v.inspectionLevel === null) issue('inspectionLevel', requiredMessage('Inspection level'));
      if (v.aql === null) issue('aql', requiredMessage('AQL'));
    }
  });
export type TVersionSave = z.input<typeof ZVersionSaveSchema>;

export const ZCheckSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  kind: ZCheckKindSchema,
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
  /** The reference picture or video of a visual check, with what the screen shows of it. */
  reference: z
    .object({ id: z.string(), name: z.string(), contentType: z.string(), url: z.string() })
    .nullable(),
});
export type TCheck = z.infer<typeof ZCheckSchema>;

const ZVersionFields = {
  id: z.string(),
  planId: z.string(),
  number: z.number().int(),
  status: z.enum(['draft', 'released']),
  sampling: ZSamplingRuleSchema,
  sampleCount: z.number().int().nullable(),
  inspectionLevel: z.string().nullable(),
  aql: z.string().nullable(),
  createdAt: z.string(),
  releasedAt: z.string().nullable(),
  releasedBy: z.string().nullable(),
};

/** A version in a plan's list: what it samples and how many checks it has. */
export const ZVersionSummarySchema = z.object({ ...ZVersionFields, checkCount: z.number().int() });
export type TVersionSummary = z.infer<typeof ZVersionSummarySchema>;

/** GET /api/v1/inspection-plan-versions/:id: a version with its checks in order. */
export const ZVersionSchema = z.object({
  ...ZVersionFields,
  plan: z.object({
    id: z.string(),
    name: z.string(),
    stage: ZInspectionStageSchema,
    item: z.object({ id: z.string(), partNumber: z.string(), name: z.string() }),
  }),
  checks: z.array(ZCheckSchema),
});
export type TVersion = z.infer<typeof ZVersionSchema>;

/** A plan as the list shows it. */
export const ZPlanRowSchema = z.object({
  id: z.string(),
  item: z.object({ id: z.string(), partNumber: z.string(), name: z.string(), unitOfMeasure: z.string() }),
  stage: ZInspectionStageSchema,
  name: z.string(),
  active: z.boolean(),
  /** The released version in force (the highest released), or null while only a draft exists. */
  releasedNumber: z.number().int().nullable(),
  draftNumber: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TPlanRow = z.infer<typeof ZPlanRowSchema>;

/** GET /api/v1/inspection-plans/:id: the plan with its versions, newest first. */
export const ZPlanDetailSchema = ZPlanRowSchema.extend({
  versions: z.array(ZVersionSummarySchema),
  draftVersionId: z.string().nullable(),
  releasedVersionId: z.string().nullable(),
});
export type TPlanDetail = z.infer<typeof ZPlanDetailSchema>;

/** GET /api/v1/inspection-plans: a page by item then stage and name. */
export const ZPlanListQuerySchema = z.object({
  ...pageQuery(25, 100),
  q: z.string().trim().max(100, 'Search must be at most 100 characters').default(''),
  itemId: z.uuid('Choose an item').optional(),
  stage: ZInspectionStageSchema.optional(),
  active: z.enum(['active', 'inactive', 'all'], { error: 'Choose active, inactive or all' }).default('all'),
});
export type TPlanListQuery = z.infer<typeof ZPlanListQuerySchema>;
export const ZPlanPageSchema = pageOf(ZPlanRowSchema);
export type TPlanPage = z.infer<typeof ZPlanPageSchema>;

/** The sampling rule in words: "Every unit", "5 units", "AQL 2.5 at level II". */
export function samplingText(v: {
  sampling: TSamplingRule;
  sampleCount: number | null;
  inspectionLevel: string | null;
  aql: string | null;
}): string {
  if (v.sampling === 'fixed')
    return `${v.sampleCount} unit${v.sampleCount === 1 ? '' : 's'} (capped at the lot)`;
  if (v.sampling === 'aql') return `AQL ${v.aql} at level ${v.inspectionLevel}`;
  return 'Every unit';
}
