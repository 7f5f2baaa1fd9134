// Items (SKU setup) and locations (site > area > shelf > bin): the shared contract of /api/v1/items and
// /api/v1/locations. Quantities and money are decimal strings (common/decimal.ts), never floats.
import { z } from 'zod';
import { atLeastOneOf } from './json-schema.ts';
import { decimalText } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';

/** Scales of the stored numbers: money to 1/10000, quantities to 1/1000000 of the item's unit. */
export const COST_SCALE = 4;
export const QUANTITY_SCALE = 6;

export const ITEM_MESSAGES = {
  partNumberTaken: 'Part number already used: another item of your company has this part number.',
  partNumberPattern: 'Use letters, digits, spaces and . _ - / only',
  locationNotFound: 'No such location in your company.',
  notFound: 'No such item in your company.',
  nothingToChange: 'Send at least one field to change',
  lotsNeededByReceiptPlan: (partNumber: string, planName: string) =>
    `${partNumber} has a receipt inspection plan in force (${planName}), which holds each received lot until it passes: switch that plan off in QC Setup (Rename or switch off) first, then turn off lot tracking.`,
} as const;

export const LOCATION_MESSAGES = {
  codeTaken: 'Location code already used in your company.',
  notFound: 'No such location in your company.',
  parentNotFound: 'The parent location does not exist in your company.',
  siteHasNoParent: 'A site is the top of the tree: it has no parent.',
  needsParent: 'Only a site can be at the top: choose a parent location.',
  kindOrder: 'A location must be a smaller kind than its parent (site > area > shelf > bin).',
} as const;

/** A non-negative decimal with at most `scale` fraction digits, as text (empty: "<Field> is required"). */
export function nonNegativeDecimal(scale: number, field: string) {
  return decimalText(field, scale, { sign: 'nonNegative' }).refine(
    (v) => !v.startsWith('-'),
    `${field} cannot be negative`,
  );
}

export const UNITS_OF_MEASURE = [
  'ea',
  'pcs',
  'box',
  'set',
  'pair',
  'roll',
  'kg',
  'g',
  'lb',
  'oz',
  'm',
  'cm',
  'mm',
  'ft',
  'in',
  'l',
  'ml',
  'gal',
  'm2',
  'ft2',
  'h',
] as const;
export const ZUnitOfMeasureSchema = z.enum(UNITS_OF_MEASURE, {
  error: 'Choose a unit of measure from the list',
});

const partNumber = z
  .string({ error: 'Part number is required' })
  .trim()
  .min(1, 'Part number is required')
  .max(64, 'Part number is too long (maximum 64 characters)')
  .regex(/^[A-Za-z0-9._\-/ ]+$/, ITEM_MESSAGES.partNumberPattern);

export const ZItemInputSchema = z.object({
  partNumber,
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  description: z.string().trim().max(2000).default(''),
  unitOfMeasure: ZUnitOfMeasureSchema.default('ea'),
  category: z.string().trim().max(100).default(''),
  unitCost: nonNegativeDecimal(COST_SCALE, 'Unit cost').default('0'),
  reorderPoint: nonNegativeDecimal(QUANTITY_SCALE, 'Reorder point').nullable().default(null),
  defaultLocationId: z.uuid('Not a location id').nullable().default(null),
  /** Omitted: the company's "use lot numbers" setting decides. */
  lotTracked: z.boolean().optional(),
});
export type TItemInput = z.infer<typeof ZItemInputSchema>;
export type TItemInputRaw = z.input<typeof ZItemInputSchema>;

export const ZItemPatchSchema = z
  .object({
    partNumber: partNumber.optional(),
    name: z.string().trim().min(1, 'Name is required').max(200).optional(),
    description: z.string().trim().max(2000).optional(),
    unitOfMeasure: ZUnitOfMeasureSchema.optional(),
    category: z.string().trim().max(100).optional(),
    unitCost: nonNegativeDecimal(COST_SCALE, 'Unit cost').optional(),
    reorderPoint: nonNegativeDecimal(QUANTITY_SCALE, 'Reorder point').nullable().optional(),
    defaultLocationId: z.uuid('Not a location id').nullable().optional(),
    lotTracked: z.boolean().optional(),
    active: z.boolean().optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: ITEM_MESSAGES.nothingToChange })
  .meta(
    atLeastOneOf([
      'partNumber',
      'name',
      'description',
      'unitOfMeasure',
      'category',
      'unitCost',
      'reorderPoint',
      'defaultLocationId',
      'lotTracked',
      'active',
    ]),
  );
export type TItemPatch = z.infer<typeof ZItemPatchSchema>;

export const ZItemSchema = z.object({
  id: z.string(),
  partNumber: z.string(),
  name: z.string(),
  description: z.string(),
  unitOfMeasure: z.string(),
  category: z.string(),
  unitCost: z.string(),
  reorderPoint: z.string().nullable(),
  defaultLocationId: z.string().nullable(),
  defaultLocationPath: z.string().nullable(),
  lotTracked: z.boolean(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TItem = z.infer<typeof ZItemSchema>;

export const ZItemListQuerySchema = z.object({
  ...pageQuery(),
  q: z.string().trim().max(100).default(''),
  category: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'inactive', 'all']).default('active'),
});
export type TItemListQuery = z.infer<typeof ZItemListQuerySchema>;

export const ZItemPageSchema = pageOf(ZItemSchema);
export type TItemPage = z.infer<typeof ZItemPageSchema>;

export const LOCATION_KINDS = ['site', 'area', 'shelf', 'bin'] as const;
export const ZLocationKindSchema = z.enum(LOCATION_KINDS);
export type TLocationKind = z.infer<typeof ZLocationKindSchema>;

export const ZLocationInputSchema = z.object({
  kind: ZLocationKindSchema,
  parentId: z.uuid('Not a location id').nullable().default(null),
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .min(1, 'Code is required')
    .max(32, 'Code is too long (maximum 32 characters)')
    .regex(/^[A-Za-z0-9._\-/]+$/, 'Use letters, digits and . _ - / only (no spaces)'),
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
});
export type TLocationInput = z.infer<typeof ZLocationInputSchema>;

export const ZLocationPatchSchema = z
  .object({
    code: ZLocationInputSchema.shape.code.optional(),
    name: ZLocationInputSchema.shape.name.optional(),
    active: z.boolean().optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), {
    message: 'Send at least one field to change',
  })
  .meta(atLeastOneOf(['code', 'name', 'active']));
export type TLocationPatch = z.infer<typeof ZLocationPatchSchema>;

export const ZLocationSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  kind: ZLocationKindSchema,
  code: z.string(),
  name: z.string(),
  /** The codes from the site down, "PLANT1 / A / S3 / B2", as a label and a list show it. */
  fullCode: z.string(),
  depth: z.number().int(),
  active: z.boolean(),
  childCount: z.number().int(),
});
export type TLocation = z.infer<typeof ZLocationSchema>;

/** GET /api/v1/locations: children of `parentId` (the sites when omitted), or a search across the tree. */
export const ZLocationListQuerySchema = z.object({
  parentId: z.uuid('Not a location id').optional(),
  /** Everything under this location (itself included), e.g. for "stock in this area". */
  under: z.uuid('Not a location id').optional(),
  q: z.string().trim().max(100).default(''),
  ...pageQuery(50, 200),
});
export type TLocationListQuery = z.infer<typeof ZLocationListQuerySchema>;

export const ZLocationPageSchema = pageOf(ZLocationSchema);
export type TLocationPage = z.infer<typeof ZLocationPageSchema>;
