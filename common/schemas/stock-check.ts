// Stock checks (/api/v1/stock-checks): count sessions over a location subtree or a set of items. Expected quantities
// are frozen at the start; each count keeps the book quantity at the moment it was entered, and posting applies
// counted − book-at-count to the current balance (docs/decisions/024). Quantities are exact decimal strings.
import { z } from 'zod';
import { nonNegativeDecimal, QUANTITY_SCALE } from './inventory-setup.ts';
import { pageOf, pageQuery } from './paging.ts';

export const COUNT_STATUSES = ['counting', 'posted', 'cancelled'] as const;
export type TCountStatus = (typeof COUNT_STATUSES)[number];

/** The most lines one session may hold: a bigger area is counted shelf by shelf. */
export const COUNT_MAX_LINES = 5000;
/** The most items an items-scoped count may name. */
export const COUNT_MAX_ITEMS = 500;

export const COUNT_MESSAGES = {
  notFound: 'No such count in your company.',
  lineNotFound: 'No such line in this count.',
  notCounting: (status: TCountStatus) =>
    status === 'posted'
      ? 'This count has already been posted: its lines can no longer change.'
      : 'This count was cancelled: its lines can no longer change.',
  alreadyPosted: 'This count has already been posted.',
  cancelledNoPost: 'This count was cancelled: it cannot be posted. Start a new count instead.',
  cancelOnlyCounting: 'Only a count that is still counting can be cancelled.',
  tooManyLines: `This count would have more than ${COUNT_MAX_LINES.toLocaleString('en-US')} lines, the most one count holds. Count a smaller location (an area or a shelf) or fewer items.`,
  locationNotFound: 'No such location in your company.',
  itemNotFound: 'No such item in your company.',
  itemInactive: 'This item is deactivated: reactivate it under SKU Setup to count it.',
  itemsWithoutStock: (partNumbers: string[]) =>
    `No stock anywhere of ${partNumbers.join(', ')}: an items count has nothing to count for ${partNumbers.length === 1 ? 'it' : 'them'}. Remove ${partNumbers.length === 1 ? 'it' : 'them'}, or count the location where you expect ${partNumbers.length === 1 ? 'it' : 'them'} (stock found there can be added).`,
  outsideLocation: (code: string) =>
    `This location is not inside ${code}, the location being counted. Pick ${code} or a location under it.`,
  itemOutsideScope: 'This item is not part of this count. Pick one of the counted items.',
  lotRequired: 'This item is lot-tracked: give its lot number.',
  lotNotTracked: 'This item is not lot-tracked: leave the lot empty.',
  lotNotFound: 'No such lot of this item.',
  lotBoth: 'Give either a lot or a lot number, not both.',
  duplicateLine: (what: string) =>
    `${what} already has a line in this count: enter the quantity on that line.`,
  blindVariances:
    'This is a blind count: only an admin sees expected quantities and variances until it is posted.',
  stockMovedAway: (partNumber: string, location: string, available: string, needed: string) =>
    `Stock has moved since ${partNumber} at ${location} was counted: it now has ${available}, and the count would take ${needed} away. Recount that line, then post again. Nothing was posted.`,
  inactiveOnPost: (partNumber: string) =>
    `${partNumber} has been deactivated since it was counted: reactivate it under SKU Setup, then post again. Nothing was posted.`,
} as const;

const id = (what: string) => z.uuid(`Not a ${what} id`);
const title = z.string().trim().max(120, 'Title is too long (maximum 120 characters)').default('');
const blind = z.boolean().default(true);

/** POST /api/v1/stock-checks: a location and everything under it, or a set of items wherever they are. */
export const ZStartCountSchema = z.discriminatedUnion(
  'scope',
  [
    z.object({ scope: z.literal('location'), locationId: id('location'), title, blind }),
    z.object({
      scope: z.literal('items'),
      itemIds: z
        .array(id('item'))
        .min(1, 'Pick at least one item')
        .max(COUNT_MAX_ITEMS, `Pick at most ${COUNT_MAX_ITEMS} items`)
        .refine((ids) => new Set(ids).size === ids.length, 'Each item only once'),
      title,
      blind,
    }),
  ],
  { error: 'Choose what to count: a location or items' },
);
export type TStartCount = z.infer<typeof ZStartCountSchema>;
export type TStartCountInput = z.input<typeof ZStartCountSchema>;

/** A counted quantity: zero or more, in the item's unit, at most 6 decimals. */
export const countedQuantity = nonNegativeDecimal(QUANTITY_SCALE, 'Counted quantity');

/** PUT /api/v1/stock-checks/:id/lines/:lineId: what the counter saw (a recount replaces it). */
export const ZCountEntrySchema = z.object({ countedQuantity });
export type TCountEntry = z.infer<typeof ZCountEntrySchema>;

/** POST /api/v1/stock-checks/:id/lines: stock found where the book has none (a lot by id or by number). */
export const ZFoundLineSchema = z
  .object({
    itemId: id('item'),
    locationId: id('location'),
    lotId: id('lot').optional(),
    lotNumber: z.string().trim().min(1, 'Lot number is empty').max(64, 'Lot number is too long').optional(),
    countedQuantity,
  })
  .refine((v) => !(v.lotId && v.lotNumber), { message: COUNT_MESSAGES.lotBoth, path: ['lotNumber'] })
  .meta({ not: { required: ['lotId', 'lotNumber'] } });
export type TFoundLine = z.infer<typeof ZFoundLineSchema>;

export const ZCountListQuerySchema = z.object({
  status: z.enum([...COUNT_STATUSES, 'all']).default('all'),
  ...pageQuery(20, 100),
});
export type TCountListQuery = z.infer<typeof ZCountListQuerySchema>;

export const COUNT_LINE_FILTERS = ['all', 'uncounted', 'counted', 'variance'] as const;
export type TCountLineFilter = (typeof COUNT_LINE_FILTERS)[number];

export const ZCountLinesQuerySchema = z.object({
  filter: z.enum(COUNT_LINE_FILTERS).default('all'),
  /** Part number, item name, location code or lot number, anywhere in the text. */
  q: z.string().trim().max(100).default(''),
  /** By location code then part number; or (where variances are visible) the largest variance value first. */
  sort: z.enum(['location', 'value']).default('location'),
  ...pageQuery(50, 200),
});
export type TCountLinesQuery = z.infer<typeof ZCountLinesQuerySchema>;

export const ZCountSessionSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  scope: z.enum(['location', 'items']),
  locationId: z.string().nullable(),
  locationCode: z.string().nullable(),
  blind: z.boolean(),
  status: z.enum(COUNT_STATUSES),
  startedByName: z.string(),
  startedAt: z.string(),
  closedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  transactionId: z.string().nullable(),
  /** Whether this caller sees expected quantities and variances (admins always; others once not blind or closed). */
  expectedVisible: z.boolean(),
  lines: z.number().int(),
  counted: z.number().int(),
  /** Counted lines whose count differs from the book; null while hidden from this caller. */
  variances: z.number().int().nullable(),
  /** Net value of those differences at the items' unit costs; null while hidden. */
  varianceValue: z.string().nullable(),
});
export type TCountSession = z.infer<typeof ZCountSessionSchema>;

export const ZCountSessionPageSchema = pageOf(ZCountSessionSchema);
export type TCountSessionPage = z.infer<typeof ZCountSessionPageSchema>;

/** A line. Expected, book-at-count and variance are absent (not null) while hidden from the caller. */
export const ZCountLineSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  partNumber: z.string(),
  itemName: z.string(),
  unitOfMeasure: z.string(),
  locationId: z.string(),
  locationCode: z.string(),
  lotId: z.string().nullable(),
  lotNumber: z.string().nullable(),
  countedQuantity: z.string().nullable(),
  countedByName: z.string().nullable(),
  countedAt: z.string().nullable(),
  added: z.boolean(),
  expectedQuantity: z.string().optional(),
  bookAtCount: z.string().nullable().optional(),
  variance: z.string().nullable().optional(),
  unitCost: z.string().optional(),
  varianceValue: z.string().nullable().optional(),
});
export type TCountLine = z.infer<typeof ZCountLineSchema>;

export const ZCountLinePageSchema = pageOf(ZCountLineSchema);
export type TCountLinePage = z.infer<typeof ZCountLinePageSchema>;

/** A refused found line: the error, and the line already counting that (item, location, lot). */
export const ZDuplicateLineSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  existingLineId: z.string(),
});

/** POST /api/v1/stock-checks/:id/post: what posting changed and what it left. */
export const ZPostCountResultSchema = z.object({
  session: ZCountSessionSchema,
  /** Lines whose difference was posted (one ledger line each). */
  changedLines: z.number().int(),
  /** Lines nobody counted: their stock was left as it was. */
  uncountedLines: z.number().int(),
  /** The count transaction; null when nothing differed. */
  transactionId: z.string().nullable(),
});
export type TPostCountResult = z.infer<typeof ZPostCountResultSchema>;
