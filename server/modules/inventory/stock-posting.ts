// The posting engine under every stock change (stock.service.ts, and through postLinesWithin counts and borrowing):
// the write itself — the transaction row first, then each balance in one lock order (never below zero), the items'
// totals and the ledger — all in the caller's tenant transaction; a one-line posting of the API as one statement
// (decision 087). What a posting names and the checks of its lines are stock-posting-context.ts.
import { v7 as uuidv7 } from 'uuid';
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
import type { TTenant } from '../../db/tenant.ts';
import { balanceOf, type TTransactionRow, transactionLines } from './stock.repo.ts';
import { postOne, type TPostOne } from './stock-post-one.repo.ts';
import * as repo from './stock-posting.repo.ts';

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

export async function loadTransaction(tx: TDb, row: TTransactionRow): Promise<TStockTransaction> {
  const lines = await transactionLines(tx, row.id);
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    reference: row.reference,
    supplierId: row.supplierId,
    jobId: row.jobId,
    postedByName: row.postedByName,
    postedAt: row.postedAt.toISOString(),
    lines: lines.map((l) => ({
      ...l,
      quantityDelta: normalizeDecimal(l.quantityDelta),
      unitCost: normalizeDecimal(l.unitCost, 4),
      balanceAfter: normalizeDecimal(l.balanceAfter),
    })),
  };
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

/** The one-statement write overflowed a quantity: post again step by step, for the message that says where. */
export class RetryStepByStep extends Error {}

/**
 * Writes the transaction and applies `deltas` to the balances (in one lock order, refusing any that would go below
 * zero), the items' totals and the ledger; returns the posting as the API answers it, built from what was written
 * (no read-back). Runs inside the caller's tenant transaction, so a refusal anywhere leaves nothing behind. The
 * transaction row goes first: a retried idempotency key fails its unique index at once, before any balance is
 * touched, and a concurrent copy waits there for the first to commit.
 */
export async function applyAndRecord(
  tx: TDb,
  tenant: TTenant,
  deltas: TDelta[],
  context: TPostingContext,
): Promise<TStockTransaction> {
  const transactionId = uuidv7();
  const postedAt = context.transaction.postedAt ?? new Date();
  const postedByName = tenant.actor.name;
  const row = {
    id: transactionId,
    companyId: tenant.companyId,
    ...context.transaction,
    postedAt,
    postedBy: tenant.userId,
    postedByName,
  };
  const answer = (lines: TLedgerLine[]) => postingAnswer(row, lines, context);
  // A held lot is refused after the transaction row (a retry of a posting made before the hold answers that posting):
  // the step-by-step path below keeps that order.
  if (context.oneStatement && deltas.length === 1 && !heldLotRefusal(deltas, context))
    return answer([await postOneLine(tx, row, deltas[0]!, context)]);
  await repo.insertTransaction(tx, row);

  // One lock order for every posting (item, location, lot), so two multi-line postings never deadlock.
  const ordered = [...deltas].sort((a, b) =>
    `${a.itemId}|${a.locationId}|${a.lotId ?? ''}`.localeCompare(
      `${b.itemId}|${b.locationId}|${b.lotId ?? ''}`,
    ),
  );
  const held = heldLotRefusal(deltas, context);
  if (held) throw held;
  const after = new Map<number, string>();
  for (const d of ordered) {
    if (d.delta.startsWith('-')) {
      const amount = negate(d.delta);
      const left = await repo.takeFromBalance(tx, {
        companyId: tenant.companyId,
        itemId: d.itemId,
        locationId: d.locationId,
        lotId: d.lotId,
        amount,
      });
      if (left === null) throw await notEnough(tx, d, context, amount);
      after.set(d.lineNo, left);
    } else {
      const quantity = await repo
        .addToBalance(tx, {
          companyId: tenant.companyId,
          itemId: d.itemId,
          locationId: d.locationId,
          lotId: d.lotId,
          delta: d.delta,
        })
        .catch((error: unknown) => {
          const where = context.names.location(d.locationId);
          throw refuseOverflow(error, d, STOCK_MESSAGES.tooMuch(context.names.partNumber(d.itemId), where));
        });
      after.set(d.lineNo, quantity);
    }
  }
  // The items' totals, after their balances and in item order (so two postings never wait on each other in a circle):
  // the same transaction keeps items.on_hand equal to the sum of the item's balances.
  const perItem = new Map<string, bigint>();
  for (const d of deltas)
    perItem.set(d.itemId, (perItem.get(d.itemId) ?? 0n) + toScaled(d.delta, QUANTITY_SCALE));
  for (const itemId of [...perItem.keys()].sort()) {
    const change = perItem.get(itemId)!;
    if (change === 0n) continue;
    await repo
      .addToItemOnHand(tx, tenant.companyId, itemId, fromScaled(change, QUANTITY_SCALE))
      .catch((error: unknown) => {
        const first = deltas.find((d) => d.itemId === itemId)!;
        throw refuseOverflow(error, first, STOCK_MESSAGES.tooMuchInAll(context.names.partNumber(itemId)));
      });
  }

  const lines = deltas.map((d) => ({
    lineNo: d.lineNo,
    itemId: d.itemId,
    locationId: d.locationId,
    lotId: d.lotId,
    quantityDelta: d.delta,
    unitCost: unitCostOf(d, context),
    balanceAfter: normalizeDecimal(after.get(d.lineNo)!),
  }));
  await repo.insertLedgerLines(
    tx,
    lines.map((l) => ({
      ...l,
      id: uuidv7(),
      companyId: tenant.companyId,
      transactionId,
      createdAt: postedAt,
    })),
  );
  return answer(lines);
}

/** A ledger line as the posting writes it. */
interface TLedgerLine {
  lineNo: number;
  itemId: string;
  locationId: string;
  lotId: string | null;
  quantityDelta: string;
  unitCost: string;
  balanceAfter: string;
}

const unitCostOf = (d: TDelta, context: TPostingContext) =>
  normalizeDecimal(d.unitCost ?? context.names.itemCost(d.itemId), 4);

/** A balance that had too little: 409 naming the item, the location and what is there. */
async function notEnough(tx: TDb, d: TDelta, context: TPostingContext, amount: string): Promise<AppError> {
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

/** The one-line posting in one statement (decision 087): its ledger line, or the refusal. */
async function postOneLine(
  tx: TDb,
  row: TPostOne['transaction'],
  d: TDelta,
  context: TPostingContext,
): Promise<TLedgerLine> {
  const taking = d.delta.startsWith('-');
  const amount = taking ? negate(d.delta) : d.delta;
  const unitCost = unitCostOf(d, context);
  const after = await postOne(tx, {
    transaction: row,
    itemId: d.itemId,
    locationId: d.locationId,
    lotId: d.lotId,
    delta: d.delta,
    amount,
    unitCost,
    lineNo: d.lineNo,
    ledgerId: uuidv7(),
    balanceId: uuidv7(),
  }).catch((error: unknown) => {
    throw sqlStateOf(error) === '22003' ? new RetryStepByStep('a quantity overflowed') : error;
  });
  if (after === null) throw await notEnough(tx, d, context, amount);
  const { lineNo, itemId, locationId, lotId } = d;
  return {
    lineNo,
    itemId,
    locationId,
    lotId,
    quantityDelta: d.delta,
    unitCost,
    balanceAfter: normalizeDecimal(after),
  };
}

/** The posting as the API answers it, from what was written (no read-back). */
function postingAnswer(
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
function heldLotRefusal(deltas: readonly TDelta[], context: TPostingContext): AppError | null {
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
