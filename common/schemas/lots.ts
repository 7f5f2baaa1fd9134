// Lots of lot-tracked items: an item's lots, one lot with its stock, and its genealogy (what went into it, where
// it went). The shared contract of /api/v1/items/:id/lots and /api/v1/lots/* (decision 023).
import { z } from 'zod';
import { ZLotHoldStateSchema } from './lot-holds.ts';
import { ZLotHoldFactsSchema } from './nonconformances.ts';
import { pageOf, pageQuery } from './paging.ts';

/** How deep a genealogy walk goes: deeper links are not followed (a build chain rarely has more levels). */
export const GENEALOGY_MAX_DEPTH = 10;

export const ZItemLotsQuerySchema = z.object({ ...pageQuery(25, 100) });
export type TItemLotsQuery = z.infer<typeof ZItemLotsQuerySchema>;

/** One lot of an item: its number, expiry, stock on hand and when it was made. */
export const ZLotSummarySchema = z.object({
  id: z.string(),
  lotNumber: z.string(),
  expiresOn: z.string().nullable(),
  onHand: z.string(),
  createdAt: z.string(),
});
export type TLotSummary = z.infer<typeof ZLotSummarySchema>;

export const ZLotPageSchema = pageOf(ZLotSummarySchema);
export type TLotPage = z.infer<typeof ZLotPageSchema>;

/** A lot with its item and where its stock is. */
export const ZLotDetailSchema = z.object({
  id: z.string(),
  lotNumber: z.string(),
  expiresOn: z.string().nullable(),
  createdAt: z.string(),
  item: z.object({
    id: z.string(),
    partNumber: z.string(),
    name: z.string(),
    unitOfMeasure: z.string(),
  }),
  balances: z.array(
    z.object({
      locationId: z.string(),
      locationCode: z.string(),
      quantity: z.string(),
    }),
  ),
  total: z.string(),
  /** The supplier of the receipt that created the lot (decision 070); null when it named none. */
  supplier: z.object({ id: z.string(), code: z.string(), name: z.string() }).nullable(),
  /** Why, since when and by whom the lot is on hold (decision 070); null when it is free to move. */
  hold: ZLotHoldStateSchema,
  /**
   * What a held lot waits for before a disposition or an inspection releases it (decision 073; read with
   * common/quality/lot-hold-waits.ts); null when it is free, or held by hand with no inspection or NC behind it.
   */
  holdFacts: ZLotHoldFactsSchema.nullable(),
});
export type TLotDetail = z.infer<typeof ZLotDetailSchema>;

/** inputs: what went into this lot (down to its components); uses: where it went (up to what was built from it). */
export const ZGenealogyQuerySchema = z.object({
  direction: z.enum(['inputs', 'uses'], { error: 'direction must be inputs or uses' }),
});
export type TGenealogyDirection = z.infer<typeof ZGenealogyQuerySchema>['direction'];

/** One lot reached by the walk: how much of it the link carried, how deep, and the lot it was reached from. */
export const ZGenealogyNodeSchema = z.object({
  /** The genealogy link (lot_genealogy row) that reached this lot: unique within a walk. */
  linkId: z.string(),
  lotId: z.string(),
  lotNumber: z.string(),
  itemId: z.string(),
  partNumber: z.string(),
  itemName: z.string(),
  quantity: z.string(),
  depth: z.number().int(),
  viaLotId: z.string(),
});
export type TGenealogyNode = z.infer<typeof ZGenealogyNodeSchema>;

export const ZGenealogySchema = z.object({
  lotId: z.string(),
  direction: z.enum(['inputs', 'uses']),
  /** In walk order: each node follows the node it was reached from (an indented list reads top to bottom). */
  nodes: z.array(ZGenealogyNodeSchema),
  /** True when some links go deeper than GENEALOGY_MAX_DEPTH and were not followed. */
  truncated: z.boolean(),
});
export type TGenealogy = z.infer<typeof ZGenealogySchema>;
