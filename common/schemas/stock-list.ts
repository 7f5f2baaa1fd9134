// The stock list (GET /api/v1/stock and its CSV), the item lookup by part number and an item's ledger history:
// the shared contract of the Inventory screen and the item page (decision 023). Quantities and money are exact
// decimal strings.
import { z } from 'zod';
import { pageOf, pageQuery } from './paging.ts';

/** The columns the stock list sorts by. */
export const STOCK_SORTS = ['partNumber', 'name', 'category', 'onHand', 'value'] as const;
export type TStockSort = (typeof STOCK_SORTS)[number];

/** The most rows one CSV export holds; a wider filter is refused with a message saying so. */
export const STOCK_CSV_MAX_ROWS = 50_000;

/** "true"/"false" in a query string (anything else is refused naming the field). */
const flag = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} must be true or false` })
    .optional()
    .transform((v) => v === 'true');

export const ZStockFilterSchema = z.object({
  /** Part number, name, a lot number of the item, or the full code of a location holding it. */
  q: z.string().trim().max(100, 'Search is too long (maximum 100 characters)').default(''),
  category: z.string().trim().max(100).optional(),
  /** Only stock under this location (itself and everything inside it); on hand is then that subtree's. */
  locationId: z.uuid('Not a location id').optional(),
  lowStock: flag('lowStock'),
  status: z.enum(['active', 'inactive', 'all'], { error: 'Use active, inactive or all' }).default('active'),
  sort: z.enum(STOCK_SORTS, { error: `Sort by one of: ${STOCK_SORTS.join(', ')}` }).default('partNumber'),
  dir: z.enum(['asc', 'desc'], { error: 'Use asc or desc' }).default('asc'),
});
export type TStockFilter = z.infer<typeof ZStockFilterSchema>;

export const ZStockListQuerySchema = ZStockFilterSchema.extend(pageQuery(25, 100));
export type TStockListQuery = z.infer<typeof ZStockListQuerySchema>;
/** What the web sends (before defaults). */
export type TStockListQueryInput = z.input<typeof ZStockListQuerySchema>;

/** One item of the stock list with its stock (of the location subtree when filtered by one). */
export const ZStockRowSchema = z.object({
  id: z.string(),
  partNumber: z.string(),
  name: z.string(),
  category: z.string(),
  unitOfMeasure: z.string(),
  reorderPoint: z.string().nullable(),
  unitCost: z.string(),
  onHand: z.string(),
  /** onHand × unitCost, exact. */
  value: z.string(),
  /**
   * Held back by released work orders, and the item's whole on hand less that (decision 048). Reservations are not
   * per location, so under a location filter both still speak of the whole item.
   */
  reserved: z.string(),
  /** The item's stock in lots on hold (decision 070), not free to use; available is on hand less reserved and this. */
  onHold: z.string(),
  available: z.string(),
  /** How many locations hold some of it. */
  locationCount: z.number().int(),
  lotTracked: z.boolean(),
  /** A reorder point above zero, and on hand at or below it. */
  lowStock: z.boolean(),
});
export type TStockRow = z.infer<typeof ZStockRowSchema>;

/**
 * The stock list counts matching items up to this many: counting every one of 100,000 items on each page costs more
 * than the page itself, and past this the list says "10,000+" and asks for a narrower search (decision 026).
 */
export const STOCK_COUNT_LIMIT = 10_000;

/**
 * A text search counts its matches up to this many: past it, the page is found by walking the items in order with
 * the search as a filter, and no one pages through a thousand matches rather than typing one more letter.
 */
export const STOCK_SEARCH_COUNT_LIMIT = 1_000;

/** The count limit of a list: a search's, or the list's own. */
export const stockCountLimit = (q: string) => (q === '' ? STOCK_COUNT_LIMIT : STOCK_SEARCH_COUNT_LIMIT);

export const ZStockPageSchema = pageOf(ZStockRowSchema).extend({
  /** True when more items match than the list counts (stockCountLimit): `total` is then that limit, not the count. */
  totalCapped: z.boolean(),
});
export type TStockPage = z.infer<typeof ZStockPageSchema>;

/** GET /api/v1/stock/categories: the categories the company's items use, alphabetically. */
export const ZCategoriesSchema = z.object({ categories: z.array(z.string()) });

/** GET /api/v1/items/lookup: the item with exactly this part number, in any case. */
export const ZItemLookupQuerySchema = z.object({
  partNumber: z
    .string({ error: 'partNumber is required' })
    .trim()
    .min(1, 'partNumber is required')
    .max(64, 'Part number is too long (maximum 64 characters)'),
});

/** GET /api/v1/items/:id/ledger: newest first, optionally one lot's or one location's lines. */
export const ZItemLedgerQuerySchema = z.object({
  ...pageQuery(25, 100),
  lotId: z.uuid('Not a lot id').optional(),
  locationId: z.uuid('Not a location id').optional(),
});
export type TItemLedgerQuery = z.infer<typeof ZItemLedgerQuerySchema>;

/** One ledger line of an item, with its transaction's who, when and why. */
export const ZLedgerEntrySchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  kind: z.string(),
  postedAt: z.string(),
  postedByName: z.string(),
  reason: z.string(),
  reference: z.string(),
  locationId: z.string(),
  locationCode: z.string(),
  lotId: z.string().nullable(),
  lotNumber: z.string().nullable(),
  quantityDelta: z.string(),
  unitCost: z.string(),
  balanceAfter: z.string(),
  /** True when a later posting reversed this transaction. */
  reversed: z.boolean(),
  /** True when this transaction is itself a reversal. */
  isReversal: z.boolean(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntrySchema>;

export const ZLedgerPageSchema = pageOf(ZLedgerEntrySchema);
export type TLedgerPage = z.infer<typeof ZLedgerPageSchema>;
