// The posting engine under every stock change (stock.service.ts, and through postLinesWithin counts and borrowing):
// the write itself — the transaction row first, then each balance in one lock order (never below zero), the items'
// totals and the ledger — all in the caller's tenant transaction; a one-line posting of the API as one statement
// (decision 087: stock-post-one.ts). What a posting names and the checks of its lines are stock-posting-context.ts;
// its terms (a line's change, its refusals, its answer) stock-posting-terms.ts.
import { v7 as uuidv7 } from 'uuid';
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import { STOCK_MESSAGES, type TStockTransaction } from '#common/schemas/stock.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { type TTransactionRow, transactionLines } from './stock.repo.ts';
import { postOneLine } from './stock-post-one.ts';
import * as repo from './stock-posting.repo.ts';
import {
  heldLotRefusal,
  negate,
  notEnough,
  postingAnswer,
  refuseOverflow,
  type TDelta,
  type TLedgerLine,
  type TPostingContext,
  unitCostOf,
} from './stock-posting-terms.ts';

export { RetryStepByStep } from './stock-post-one.ts';
export { badLine, negate, refuseOverflow, type TDelta, type TPostingContext } from './stock-posting-terms.ts';

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
