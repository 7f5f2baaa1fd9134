// Lots: an item's lots, one lot with where its stock is, and its genealogy in either direction (decision 023).
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { ITEM_MESSAGES, QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import {
  GENEALOGY_MAX_DEPTH,
  type TGenealogy,
  type TGenealogyDirection,
  type TItemLotsQuery,
  type TLotDetail,
  type TLotPage,
} from '#common/schemas/lots.ts';
import type { TTenant } from '../../db/tenant.ts';
import { lotHoldFacts } from '../quality/lot-hold-facts.ts';
import { findItemRow } from './items.repo.ts';
import * as repo from './lots.repo.ts';

const lotNotFound = () => new AppError('NOT_FOUND', 'No such lot in your company.');

/** A date column as the contract spells it ("2027-06-30"), whichever driver read it. */
function dateText(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** GET /api/v1/items/:id/lots: the item's lots, newest first, with their stock. */
export async function listItemLots(
  tenant: TTenant,
  itemId: string,
  query: TItemLotsQuery,
): Promise<TLotPage> {
  const found = await tenant.run(async (tx) => {
    if (!(await findItemRow(tx, tenant.companyId, itemId)))
      throw new AppError('NOT_FOUND', ITEM_MESSAGES.notFound);
    return repo.itemLots(tx, tenant.companyId, itemId, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
  });
  return {
    items: found.rows.map((r) => ({
      id: r.id,
      lotNumber: r.lotNumber,
      expiresOn: dateText(r.expiresOn),
      onHand: normalizeDecimal(r.onHand),
      createdAt: r.createdAt.toISOString(),
    })),
    total: found.total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** GET /api/v1/lots/:id: the lot, its item, its stock by location, and its hold (decision 070). */
export async function getLot(tenant: TTenant, lotId: string): Promise<TLotDetail> {
  return tenant.run(async (tx) => {
    const lot = await repo.findLot(tx, tenant.companyId, lotId);
    if (!lot) throw lotNotFound();
    const balances = (await repo.lotBalances(tx, tenant.companyId, lot.item.id, lotId)).map((b) => ({
      ...b,
      quantity: normalizeDecimal(b.quantity),
    }));
    const total = balances.reduce((sum, b) => sum + toScaled(b.quantity, QUANTITY_SCALE), 0n);
    return {
      id: lot.id,
      lotNumber: lot.lotNumber,
      expiresOn: dateText(lot.expiresOn),
      createdAt: lot.createdAt.toISOString(),
      item: lot.item,
      balances,
      total: fromScaled(total, QUANTITY_SCALE),
      supplier:
        lot.supplierId && lot.supplierCode && lot.supplierName
          ? { id: lot.supplierId, code: lot.supplierCode, name: lot.supplierName }
          : null,
      hold:
        lot.onHold && lot.heldAt
          ? { reason: lot.holdReason ?? '', heldAt: lot.heldAt.toISOString(), heldBy: lot.heldBy ?? '' }
          : null,
      // What it waits for, read only while it is held: the page says it beside the hold (decision 073).
      holdFacts: lot.onHold ? await lotHoldFacts(tx, tenant.companyId, lotId) : null,
    };
  });
}

/** GET /api/v1/lots/:id/genealogy: what went into the lot (inputs) or where it went (uses), up to 10 levels. */
export async function getGenealogy(
  tenant: TTenant,
  lotId: string,
  direction: TGenealogyDirection,
): Promise<TGenealogy> {
  const rows = await tenant.run(async (tx) => {
    if (!(await repo.findLot(tx, tenant.companyId, lotId))) throw lotNotFound();
    return repo.genealogy(tx, tenant.companyId, lotId, direction);
  });
  const within = rows.filter((r) => r.depth <= GENEALOGY_MAX_DEPTH);
  return {
    lotId,
    direction,
    nodes: within.map((r) => ({
      linkId: r.link_id,
      lotId: r.lot_id,
      lotNumber: r.lot_number,
      itemId: r.item_id,
      partNumber: r.part_number,
      itemName: r.item_name,
      quantity: normalizeDecimal(r.quantity),
      depth: Number(r.depth),
      viaLotId: r.via_lot_id,
    })),
    truncated: within.length < rows.length,
  };
}
