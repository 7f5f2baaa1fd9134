// Posting stock: every line of a receive, issue, move or adjustment changes its balance and writes a ledger row in
// ONE transaction, or nothing at all. Stock never goes below zero (checked per line under the row's lock, and by
// a CHECK in the database); a retried request with the same idempotency key returns the first posting.
import { v7 as uuidv7 } from 'uuid';
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
import { isUniqueViolation, sqlStateOf } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { firstPostingIfSameRequest } from './idempotency.ts';
import * as repo from './stock.repo.ts';

/** One signed change of one balance, as the posting's lines become. */
interface TDelta {
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

const badLine = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, { [field]: message });
const negate = (q: string) => fromScaled(-toScaled(q, QUANTITY_SCALE), QUANTITY_SCALE);

/**
 * A balance or an item's total past what a quantity column holds (numeric(18,6): SQLSTATE 22003) is the request's
 * doing, not the server's: refused on the line that would cause it. Caught, not pre-checked, so that the posting path
 * reads nothing more; the failed statement leaves nothing behind, since the refusal rolls the transaction back.
 */
function refuseOverflow(error: unknown, d: TDelta, message: string): unknown {
  if (sqlStateOf(error) !== '22003') return error;
  return new AppError('CONFLICT', message, { [`${d.field}.${d.quantityField ?? 'quantity'}`]: message });
}

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

async function loadTransaction(tx: TDb, row: repo.TTransactionRow): Promise<TStockTransaction> {
  const lines = await repo.transactionLines(tx, row.id);
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    reference: row.reference,
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
interface TPostingContext {
  names: {
    partNumber: (itemId: string) => string;
    location: (locationId: string) => string;
    itemCost: (itemId: string) => string;
    lotNumber: (lotId: string) => string;
  };
  transaction: {
    kind: string;
    reason: string;
    reference: string;
    idempotencyKey: string;
    reversesId: string | null;
    postedAt?: Date;
  };
}

/**
 * Writes the transaction and applies `deltas` to the balances (in one lock order, refusing any that would go below
 * zero), the items' totals and the ledger; returns the posting as the API answers it, built from what was written
 * (no read-back). Runs inside the caller's tenant transaction, so a refusal anywhere leaves nothing behind. The
 * transaction row goes first: a retried idempotency key fails its unique index at once, before any balance is
 * touched, and a concurrent copy waits there for the first to commit.
 */
async function applyAndRecord(
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
        const available = normalizeDecimal(await repo.balanceOf(tx, d.itemId, d.locationId, d.lotId));
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
  const posting = await applyAndRecord(tx, tenant, deltas, {
    names: context.names,
    transaction: {
      kind: header.kind,
      reason: header.reason ?? '',
      reference: header.reference ?? '',
      idempotencyKey: header.idempotencyKey,
      reversesId: null,
      ...(header.postedAt ? { postedAt: header.postedAt } : {}),
    },
  });
  return posting.id;
}

/** The items, locations and lots a posting names, the company's lot setting, and the per-line checks. */
async function loadPostingContext(tx: TDb, companyId: string, deltas: TDelta[]) {
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
    /** Refuses a line naming an unknown or inactive item, an unknown location, or a lot that is not the item's. */
    check(d: TDelta, options: { lotGiven: boolean; receiving?: boolean }) {
      const item = itemRows.get(d.itemId);
      if (!item) throw badLine(`${d.field}.itemId`, STOCK_MESSAGES.itemNotFound);
      if (!item.active) throw badLine(`${d.field}.itemId`, STOCK_MESSAGES.itemInactive);
      if (!locationRows.has(d.locationId))
        throw badLine(`${d.field}.locationId`, STOCK_MESSAGES.locationNotFound);
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
    },
  };
}

/** Posts `input` for the tenant's company; see the module comment for the guarantees. */
export async function postStock(tenant: TTenant, input: TPostStock): Promise<TStockTransaction> {
  const deltas = deltasOf(input);
  try {
    return await tenant.run(async (tx) => {
      // A retried key is not looked up first: the transaction row is written before anything else and its unique
      // index refuses the copy (caught below), which saves every posting a round trip.
      const context = await loadPostingContext(tx, tenant.companyId, deltas);
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
          });
          context.createdLot(lot.id, lot.lotNumber);
          deltas[index] = { ...d, lotId: lot.id };
        }
      }

      return applyAndRecord(tx, tenant, deltas, {
        names: context.names,
        transaction: {
          kind: input.kind,
          reason: input.kind === 'adjust' ? input.reason : '',
          reference: input.reference,
          idempotencyKey: input.idempotencyKey,
          reversesId: null,
        },
      });
    });
  } catch (error) {
    // The same key posted before (or by a concurrent copy a moment ago): that posting if this is the same request.
    if (isUniqueViolation(error)) {
      const existing = await tenant.run(async (tx) => {
        const row = await repo.findTransactionByKey(tx, tenant.companyId, input.idempotencyKey);
        return row ? loadTransaction(tx, row) : null;
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
    return {
      itemId,
      total: fromScaled(total, QUANTITY_SCALE),
      balances: rows.map((r) => ({ ...r, quantity: normalizeDecimal(r.quantity) })),
    };
  });
}

/**
 * Undoes a posting with a new one (admins): every line with its quantity negated, under the key
 * "reversal-of:<id>", so a transaction is reversed at most once. Refused, like any posting, when stock has since
 * moved on and a line would go below zero; a reversal itself cannot be reversed (post the movement again instead).
 */
export async function reverseTransaction(
  tenant: TTenant,
  id: string,
  input: { reason: string; idempotencyKey?: string },
): Promise<TStockTransaction> {
  const key = `reversal-of:${id}`;
  const alreadyReversed = () => new AppError('CONFLICT', STOCK_MESSAGES.alreadyReversed);
  try {
    return await tenant.run(async (tx) => {
      const original = await repo.findTransaction(tx, tenant.companyId, id);
      if (!original) throw new AppError('NOT_FOUND', 'No such stock transaction in your company.');
      if (original.kind === 'reversal') throw new AppError('CONFLICT', STOCK_MESSAGES.reversalOfReversal);
      if (await repo.findTransactionByKey(tx, tenant.companyId, key)) throw alreadyReversed();
      const lines = await repo.transactionLines(tx, id);
      const deltas: TDelta[] = lines.map((l) => ({
        lineNo: l.lineNo,
        field: `lines.${l.lineNo - 1}`,
        itemId: l.itemId,
        locationId: l.locationId,
        lotId: l.lotId,
        delta: negate(normalizeDecimal(l.quantityDelta)),
        unitCost: l.unitCost,
      }));
      const byItem = new Map(lines.map((l) => [l.itemId, l.partNumber]));
      const byLocation = new Map(lines.map((l) => [l.locationId, l.locationCode]));
      const byLot = new Map(
        lines.flatMap((l) => (l.lotId && l.lotNumber ? [[l.lotId, l.lotNumber] as const] : [])),
      );
      return applyAndRecord(tx, tenant, deltas, {
        names: {
          partNumber: (itemId) => byItem.get(itemId) ?? itemId,
          location: (locationId) => byLocation.get(locationId) ?? locationId,
          itemCost: () => '0',
          lotNumber: (lotId) => byLot.get(lotId) ?? lotId,
        },
        transaction: {
          kind: 'reversal',
          reason: input.reason,
          reference: original.reference,
          idempotencyKey: key,
          reversesId: id,
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyReversed();
    throw error;
  }
}
