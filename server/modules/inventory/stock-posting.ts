// The posting engine under every stock change (stock.service.ts, and through postLinesWithin counts and borrowing):
// the posting's context (its items, locations and lots, checked per line), and the write itself — the transaction
// row first, then each balance in one lock order (never below zero), the items' totals and the ledger — all in the
// caller's tenant transaction.
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
import * as repo from './stock-posting.repo.ts';
import { assertWholeQuantity } from './whole-units.ts';

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
}

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
  await repo.insertTransaction(tx, {
    id: transactionId,
    companyId: tenant.companyId,
    ...context.transaction,
    postedAt,
    postedBy: tenant.userId,
    postedByName,
  });

  // One lock order for every posting (item, location, lot), so two multi-line postings never deadlock.
  const ordered = [...deltas].sort((a, b) =>
    `${a.itemId}|${a.locationId}|${a.lotId ?? ''}`.localeCompare(
      `${b.itemId}|${b.locationId}|${b.lotId ?? ''}`,
    ),
  );
  refuseHeldLots(deltas, context);
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
      if (left === null) {
        const available = normalizeDecimal(await balanceOf(tx, d.itemId, d.locationId, d.lotId));
        throw new AppError(
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
    unitCost: normalizeDecimal(d.unitCost ?? context.names.itemCost(d.itemId), 4),
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
  return {
    id: transactionId,
    kind: context.transaction.kind,
    reason: context.transaction.reason,
    reference: context.transaction.reference,
    supplierId: context.transaction.supplierId ?? null,
    jobId: context.transaction.jobId ?? null,
    postedByName,
    postedAt: postedAt.toISOString(),
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
 * Refuses (409, naming the line's lot) a posting of a kind that uses, moves or lends stock when it takes from a lot on
 * hold (decision 070): here, under every posting, so no screen or route can move held stock.
 */
function refuseHeldLots(deltas: readonly TDelta[], context: TPostingContext): void {
  if (!HOLD_BLOCKED_KINDS.has(context.transaction.kind as TStockKind)) return;
  for (const d of deltas) {
    if (!d.lotId || !d.delta.startsWith('-')) continue;
    const reason = context.names.holdOf?.(d.lotId);
    if (!reason) continue;
    const message = STOCK_MESSAGES.lotOnHold(
      context.names.lotNumber(d.lotId),
      context.names.partNumber(d.itemId),
      reason,
    );
    throw new AppError('CONFLICT', message, { [`${d.field}.lotId`]: message });
  }
}

/** The items, locations and lots a posting names, the company's lot setting, and the per-line checks. */
export async function loadPostingContext(tx: TDb, companyId: string, deltas: TDelta[]) {
  const posted = await repo.postingRefs(tx, companyId, {
    items: [...new Set(deltas.map((d) => d.itemId))],
    locations: [...new Set(deltas.map((d) => d.locationId))],
    lots: [...new Set(deltas.flatMap((d) => (d.lotId ? [d.lotId] : [])))],
  });
  const itemRows = new Map(posted.items.map((r) => [r.id, r]));
  const locationRows = new Map(posted.locations.map((r) => [r.id, r]));
  const lotRows = new Map(posted.lots.map((r) => [r.id, r]));
  const createdLots = new Map<string, string>();
  const lotTracked = (itemId: string) =>
    (itemRows.get(itemId)?.lotTracked ?? false) && (posted.useLotNumbers ?? true);
  return {
    items: itemRows,
    /** Notes a lot created by this posting (at receipt), so the answer can name it. */
    createdLot: (lotId: string, lotNumber: string) => createdLots.set(lotId, lotNumber),
    /** Whether the item needs a lot: lot-tracked and the company uses lot numbers. */
    lotTracked,
    /**
     * Refuses a line naming an unknown or inactive item, an unknown location, a fraction of an item counted in whole
     * units (decision 064: here once, so receive, issue, move, adjust, count, borrowing and the shop floor all refuse
     * it alike), or a lot that is not the item's.
     */
    check(d: TDelta, options: { lotGiven: boolean; receiving?: boolean }) {
      const item = itemRows.get(d.itemId);
      if (!item) throw badLine(`${d.field}.itemId`, STOCK_MESSAGES.itemNotFound);
      if (!item.active) throw badLine(`${d.field}.itemId`, STOCK_MESSAGES.itemInactive);
      if (!locationRows.has(d.locationId))
        throw badLine(`${d.field}.locationId`, STOCK_MESSAGES.locationNotFound);
      assertWholeQuantity(`${d.field}.${d.quantityField ?? 'quantity'}`, d.delta, item);
      if (options.receiving) return;
      if (d.lotId) {
        if (lotRows.get(d.lotId)?.itemId !== item.id)
          throw badLine(`${d.field}.lotId`, STOCK_MESSAGES.lotNotFound);
      } else if (lotTracked(item.id)) {
        throw badLine(`${d.field}.lotId`, STOCK_MESSAGES.lotRequired);
      }
    },
    names: {
      partNumber: (itemId: string) => itemRows.get(itemId)!.partNumber,
      location: (locationId: string) => locationRows.get(locationId)!.fullCode,
      itemCost: (itemId: string) => itemRows.get(itemId)!.unitCost,
      /** A lot the posting names, or one it created at receipt (remembered by `createdLot`). */
      lotNumber: (lotId: string) => createdLots.get(lotId) ?? lotRows.get(lotId)!.lotNumber,
      /** Why a lot the posting names is on hold; null when it is not (or the posting created it). */
      holdOf: (lotId: string) => {
        const lot = lotRows.get(lotId);
        return lot?.onHold ? (lot.holdReason ?? 'on hold') : null;
      },
    },
  };
}
