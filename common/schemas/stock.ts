// Stock postings (POST /api/v1/stock/transactions): receive, issue, move and adjust, each a set of lines posted
// all-or-nothing under the client's idempotency key. Quantities are exact decimal strings in the item's unit.
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { idempotencyKeySchema } from './idempotency-key.ts';
import { COST_SCALE, nonNegativeDecimal, QUANTITY_SCALE } from './inventory-setup.ts';
import { decimalText } from './numbers.ts';

/**
 * Every kind of stock transaction. Receive, issue, move and adjust are posted through /stock/transactions; count,
 * borrow and return by their own areas; build-consume and build-output by the build area; maintenance-issue by
 * Maintenance (parts used by a repair or a PM); scrap and return-to-supplier by a nonconformance's disposition
 * (decision 073: allowed on a held lot, since that is what a disposition is for); reversal undoes any.
 */
export const STOCK_KINDS = [
  'receive',
  'issue',
  'move',
  'adjust',
  'count',
  'borrow',
  'return',
  'build-consume',
  'build-output',
  'maintenance-issue',
  'scrap',
  'return-to-supplier',
  'reversal',
] as const;
export type TStockKind = (typeof STOCK_KINDS)[number];

/** The kinds only a nonconformance's disposition posts (decision 073): the ledger does not reverse them. */
export const DISPOSITION_KINDS: ReadonlySet<string> = new Set<TStockKind>(['scrap', 'return-to-supplier']);

/** Whether a ledger line may be offered for reversal: not a reversal, not already reversed, not a disposition. */
export const isReversible = (entry: { kind: string; reversed: boolean }): boolean =>
  !entry.reversed && entry.kind !== 'reversal' && !DISPOSITION_KINDS.has(entry.kind);

/**
 * The kinds that may not take stock out of a lot on hold (decision 070): what would use, move or lend it. A count or
 * an adjustment still says what is there, a reversal undoes a posting, and receipts add to a lot.
 */
export const HOLD_BLOCKED_KINDS: ReadonlySet<TStockKind> = new Set([
  'issue',
  'move',
  'borrow',
  'build-consume',
  'maintenance-issue',
]);

/** The largest quantity a balance or an item's total holds (numeric(18,6): 12 digits before the point). */
const MAX_QUANTITY_TEXT = '999,999,999,999.999999';

export const STOCK_MESSAGES = {
  notEnough: (partNumber: string, where: string, available: string, needed: string) =>
    `Not enough stock: ${partNumber} at ${where} has ${available}, and ${needed} is needed. Nothing was posted.`,
  itemNotFound: 'No such item in your company.',
  itemInactive: 'This item is deactivated: reactivate it under SKU Setup to move its stock.',
  locationNotFound: 'No such location in your company.',
  lotRequired: 'This item is lot-tracked: give a lot number.',
  lotNotFound: 'No such lot of this item.',
  lotOnHold: (lotNumber: string, partNumber: string, reason: string) =>
    `Lot ${lotNumber} of ${partNumber} is on hold (${reason}): it cannot be issued, moved, consumed or lent until ` +
    'its inspection passes or someone releases it. Nothing was posted.',
  lotNotTaken:
    'This item takes no lot number: it is not lot-tracked, or your company does not use lot numbers.',
  sameLocation: 'Moving needs two different locations.',
  alreadyReversed: 'This transaction has already been reversed.',
  reversalOfReversal: 'A reversal cannot be reversed: post the movement again instead.',
  dispositionPosting: (ncNumber: string) =>
    `This posting is the disposition of nonconformance ${ncNumber} and cannot be reversed from the ledger: the ` +
    `nonconformance records it. If the stock was not in fact taken out, post an adjustment that puts it back and say why on ${ncNumber}.`,
  tooMuch: (partNumber: string, where: string) =>
    `${partNumber} at ${where} would hold more than ${MAX_QUANTITY_TEXT}, the most one balance holds. Nothing was posted.`,
  tooMuchInAll: (partNumber: string) =>
    `${partNumber} would hold more than ${MAX_QUANTITY_TEXT} in all, the most one item holds. Nothing was posted.`,
} as const;

const positiveQuantity = decimalText('Quantity', QUANTITY_SCALE, { sign: 'positive' }).refine(
  (v) => !v.startsWith('-') && /[1-9]/.test(v),
  'Quantity must be more than zero',
);

/** An adjustment's signed quantity, named as the Adjust dialog names its field ("Change"). */
const signedQuantity = decimalText('Change', QUANTITY_SCALE, { sign: 'nonZero' }).refine(
  (v) => /[1-9]/.test(v),
  'An adjustment cannot be zero',
);

const id = (what: string) => z.uuid(`Not a ${what} id`);

/** A key the client makes once per intended posting and sends again on a retry (e.g. a UUID). */
const idempotencyKey = idempotencyKeySchema('posting');

const common = { idempotencyKey, reference: z.string().trim().max(200).default('') };
const lines = <T extends z.ZodType>(line: T) =>
  z.array(line).min(1, 'Add at least one line').max(200, 'At most 200 lines in one posting');

export const ZPostStockSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('receive'),
    ...common,
    /** Who the goods came from (decision 070): a supplier of the company's list, switched on. */
    supplierId: z.uuid('Not a supplier id').optional(),
    lines: lines(
      z.object({
        itemId: id('item'),
        locationId: id('location'),
        quantity: positiveQuantity,
        unitCost: nonNegativeDecimal(COST_SCALE, 'Unit cost').optional(),
        lotNumber: z.string().trim().min(1).max(64).optional(),
        lotExpiresOn: isoDate('Use a date like 2027-06-30').optional(),
      }),
    ),
  }),
  z.object({
    kind: z.literal('issue'),
    ...common,
    /** The job the stock goes to (decision 079): an open job of the company, picked from the list. */
    jobId: z.uuid('Not a job id').optional(),
    lines: lines(
      z.object({
        itemId: id('item'),
        locationId: id('location'),
        lotId: id('lot').optional(),
        quantity: positiveQuantity,
      }),
    ),
  }),
  z.object({
    kind: z.literal('move'),
    ...common,
    lines: lines(
      z.object({
        itemId: id('item'),
        fromLocationId: id('location'),
        toLocationId: id('location'),
        lotId: id('lot').optional(),
        quantity: positiveQuantity,
      }),
    ),
  }),
  z.object({
    kind: z.literal('adjust'),
    ...common,
    reason: z.string({ error: 'Say why' }).trim().min(3, 'Say why (at least 3 characters)').max(500),
    lines: lines(
      z.object({
        itemId: id('item'),
        locationId: id('location'),
        lotId: id('lot').optional(),
        quantityDelta: signedQuantity,
      }),
    ),
  }),
]);
export type TPostStock = z.infer<typeof ZPostStockSchema>;
export type TPostStockInput = z.input<typeof ZPostStockSchema>;

export const ZStockLineSchema = z.object({
  lineNo: z.number().int(),
  itemId: z.string(),
  partNumber: z.string(),
  locationId: z.string(),
  locationCode: z.string(),
  lotId: z.string().nullable(),
  lotNumber: z.string().nullable(),
  quantityDelta: z.string(),
  unitCost: z.string(),
  balanceAfter: z.string(),
});

/** A lot a receipt put on hold until its receipt inspection passes (decision 072). */
export const ZHeldForInspectionSchema = z.object({
  lotId: z.string(),
  lotNumber: z.string(),
  reason: z.string(),
  inspectionId: z.string(),
  inspectionLabel: z.string(),
});
export type THeldForInspection = z.infer<typeof ZHeldForInspectionSchema>;

export const ZStockTransactionSchema = z.object({
  id: z.string(),
  kind: z.string(),
  reason: z.string(),
  reference: z.string(),
  /** The supplier a receipt names (decision 070); null for every other posting. */
  supplierId: z.string().nullable(),
  /** The job an issue was for (decision 079); null when none was named, and for every other posting. */
  jobId: z.string().nullable(),
  postedByName: z.string(),
  postedAt: z.string(),
  lines: z.array(ZStockLineSchema),
  /** The new lots this receipt put on hold for inspection; present on a receipt's own answer when there are any. */
  heldForInspection: z.array(ZHeldForInspectionSchema).optional(),
});
export type TStockTransaction = z.infer<typeof ZStockTransactionSchema>;

export const ZStockBalanceSchema = z.object({
  locationId: z.string(),
  locationCode: z.string(),
  lotId: z.string().nullable(),
  lotNumber: z.string().nullable(),
  quantity: z.string(),
  /** Its lot is on hold (decision 070): the stock is there but cannot be issued, moved, consumed or lent. */
  onHold: z.boolean(),
});
export const ZItemBalancesSchema = z.object({
  itemId: z.string(),
  total: z.string(),
  /** Held back by released work orders (decision 048). */
  reserved: z.string(),
  /** In lots on hold (decision 070): there, but not free to use until released (decision 075). */
  onHold: z.string(),
  /** Total less reserved and less on hold: what is free to use. */
  available: z.string(),
  balances: z.array(ZStockBalanceSchema),
});
export type TItemBalances = z.infer<typeof ZItemBalancesSchema>;

/** POST /api/v1/stock/transactions/:id/reversal: why the posting is undone. */
export const ZReverseStockSchema = z.object({
  reason: z.string({ error: 'Say why' }).trim().min(3, 'Say why (at least 3 characters)').max(500),
});
