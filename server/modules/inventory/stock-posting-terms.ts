// The posting's terms, shared by its two ways of writing (stock-posting.ts step by step, stock-post-one.ts in one
// statement): a line's signed change, how a posting names things, its refusals and its answer.
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import {
  HOLD_BLOCKED_KINDS,
  STOCK_MESSAGES,
  type TStockKind,
  type TStockTransaction,
} from '#common/schemas/stock.ts';
import type { TDb } from '../../db/client.ts';
import { sqlStateOf } from '../../db/errors.ts';
import { balanceOf } from './stock.repo.ts';

/** One signed change of one balance, as the posting's lines become. */
export interface TDelta {
  lineNo: number;
  field: string;
  itemId: string;
  locationId: string;
  lotId: string | null;
  /** Signed, canonical decimal. */
  delta: string;
  unitCost: string | null;
  /** The line's quantity field, for refusals: "quantity" unless the request names it otherwise. */
  quantityField?: string;
}

export const badLine = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, { [field]: message });
export const negate = (q: string) => fromScaled(-toScaled(q, QUANTITY_SCALE), QUANTITY_SCALE);

/**
 * A balance or an item's total past what a quantity column holds (numeric(18,6): SQLSTATE 22003) is the request's
 * doing, not the server's: refused on the line that would cause it. Caught, not pre-checked, so that the posting path
 * reads nothing more; the failed statement leaves nothing behind, since the refusal rolls the transaction back.
 */
export function refuseOverflow(error: unknown, d: TDelta, message: string): unknown {
  if (sqlStateOf(error) !== '22003') return error;
  return new AppError('CONFLICT', message, { [`${d.field}.${d.quantityField ?? 'quantity'}`]: message });
}

/** How a posting names things in its messages, and the item's current cost for lines that carry none. */
export interface TPostingContext {
  names: {
    partNumber: (itemId: string) => string;
    location: (locationId: string) => string;
    itemCost: (itemId: string) => string;
    lotNumber: (lotId: string) => string;
    /** Why a lot is on hold, null when not; absent for a reversal, which a hold never stops (decision 070). */
    holdOf?: (lotId: string) => string | null;
  };
  transaction: {
    kind: string;
    reason: string;
    reference: string;
    idempotencyKey: string;
    reversesId: string | null;
    postedAt?: Date;
    /** A receipt's supplier (decision 070). */
    supplierId?: string | null;
    /** An issue's job (decision 079). */
    jobId?: string | null;
  };
  /**
   * Write a one-line posting in ONE statement (decision 087). Only for a caller that can post again step by step
   * when it throws RetryStepByStep (an overflow, whose message names the balance or the item's total: one statement
   * cannot tell which), i.e. one that owns the transaction: postStock.
   */
  oneStatement?: boolean;
}

/** A ledger line as the posting writes it. */
export interface TLedgerLine {
  lineNo: number;
  itemId: string;
  locationId: string;
  lotId: string | null;
  quantityDelta: string;
  unitCost: string;
  balanceAfter: string;
}

export const unitCostOf = (d: TDelta, context: TPostingContext) =>
  normalizeDecimal(d.unitCost ?? context.names.itemCost(d.itemId), 4);

/** A balance that had too little: 409 naming the item, the location and what is there. */
export async function notEnough(
  tx: TDb,
  d: TDelta,
  context: TPostingContext,
  amount: string,
): Promise<AppError> {
  const available = normalizeDecimal(await balanceOf(tx, d.itemId, d.locationId, d.lotId));
  return new AppError(
    'CONFLICT',
    STOCK_MESSAGES.notEnough(
      context.names.partNumber(d.itemId),
      context.names.location(d.locationId),
      available,
      amount,
    ),
    { [`${d.field}.quantity`]: `Only ${available} available` },
  );
}

/** The posting as the API answers it, from what was written (no read-back). */
export function postingAnswer(
  row: { id: string; postedAt: Date; postedByName: string },
  lines: TLedgerLine[],
  context: TPostingContext,
): TStockTransaction {
  return {
    id: row.id,
    kind: context.transaction.kind,
    reason: context.transaction.reason,
    reference: context.transaction.reference,
    supplierId: context.transaction.supplierId ?? null,
    jobId: context.transaction.jobId ?? null,
    postedByName: row.postedByName,
    postedAt: row.postedAt.toISOString(),
    lines: lines
      .sort((a, b) => a.lineNo - b.lineNo)
      .map((l) => ({
        ...l,
        partNumber: context.names.partNumber(l.itemId),
        locationCode: context.names.location(l.locationId),
        lotNumber: l.lotId ? context.names.lotNumber(l.lotId) : null,
      })),
  };
}

/**
 * The refusal (409, naming the line's lot) of a posting of a kind that uses, moves or lends stock when it takes from a
 * lot on hold (decision 070): here, under every posting, so no screen or route can move held stock. Null when none.
 */
export function heldLotRefusal(deltas: readonly TDelta[], context: TPostingContext): AppError | null {
  if (!HOLD_BLOCKED_KINDS.has(context.transaction.kind as TStockKind)) return null;
  for (const d of deltas) {
    if (!d.lotId || !d.delta.startsWith('-')) continue;
    const reason = context.names.holdOf?.(d.lotId);
    if (!reason) continue;
    const message = STOCK_MESSAGES.lotOnHold(
      context.names.lotNumber(d.lotId),
      context.names.partNumber(d.itemId),
      reason,
    );
    return new AppError('CONFLICT', message, { [`${d.field}.lotId`]: message });
  }
  return null;
}
