// A posting's context: the items, locations and lots it names (read in one statement, or in the tenant
// transaction's first message: decision 087), the company's lot rule, and the checks each line passes.

import { STOCK_MESSAGES } from '#common/schemas/stock.ts';
import type { TDb } from '../../db/client.ts';
import * as repo from './stock-posting.repo.ts';
import { badLine, type TDelta } from './stock-posting.ts';
import { assertWholeQuantity } from './whole-units.ts';

/** The ids `deltas` name, each once. */
export function postingIdsOf(deltas: readonly TDelta[]): repo.TPostingIds {
  return {
    items: [...new Set(deltas.map((d) => d.itemId))],
    locations: [...new Set(deltas.map((d) => d.locationId))],
    lots: [...new Set(deltas.flatMap((d) => (d.lotId ? [d.lotId] : [])))],
  };
}

/** The items, locations and lots a posting names, the company's lot setting, and the per-line checks. */
export async function loadPostingContext(tx: TDb, companyId: string, deltas: TDelta[]) {
  return postingContextOf(await repo.postingRefs(tx, companyId, postingIdsOf(deltas)));
}

/** loadPostingContext's answer from the references already read (in the transaction's first message). */
export function postingContextOf(posted: repo.TPostingRefs) {
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
