// Reversing a posting (admins): a new posting of every line negated, under one key per original, so a posting is
// reversed at most once even by two admins at once. The posting engine's rules hold for it as for any posting
// (stock-posting.ts): a line that would go below zero refuses the whole reversal.
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { DISPOSITION_KINDS, STOCK_MESSAGES, type TStockTransaction } from '#common/schemas/stock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import * as repo from './stock.repo.ts';
import { applyAndRecord, negate, type TDelta } from './stock-posting.ts';

/**
 * Undoes a posting with a new one (admins): every line with its quantity negated, under the key
 * "reversal-of:<id>", so a transaction is reversed at most once. Refused, like any posting, when stock has since
 * moved on and a line would go below zero; a reversal itself cannot be reversed (post the movement again instead),
 * nor can a nonconformance's disposition (the nonconformance records it).
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
      // A disposition's posting is part of its nonconformance (decision 073, 2026-11-30): reversed here, the NC would
      // still say the stock was scrapped or returned, and could be closed on stock that is back on the shelf.
      if (DISPOSITION_KINDS.has(original.kind) || original.idempotencyKey.startsWith('nc-disposition:'))
        throw new AppError('CONFLICT', STOCK_MESSAGES.dispositionPosting(original.reference));
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
