// Assembly setup (decision 044): the shared contract of /api/v1/assemblies and /api/v1/assembly-revisions.
// Quantities, percentages, minutes and money are exact decimal strings (common/decimal.ts), never floats.
import { z } from 'zod';
import { FILE_TYPES } from './files.ts';
import { decimalText } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';

/** Scales of the stored numbers: quantities like the ledger, scrap % and minutes to 1/1000, money like unit cost. */
export const BOM_QUANTITY_SCALE = 6;
export const SCRAP_SCALE = 3;
export const MINUTES_SCALE = 3;
export const MONEY_SCALE = 4;
/** What one revision may hold: a form a person edits, not an import. */
export const MAX_BOM_LINES = 300;
export const MAX_STEPS = 100;
/** Pictures and videos one step may show. */
export const MAX_STEP_FILES = 20;

export const BUILD_MESSAGES = {
  assemblyNotFound: 'No such assembly in your company.',
  revisionNotFound: 'No such revision in your company.',
  itemNotFound: 'No such item in your company.',
  alreadyAssembly: 'This item is already an assembly.',
  released: (n: number) =>
    `Revision ${n} is released and cannot change: choose Edit to make a new draft from it.`,
  emptyRelease: 'Add at least one component before releasing.',
  /** Decision 077: a required step inspection must have a version to inspect with before the recipe is released. */
  unreleasedStepPlans: (names: string[]) =>
    `A required inspection has no released version: ${names.join('; ')}. Release a version in QC Setup, or make the inspection not required, then release the revision.`,
  /** One such plan as the refusal names it: "Step 2 Seal: inspection “Leak test”". */
  unreleasedStepPlan: (position: number, title: string, plan: string) =>
    `Step ${position} ${title}: inspection “${plan}”`,
  stepMissing: (n: number, count: number) =>
    count === 0 ? 'There are no steps: leave the step empty' : `Choose a step from 1 to ${count} (not ${n})`,
  loop: (path: string[]) => `This would make a loop: ${path.join(' → ')}`,
  fileNotFound: 'No such picture or video in your company.',
  machineNotFound: 'No such machine in your company.',
} as const;

const positiveQuantity = decimalText('Quantity', BOM_QUANTITY_SCALE, { sign: 'positive' }).refine(
  (v) => /[1-9]/.test(v) && !v.startsWith('-'),
  'Quantity must be more than 0',
);
const scrapPercent = decimalText('Scrap %', SCRAP_SCALE, { maxDigits: 3, sign: 'nonNegative' }).refine(
  (v) => !v.startsWith('-'),
  'Scrap % cannot be negative',
);
const minutes = (field: string) =>
  decimalText(field, MINUTES_SCALE, { maxDigits: 9, sign: 'nonNegative' }).refine(
    (v) => !v.startsWith('-'),
    `${field} cannot be negative`,
  );

export const ZAssemblyListQuerySchema = z.object({
  ...pageQuery(25, 100),
  /** Part number or name contains. */
  q: z.string().trim().max(100).default(''),
});
export type TAssemblyListQuery = z.infer<typeof ZAssemblyListQuerySchema>;

export const REVISION_STATUSES = ['draft', 'released'] as const;
export const ZRevisionStatusSchema = z.enum(REVISION_STATUSES);
export type TRevisionStatus = z.infer<typeof ZRevisionStatusSchema>;

export const ZAssemblySummarySchema = z.object({
  id: z.string(),
  itemId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  /** The highest released revision's number, null when never released. */
  releasedNumber: z.number().int().nullable(),
  /** The open draft's number, null when there is none. */
  draftNumber: z.number().int().nullable(),
  /** Lines of the current revision (the released one, else the draft). */
  lineCount: z.number().int(),
  createdAt: z.string(),
});
export type TAssemblySummary = z.infer<typeof ZAssemblySummarySchema>;
export const ZAssemblyPageSchema = pageOf(ZAssemblySummarySchema);
export type TAssemblyPage = z.infer<typeof ZAssemblyPageSchema>;

export const ZAssemblyCreateSchema = z.object({
  itemId: z.uuid({ error: 'Choose an item' }),
});
export type TAssemblyCreate = z.infer<typeof ZAssemblyCreateSchema>;

export const ZRevisionSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: ZRevisionStatusSchema,
  basedOnNumber: z.number().int().nullable(),
  createdAt: z.string(),
  releasedAt: z.string().nullable(),
  releasedBy: z.string().nullable(),
  lineCount: z.number().int(),
});
export type TRevisionSummary = z.infer<typeof ZRevisionSummarySchema>;

export const ZAssemblyItemSchema = z.object({
  id: z.string(),
  partNumber: z.string(),
  name: z.string(),
  unitOfMeasure: z.string(),
  unitCost: z.string(),
});

export const ZAssemblyDetailSchema = z.object({
  id: z.string(),
  item: ZAssemblyItemSchema,
  /** Newest first. */
  revisions: z.array(ZRevisionSummarySchema),
  /** The highest released revision, else the draft: what a work order would be made from. */
  currentRevisionId: z.string(),
  draftRevisionId: z.string().nullable(),
  createdAt: z.string(),
});
export type TAssemblyDetail = z.infer<typeof ZAssemblyDetailSchema>;

/**
 * How a BOM line is consumed (decision 064): `scan` — the operator scans what goes in — or `backflush` — what is
 * left of the line is taken when its step is finished.
 */
export const CONSUMPTION_MODES = ['scan', 'backflush'] as const;
export const ZConsumptionModeSchema = z.enum(CONSUMPTION_MODES, { error: 'Choose scanned or backflushed' });
export type TConsumptionMode = z.infer<typeof ZConsumptionModeSchema>;

export const ZBomLineSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  component: ZAssemblyItemSchema.extend({ assemblyId: z.string().nullable() }),
  quantity: z.string(),
  scrapPercent: z.string(),
  notes: z.string(),
  /** The 1-based position of the step that consumes it; null: the first step. */
  step: z.number().int().nullable(),
  consumption: ZConsumptionModeSchema,
});
export type TBomLine = z.infer<typeof ZBomLineSchema>;

/** A picture or video shown at a step, in order; `id` is the file's, `url` serves it (range requests). */
export const ZStepFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.enum(FILE_TYPES),
  sizeBytes: z.number().int(),
  caption: z.string(),
  url: z.string(),
});
export type TStepFile = z.infer<typeof ZStepFileSchema>;

export const ZStepSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  instructions: z.string(),
  setupMinutes: z.string(),
  runMinutes: z.string(),
  files: z.array(ZStepFileSchema),
  /** The machine the step runs on: a finished run adds its working time to the machine's meter (decision 063). */
  machine: z.object({ id: z.string(), name: z.string(), assetTag: z.string() }).nullable(),
});
export type TStep = z.infer<typeof ZStepSchema>;

export const ZRevisionSchema = ZRevisionSummarySchema.extend({
  assemblyId: z.string(),
  item: ZAssemblyItemSchema,
  lines: z.array(ZBomLineSchema),
  steps: z.array(ZStepSchema),
});
export type TRevision = z.infer<typeof ZRevisionSchema>;

export const ZBomLineInputSchema = z.object({
  componentItemId: z.uuid({ error: 'Choose a component' }),
  quantity: positiveQuantity,
  scrapPercent: scrapPercent.default('0'),
  notes: z.string().trim().max(500, 'Notes are too long (maximum 500 characters)').default(''),
  step: z.number().int().min(1).nullable().default(null),
  /** Omitted: `scan` for a lot-tracked component (in a company using lot numbers), `backflush` for the rest. */
  consumption: ZConsumptionModeSchema.optional(),
});
export type TBomLineInput = z.infer<typeof ZBomLineInputSchema>;

export const ZStepFileInputSchema = z.object({
  fileId: z.uuid({ error: 'Choose a file' }),
  caption: z.string().trim().max(200, 'Caption is too long (maximum 200 characters)').default(''),
});
export type TStepFileInput = z.infer<typeof ZStepFileInputSchema>;

export const ZStepInputSchema = z.object({
  /** A step of this draft kept (so what links to it stays); omitted: a new step. */
  id: z.uuid().optional(),
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200),
  instructions: z.string().max(20000, 'Instructions are too long (maximum 20,000 characters)').default(''),
  setupMinutes: minutes('Setup minutes').default('0'),
  runMinutes: minutes('Run minutes per unit').default('0'),
  /** The machine it runs on (optional): its finished runs add to the machine's runtime meter. */
  machineId: z.uuid({ error: 'Choose a machine from the list' }).nullable().default(null),
  /** The step's pictures and videos in order (uploaded first); omitted: a kept step keeps its own. */
  files: z
    .array(ZStepFileInputSchema)
    .max(MAX_STEP_FILES, `At most ${MAX_STEP_FILES} pictures and videos a step`)
    .optional(),
});
export type TStepInput = z.infer<typeof ZStepInputSchema>;

/** PUT /api/v1/assembly-revisions/:id: the draft's lines and steps, whole. */
export const ZRevisionSaveSchema = z.object({
  lines: z.array(ZBomLineInputSchema).max(MAX_BOM_LINES, `At most ${MAX_BOM_LINES} lines`),
  steps: z.array(ZStepInputSchema).max(MAX_STEPS, `At most ${MAX_STEPS} steps`).default([]),
});
export type TRevisionSave = z.infer<typeof ZRevisionSaveSchema>;

export const ZRollUpRowSchema = z.object({
  depth: z.number().int(),
  itemId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  isAssembly: z.boolean(),
  /** How much goes into one unit of the top assembly, scrap included. */
  quantity: z.string(),
  unitCost: z.string(),
  /** quantity × unit cost for a bought component; for a sub-assembly, its material. */
  materialCost: z.string(),
});
export type TRollUpRow = z.infer<typeof ZRollUpRowSchema>;

export const ZRollUpSchema = z.object({
  revisionId: z.string(),
  rows: z.array(ZRollUpRowSchema),
  materialCost: z.string(),
  /** Standard run minutes per unit through every level. */
  laborMinutes: z.string(),
  /** Setup minutes of this revision's steps, once per work order (not in the unit cost). */
  setupMinutes: z.string(),
  /** The blended $/hour of the company's people with a rate; null when nobody has one. */
  laborRate: z.string().nullable(),
  laborCost: z.string().nullable(),
  totalCost: z.string(),
});
export type TRollUp = z.infer<typeof ZRollUpSchema>;

export const ZWhereUsedRowSchema = z.object({
  assemblyId: z.string(),
  itemId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  revisionNumber: z.number().int(),
  revisionStatus: ZRevisionStatusSchema,
  /** Per unit of that assembly: of the item at depth 1, of the assembly one level down at depth 2 and beyond. */
  quantity: z.string(),
  /** 1: uses the item directly; 2: uses an assembly that uses it; … */
  depth: z.number().int(),
});
export const ZWhereUsedSchema = z.object({ itemId: z.string(), rows: z.array(ZWhereUsedRowSchema) });
export type TWhereUsed = z.infer<typeof ZWhereUsedSchema>;
