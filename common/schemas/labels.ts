// Label formats and label printing: the shared contract of /api/v1/label-formats and /api/v1/labels/print
// (docs/decisions/027). Sizes are exact decimal strings, like every other measured number here.
import { z } from 'zod';
import { isDecimal, toScaled } from '../decimal.ts';
import { atLeastOneOf } from './json-schema.ts';
import { decimalText, numberField } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';

export const LABEL_UNITS = ['in', 'mm'] as const;
export type TLabelUnit = (typeof LABEL_UNITS)[number];

export const SYMBOLOGIES = ['qr', 'code128', 'datamatrix'] as const;
export type TSymbology = (typeof SYMBOLOGIES)[number];
export const SYMBOLOGY_LABELS: Record<TSymbology, string> = {
  qr: 'QR',
  code128: 'Code 128',
  datamatrix: 'Data Matrix',
};

/** The fields a label can print, in the order a format lists them. */
export const LABEL_FIELDS = [
  'partNumber',
  'name',
  'lot',
  'location',
  'quantity',
  'date',
  'freeText',
] as const;
export type TLabelField = (typeof LABEL_FIELDS)[number];
export const LABEL_FIELD_LABELS: Record<TLabelField, string> = {
  partNumber: 'Part number',
  name: 'Name',
  lot: 'Lot',
  location: 'Location',
  quantity: 'Quantity',
  date: 'Date',
  freeText: 'Free text',
};

/** Bounds of a label's side: smaller will not hold a code with its quiet zone, larger is no label printer's. */
export const LABEL_SIZE_LIMITS: Record<TLabelUnit, { min: string; max: string }> = {
  in: { min: '0.5', max: '8' },
  mm: { min: '12', max: '200' },
};
export const TEXT_SIZE_LIMITS = { min: 6, max: 24 } as const;
const SIZE_SCALE = 3;

export const LABEL_FORMAT_MESSAGES = {
  nameTaken: 'A label format of your company already has this name.',
  notFound: 'No such label format in your company.',
  lastFormat: 'Keep at least one label format: add another before deleting this one.',
  nothingToChange: 'Send at least one field to change',
} as const;

const sizeText = (field: string) => decimalText(field, SIZE_SCALE, { maxDigits: 7 });

/** Refuses a size outside the bounds of its unit, naming the field. */
function checkSizes(value: { width?: string; height?: string; unit?: TLabelUnit }, ctx: z.RefinementCtx) {
  const unit = value.unit ?? 'in';
  const { min, max } = LABEL_SIZE_LIMITS[unit];
  for (const field of ['width', 'height'] as const) {
    const v = value[field];
    if (v === undefined || !isDecimal(v, SIZE_SCALE, 7)) continue;
    const scaled = toScaled(v, SIZE_SCALE);
    if (scaled < toScaled(min, SIZE_SCALE) || scaled > toScaled(max, SIZE_SCALE)) {
      const name = field === 'width' ? 'Width' : 'Height';
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `${name} must be between ${min} and ${max} ${unit}`,
      });
    }
  }
}

const formatFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name is too long'),
  width: sizeText('Width'),
  height: sizeText('Height'),
  unit: z.enum(LABEL_UNITS, { error: 'Choose inches or millimetres' }),
  symbology: z.enum(SYMBOLOGIES, { error: 'Choose QR, Code 128 or Data Matrix' }),
  fields: z
    .array(z.enum(LABEL_FIELDS, { error: 'Unknown field' }))
    .max(LABEL_FIELDS.length)
    .refine((f) => new Set(f).size === f.length, 'Each field can print once'),
  freeText: z.string().trim().max(200, 'Free text is too long (maximum 200 characters)'),
  textSize: numberField('Text size', 'Text size must be a number of points')
    .int('Text size must be a whole number of points')
    .min(TEXT_SIZE_LIMITS.min, `Text size must be at least ${TEXT_SIZE_LIMITS.min} pt`)
    .max(TEXT_SIZE_LIMITS.max, `Text size must be at most ${TEXT_SIZE_LIMITS.max} pt`),
};

/** A new format (POST). */
export const ZLabelFormatInputSchema = z
  .object({
    ...formatFields,
    fields: formatFields.fields.default(['partNumber', 'name']),
    freeText: formatFields.freeText.default(''),
    textSize: formatFields.textSize.default(9),
  })
  .superRefine(checkSizes);
export type TLabelFormatInput = z.infer<typeof ZLabelFormatInputSchema>;

/** A change (PATCH): any subset, at least one. Sizes are checked again on the server against the stored unit. */
export const ZLabelFormatPatchSchema = z
  .object(formatFields)
  .partial()
  .refine((p) => Object.keys(p).length > 0, LABEL_FORMAT_MESSAGES.nothingToChange)
  .meta(atLeastOneOf(Object.keys(formatFields)))
  // Without the unit, the bounds are the stored unit's: the server checks the merged format.
  .superRefine((p, ctx) => {
    if (p.unit !== undefined) checkSizes(p, ctx);
  });
export type TLabelFormatPatch = z.infer<typeof ZLabelFormatPatchSchema>;

export const ZLabelFormatSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  width: z.string(),
  height: z.string(),
  unit: z.enum(LABEL_UNITS),
  symbology: z.enum(SYMBOLOGIES),
  fields: z.array(z.enum(LABEL_FIELDS)),
  freeText: z.string(),
  textSize: z.number().int(),
  updatedAt: z.string(),
});
export type TLabelFormat = z.infer<typeof ZLabelFormatSchema>;

export const ZLabelFormatListQuerySchema = z.object(pageQuery(50, 100));
export type TLabelFormatListQuery = z.infer<typeof ZLabelFormatListQuerySchema>;
export const ZLabelFormatPageSchema = pageOf(ZLabelFormatSchema);
export type TLabelFormatPage = z.infer<typeof ZLabelFormatPageSchema>;

/** What a format's size is in inches (the unit every layout works in). */
export function formatInches(format: Pick<TLabelFormat, 'width' | 'height' | 'unit'>): {
  width: number;
  height: number;
} {
  const factor = format.unit === 'mm' ? 1 / 25.4 : 1;
  return { width: Number(format.width) * factor, height: Number(format.height) * factor };
}

// --- Printing ---

export const PRINT_OUTPUTS = [
  'roll',
  'avery-5160',
  'avery-5163',
  'avery-l7160',
  'avery-l7163',
  'zpl',
] as const;
export type TPrintOutput = (typeof PRINT_OUTPUTS)[number];
export const PRINT_OUTPUT_LABELS: Record<TPrintOutput, string> = {
  roll: 'PDF, one label per page (thermal roll)',
  'avery-5160': 'PDF, Avery 5160 sheet (3 x 10, 2.625 x 1 in)',
  'avery-5163': 'PDF, Avery 5163 sheet (2 x 5, 4 x 2 in)',
  'avery-l7160': 'PDF, A4 Avery L7160 sheet (3 x 7, 63.5 x 38.1 mm)',
  'avery-l7163': 'PDF, A4 Avery L7163 sheet (2 x 7, 99.1 x 38.1 mm)',
  zpl: 'ZPL for Zebra printers',
};
export const PRINT_DPIS = [203, 300] as const;
export type TPrintDpi = (typeof PRINT_DPIS)[number];
/**
 * What a label can be printed for; work orders need the Build area too (decision 053), machines Maintenance, jobs
 * Time (decision 083).
 */
export const PRINT_TARGET_KINDS = ['item', 'lot', 'location', 'work-order', 'machine', 'job'] as const;
export type TPrintTargetKind = (typeof PRINT_TARGET_KINDS)[number];

/** One request prints at most this many labels (copies included): a run of a few seconds. */
export const PRINT_MAX_LABELS = 5000;
export const PRINT_MAX_COPIES = 500;

export const PRINT_MESSAGES = {
  nothingToPrint:
    'Choose at least one item, lot, location, work order, machine or job to print, or a location to print everything in.',
  tooMany: (n: number) =>
    `That is ${n} labels; one print is at most ${PRINT_MAX_LABELS}. Print fewer copies or split the selection.`,
  emptyLocation: 'Nothing is in stock in this location or below it: there is nothing to print.',
  formatNotFound: LABEL_FORMAT_MESSAGES.notFound,
  itemNotFound: 'No such item in your company.',
  lotNotFound: 'No such lot in your company.',
  locationNotFound: 'No such location in your company.',
  workOrderNotFound: 'No such work order in your company.',
  machineNotFound: 'No such machine in your company.',
  jobNotFound: 'No such job in your company.',
  workOrderCancelled: (numberText: string) =>
    `${numberText} is cancelled: a cancelled work order gets no label or traveller.`,
} as const;

const copies = numberField('Number of copies', 'Copies must be a number')
  .int('Copies must be a whole number')
  .min(1, 'Print at least one copy')
  .max(PRINT_MAX_COPIES, `At most ${PRINT_MAX_COPIES} copies of one label`);

export const ZPrintTargetSchema = z.object({
  kind: z.enum(PRINT_TARGET_KINDS, { error: 'Choose item, lot, location, work order, machine or job' }),
  id: z.uuid('Not an id'),
  copies: copies.default(1),
});
export type TPrintTarget = z.infer<typeof ZPrintTargetSchema>;

export const ZPrintRequestSchema = z
  .object({
    formatId: z.uuid('Choose a label format'),
    output: z.enum(PRINT_OUTPUTS, { error: 'Choose roll PDF, Avery 5160, Avery 5163 or ZPL' }),
    dpi: z.union([z.literal(203), z.literal(300)], { error: 'Choose 203 or 300 dpi' }).default(203),
    targets: z.array(ZPrintTargetSchema).max(PRINT_MAX_LABELS).default([]),
    /** Every item with stock in this location or below it, one label per item with its quantity there. */
    everythingIn: z
      .object({ locationId: z.uuid('Not a location id'), copies: copies.default(1) })
      .nullable()
      .default(null),
  })
  .refine((r) => r.targets.length > 0 || r.everythingIn !== null, {
    message: PRINT_MESSAGES.nothingToPrint,
    path: ['targets'],
  });
export type TPrintRequest = z.infer<typeof ZPrintRequestSchema>;

/** The progress stream's lines (Accept: application/x-ndjson): progress, then the file or an error. */
export type TPrintStreamLine =
  | { type: 'progress'; done: number; total: number }
  | { type: 'file'; filename: string; contentType: string; base64: string; labels: number }
  | { type: 'error'; code: string; message: string };

// --- Travellers (decision 053): the sheets of several work orders in one PDF, from Tag Items ---

/** One request prints at most this many travellers: a planner's day or week of work, drawn in a few seconds. */
export const TRAVELLER_MAX = 100;

export const TRAVELLER_MESSAGES = {
  none: 'Choose at least one work order to print its traveller.',
  tooMany: `Print at most ${TRAVELLER_MAX} travellers at once.`,
} as const;

/** POST /api/v1/labels/travellers: the work orders whose travellers to print, in this order (repeats print once). */
export const ZTravellerRequestSchema = z.object({
  workOrderIds: z
    .array(z.uuid('Not a work order id'), { error: TRAVELLER_MESSAGES.none })
    .min(1, TRAVELLER_MESSAGES.none)
    .max(TRAVELLER_MAX, TRAVELLER_MESSAGES.tooMany),
});
export type TTravellerRequest = z.infer<typeof ZTravellerRequestSchema>;
