// Posting stock: every line of a receive, issue, move or adjustment changes its balance and writes a ledger row in
// ONE transaction, or nothing at all. Stock never goes below zero (checked per line under the row's lock, and by
// a CHECK in the database); a retried request with the same idempotency key returns the first posting. The write
// itself, shared with counts and borrowing, is stock-posting.ts.
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import {
  STOCK_MESSAGES,
  type TItemBalances,
  type TPostStock,
  type TStockKind,
  type TStockTransaction,
} from '#common/schemas/stock.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { assertJobOpen } from '../jobs/job-guard.ts';
import { heldByReceipt, holdNewLotsForInspection, type TNewLot } from '../quality/receipt-holds.ts';
import { supplierForReceipt } from '../suppliers/suppliers.service.ts';
import { firstPostingIfSameRequest } from './idempotency.ts';
import * as repo from './stock.repo.ts';
import { postingRefsOf, postingRefsStatement } from './stock-posting.repo.ts';
import {
  applyAndRecord,
  badLine,
  loadTransaction,
  negate,
  RetryStepByStep,
  type TDelta,
} from './stock-posting.ts';
import { loadPostingContext, postingContextOf, postingIdsOf } from './stock-posting-context.ts';
import { reservedByItem } from './stock-reserved.repo.ts';

/** The signed deltas of a posting (a move is two: out of one location, into another). */
function deltasOf(input: TPostStock): TDelta[] {
  switch (input.kind) {
    case 'receive':
      return input.lines.map((l, i) => ({
        lineNo: i + 1,
        field: `lines.${i}`,
        itemId: l.itemId,
        locationId: l.locationId,
        lotId: null,
        delta: normalizeDecimal(l.quantity),
        unitCost: l.unitCost ?? null,
      }));
    case 'issue':
      return input.lines.map((l, i) => ({
        lineNo: i + 1,
        field: `lines.${i}`,
        itemId: l.itemId,
        locationId: l.locationId,
        lotId: l.lotId ?? null,
        delta: negate(l.quantity),
        unitCost: null,
      }));
    case 'move':
      return input.lines.flatMap((l, i) => {
        if (l.fromLocationId === l.toLocationId)
          throw badLine(`lines.${i}.toLocationId`, STOCK_MESSAGES.sameLocation);
        const base = { field: `lines.${i}`, itemId: l.itemId, lotId: l.lotId ?? null, unitCost: null };
        return [
          { ...base, lineNo: i * 2 + 1, locationId: l.fromLocationId, delta: negate(l.quantity) },
          { ...base, lineNo: i * 2 + 2, locationId: l.toLocationId, delta: normalizeDecimal(l.quantity) },
        ];
      });
    case 'adjust':
      return input.lines.map((l, i) => ({
        lineNo: i + 1,
        field: `lines.${i}`,
        itemId: l.itemId,
        locationId: l.locationId,
        lotId: l.lotId ?? null,
        delta: normalizeDecimal(l.quantityDelta),
        unitCost: null,
        quantityField: 'quantityDelta',
      }));
  }
}

/** A line another module posts (counts, borrowing, builds): a signed, canonical quantity change of one balance. */
export interface TPostingLine {
  itemId: string;
  locationId: string;
  lotId: string | null;
  /** Signed canonical decimal: negative takes stock, positive adds it. */
  delta: string;
  /** The unit cost to record; the item's current cost when absent. */
  unitCost?: string | null;
  /** Where a refusal points in the caller's request (e.g. "lines.2"); "lines.<n>" when absent. */
  field?: string;
}

/** What a posting is: its kind and why, and the key that makes a retry post once. */
export interface TPostingHeader {
  kind: TStockKind;
  reason?: string;
  reference?: string;
  idempotencyKey: string;
  /** When it happened, for history written after the fact (the demo seed, an opening-balance import); else now. */
  postedAt?: Date;
  /** Who the stock went back to (a nonconformance's return to supplier, decision 073). */
  supplierId?: string | null;
  /** The job the stock was used for: a repair's or a PM's parts charged to a job (decision 085). */
  jobId?: string | null;
}

/**
 * Posts `lines` for `tenant` as one transaction of `header.kind` inside the caller's transaction `tx` (of
 * `tenant.run`), so that the caller's own rows (a count session, a borrowing) and the stock change commit together
 * or not at all. Checks the items (active), locations and lots (of the item; required when lot-tracked) like any
 * posting; returns the stock transaction id. The caller handles retries of its own request (a repeated key is a
 * unique violation).
 */
export async function postLinesWithin(
  tx: TDb,
  tenant: TTenant,
  header: TPostingHeader,
  lines: TPostingLine[],
): Promise<string> {
  return (await postLinesPosting(tx, tenant, header, lines)).id;
}

/** As postLinesWithin, answering the whole posting: its lines in order, each with the unit cost it was posted at. */
export async function postLinesPosting(
  tx: TDb,
  tenant: TTenant,
  header: TPostingHeader,
  lines: TPostingLine[],
): Promise<TStockTransaction> {
  const deltas: TDelta[] = lines.map((l, i) => ({
    lineNo: i + 1,
    field: l.field ?? `lines.${i}`,
    itemId: l.itemId,
    locationId: l.locationId,
    lotId: l.lotId,
    delta: normalizeDecimal(l.delta),
    unitCost: l.unitCost ?? null,
  }));
  const context = await loadPostingContext(tx, tenant.companyId, deltas);
  for (const d of deltas) context.check(d, { lotGiven: d.lotId !== null });
  return applyAndRecord(tx, tenant, deltas, {
    names: context.names,
    transaction: {
      kind: header.kind,
      reason: header.reason ?? '',
      reference: header.reference ?? '',
      idempotencyKey: header.idempotencyKey,
      reversesId: null,
      ...(header.postedAt ? { postedAt: header.postedAt } : {}),
      ...(header.supplierId ? { supplierId: header.supplierId } : {}),
      ...(header.jobId ? { jobId: header.jobId } : {}),
    },
  });
}

/** Posts `input` for the tenant's company; see the module comment for the guarantees. */
export async function postStock(tenant: TTenant, input: TPostStock): Promise<TStockTransaction> {
  try {
    return await postStockOnce(tenant, input, { oneStatement: true });
  } catch (error) {
    // Rolled back: a quantity past what its column holds, which the step-by-step write names precisely.
    if (error instanceof RetryStepByStep) return postStockOnce(tenant, input, { oneStatement: false });
    throw error;
  }
}

async function postStockOnce(
  tenant: TTenant,
  input: TPostStock,
  { oneStatement }: { oneStatement: boolean },
): Promise<TStockTransaction> {
  const deltas = deltasOf(input);
  // What the posting names is read in the transaction's first message, with begin and the tenant set-up (decision
  // 087): all uuids (the schema's), written into the text.
  const refs = postingRefsStatement(tenant.companyId, postingIdsOf(deltas));
  try {
    return await tenant.runFrom(refs, async (tx, refRows) => {
      // A retried key is not looked up first: the transaction row is written before anything else and its unique
      // index refuses the copy (caught below), which saves every posting a round trip.
      const context = postingContextOf(postingRefsOf(refRows));
      const supplierId = input.kind === 'receive' ? (input.supplierId ?? null) : null;
      const newLots: TNewLot[] = [];
      if (supplierId) await supplierForReceipt(tx, tenant.companyId, supplierId, 'supplierId');
      const jobId = input.kind === 'issue' ? (input.jobId ?? null) : null;
      if (jobId) await assertJobOpen(tx, tenant.companyId, jobId, { what: 'stock issues' });
      for (const [index, d] of deltas.entries()) {
        context.check(d, { lotGiven: d.lotId !== null, receiving: input.kind === 'receive' });
        if (input.kind !== 'receive') continue;
        const line = input.lines[d.lineNo - 1]!;
        const lotTracked = context.lotTracked(d.itemId);
        if (lotTracked && !line.lotNumber) throw badLine(`${d.field}.lotNumber`, STOCK_MESSAGES.lotRequired);
        // Said rather than dropped: the stock would land outside the lot the receiver thinks it is in.
        if (!lotTracked && (line.lotNumber || line.lotExpiresOn))
          throw badLine(`${d.field}.lotNumber`, STOCK_MESSAGES.lotNotTaken);
        if (lotTracked && line.lotNumber) {
          const lot = await repo.findOrCreateLotRow(tx, {
            companyId: tenant.companyId,
            itemId: d.itemId,
            lotNumber: line.lotNumber,
            expiresOn: line.lotExpiresOn ?? null,
            supplierId,
          });
          context.createdLot(lot.id, lot.lotNumber);
          if (lot.created) newLots.push({ lotId: lot.id, itemId: d.itemId, lotNumber: lot.lotNumber });
          deltas[index] = { ...d, lotId: lot.id };
        }
      }

      const posted = await applyAndRecord(tx, tenant, deltas, {
        names: context.names,
        transaction: {
          kind: input.kind,
          reason: input.kind === 'adjust' ? input.reason : '',
          reference: input.reference,
          idempotencyKey: input.idempotencyKey,
          reversesId: null,
          supplierId,
          jobId,
        },
        oneStatement,
      });
      // A new lot of an item with a receipt plan in force is held for its inspection, in this transaction.
      const held = await holdNewLotsForInspection(tx, tenant, newLots);
      return held.length > 0 ? { ...posted, heldForInspection: held } : posted;
    });
  } catch (error) {
    // The same key posted before (or by a concurrent copy a moment ago): that posting if this is the same request.
    if (isUniqueViolation(error)) {
      const existing = await tenant.run(async (tx) => {
        const row = await repo.findTransactionByKey(tx, tenant.companyId, input.idempotencyKey);
        if (!row) return null;
        const first = await loadTransaction(tx, row);
        if (first.kind !== 'receive') return first;
        // A retried receipt answers as the first did, with the lots it held for inspection (decision 077).
        const held = await heldByReceipt(tx, tenant.companyId, first.id);
        return held.length > 0 ? { ...first, heldForInspection: held } : first;
      });
      if (existing) return firstPostingIfSameRequest(existing, input);
    }
    throw error;
  }
}

export async function getTransaction(tenant: TTenant, id: string): Promise<TStockTransaction> {
  return tenant.run(async (tx) => {
    const row = await repo.findTransaction(tx, tenant.companyId, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such stock transaction in your company.');
    return loadTransaction(tx, row);
  });
}

export async function getItemBalances(tenant: TTenant, itemId: string): Promise<TItemBalances> {
  return tenant.run(async (tx) => {
    const [item] = await repo.itemsByIds(tx, tenant.companyId, [itemId]);
    if (!item) throw new AppError('NOT_FOUND', STOCK_MESSAGES.itemNotFound);
    const rows = await repo.itemBalances(tx, tenant.companyId, itemId);
    const total = rows.reduce((sum, r) => sum + toScaled(normalizeDecimal(r.quantity), QUANTITY_SCALE), 0n);
    const heldBack = (await reservedByItem(tx, tenant.companyId, [itemId])).get(itemId);
    const reserved = toScaled(normalizeDecimal(heldBack?.reserved ?? '0'), QUANTITY_SCALE);
    // Held lots' stock is there but not free to use (decision 075): summed from the same balances as the total.
    const onHold = rows
      .filter((r) => r.onHold)
      .reduce((sum, r) => sum + toScaled(normalizeDecimal(r.quantity), QUANTITY_SCALE), 0n);
    return {
      itemId,
      total: fromScaled(total, QUANTITY_SCALE),
      reserved: fromScaled(reserved, QUANTITY_SCALE),
      onHold: fromScaled(onHold, QUANTITY_SCALE),
      available: fromScaled(total - reserved - onHold, QUANTITY_SCALE),
      balances: rows.map((r) => ({ ...r, quantity: normalizeDecimal(r.quantity) })),
    };
  });
}
