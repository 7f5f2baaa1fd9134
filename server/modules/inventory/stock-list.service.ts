// The stock list, its CSV export, the item lookup by part number and an item's ledger history (decision 023).

import { csvFile } from '#common/csv.ts';
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { ITEM_MESSAGES, type TItem } from '#common/schemas/inventory-setup.ts';
import {
  STOCK_CSV_MAX_ROWS,
  stockCountLimit,
  type TItemLedgerQuery,
  type TLedgerPage,
  type TStockFilter,
  type TStockListQuery,
  type TStockPage,
  type TStockRow,
} from '#common/schemas/stock-list.ts';
import type { TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyToday } from '../companies/company-clock.ts';
import { itemLedger } from './item-ledger.repo.ts';
import { findItemByPartNumber, findItemRow, toItem } from './items.repo.ts';
import * as repo from './stock-list.repo.ts';
import { reservedByItem, type TItemHeldBack } from './stock-reserved.repo.ts';

const itemNotFound = () => new AppError('NOT_FOUND', ITEM_MESSAGES.notFound);
const locationNotFound = () =>
  new AppError('BAD_REQUEST', 'No such location in your company.', {
    locationId: 'No such location in your company.',
  });

function toRow(raw: repo.TStockRowRaw, held: TItemHeldBack | undefined): TStockRow {
  const reserved = toScaled(normalizeDecimal(held?.reserved ?? '0'), 6);
  const onHold = toScaled(normalizeDecimal(held?.onHold ?? '0'), 6);
  const itemOnHand = toScaled(normalizeDecimal(held?.onHand ?? raw.on_hand), 6);
  return {
    reserved: fromScaled(reserved, 6),
    onHold: fromScaled(onHold, 6),
    available: fromScaled(itemOnHand - reserved - onHold, 6),
    id: raw.id,
    partNumber: raw.part_number,
    name: raw.name,
    category: raw.category,
    unitOfMeasure: raw.unit_of_measure,
    reorderPoint: raw.reorder_point === null ? null : normalizeDecimal(raw.reorder_point),
    unitCost: normalizeDecimal(raw.unit_cost, 4),
    onHand: normalizeDecimal(raw.on_hand),
    // quantity (scale 6) × cost (scale 4): exact at scale 10.
    value: normalizeDecimal(raw.value, 10),
    locationCount: Number(raw.location_count),
    lotTracked: raw.lot_tracked,
    lowStock: raw.low_stock === true,
  };
}

/** One page of the list and how many rows match, in the statement shape the filter needs. */
async function findPage(
  tx: TDb,
  companyId: string,
  filter: TStockFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TStockRow[]; total: number }> {
  let subtreePath: string | null = null;
  if (filter.locationId) {
    subtreePath = await repo.locationPath(tx, companyId, filter.locationId);
    if (!subtreePath) throw locationNotFound();
  }
  const scope = { pattern: filter.q === '' ? null : containsPattern(filter.q), subtreePath };
  const byStock = repo.needsAggregate(filter);
  const rows = byStock
    ? await repo.stockPageByStock(tx, companyId, filter, scope, page)
    : await repo.stockPageByItem(tx, companyId, filter, scope, page);
  if (rows.length > 0 || page.offset === 0) {
    // Asked for the page's items only: the tuned statements above stay as they are (decision 048).
    const held = await reservedByItem(
      tx,
      companyId,
      rows.map((r) => r.id),
    );
    return { rows: rows.map((r) => toRow(r, held.get(r.id))), total: rows[0]?.total ?? 0 };
  }
  // Past the last page the count has no row to ride on: ask for it alone.
  if (!byStock) return { rows: [], total: await repo.countItems(tx, companyId, filter, scope) };
  const [first] = await repo.stockPageByStock(tx, companyId, filter, scope, { limit: 1, offset: 0 });
  return { rows: [], total: first?.total ?? 0 };
}

/** GET /api/v1/stock: a page of items with their stock. */
export async function listStock(tenant: TTenant, query: TStockListQuery): Promise<TStockPage> {
  const { page, pageSize, ...filter } = query;
  const found = await tenant.run((tx) =>
    findPage(tx, tenant.companyId, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
  );
  const limit = stockCountLimit(filter.q);
  return {
    items: found.rows,
    total: Math.min(found.total, limit),
    totalCapped: found.total > limit,
    page,
    pageSize,
  };
}

/** The columns of the stock CSV, in order. */
export const STOCK_CSV_COLUMNS = [
  'part_number',
  'name',
  'category',
  'unit_of_measure',
  'on_hand',
  'reserved',
  'on_hold',
  'available',
  'unit_cost',
  'value',
  'reorder_point',
  'low_stock',
  'locations',
  'lot_tracked',
] as const;

/**
 * GET /api/v1/stock/export.csv: every row the filter matches, in its order (refused past STOCK_CSV_MAX_ROWS), as a
 * CSV file named for the company's day: "stock-2026-11-25.csv".
 */
export async function exportStockCsv(
  tenant: TTenant,
  filter: TStockFilter,
): Promise<{ fileName: string; csv: string }> {
  const [found, day] = await tenant.run(
    async (tx) =>
      [
        await findPage(tx, tenant.companyId, filter, { limit: STOCK_CSV_MAX_ROWS + 1, offset: 0 }),
        await companyToday(tx, tenant.companyId),
      ] as const,
  );
  if (found.rows.length > STOCK_CSV_MAX_ROWS) {
    throw new AppError(
      'BAD_REQUEST',
      `More than ${STOCK_CSV_MAX_ROWS.toLocaleString('en-US')} rows match: an export holds at most that many. ` +
        'Narrow the search, category or location and export again.',
    );
  }
  const csv = csvFile(
    STOCK_CSV_COLUMNS,
    found.rows.map((r) => [
      r.partNumber,
      r.name,
      r.category,
      r.unitOfMeasure,
      r.onHand,
      r.reserved,
      r.onHold,
      r.available,
      r.unitCost,
      r.value,
      r.reorderPoint,
      r.lowStock,
      r.locationCount,
      r.lotTracked,
    ]),
  );
  return { fileName: `stock-${day}.csv`, csv };
}

/** GET /api/v1/items/lookup: the item with this part number in any case (a scan, a typed code). */
export async function lookupItem(tenant: TTenant, partNumber: string): Promise<TItem> {
  const found = await tenant.run((tx) => findItemByPartNumber(tx, tenant.companyId, partNumber));
  const item = found ? toItem(found.item, found.path) : null;
  if (!item) throw new AppError('NOT_FOUND', `No item with part number “${partNumber}” in your company.`);
  return item;
}

/** GET /api/v1/items/:id/ledger: the item's history, newest first. */
export async function getItemLedger(
  tenant: TTenant,
  itemId: string,
  query: TItemLedgerQuery,
): Promise<TLedgerPage> {
  const found = await tenant.run(async (tx) => {
    if (!(await findItemRow(tx, tenant.companyId, itemId))) throw itemNotFound();
    return itemLedger(tx, tenant.companyId, itemId, query);
  });
  return {
    items: found.rows.map((r) => ({
      ...r,
      postedAt: r.postedAt.toISOString(),
      quantityDelta: normalizeDecimal(r.quantityDelta),
      unitCost: normalizeDecimal(r.unitCost, 4),
      balanceAfter: normalizeDecimal(r.balanceAfter),
      reversed: r.reversed === true,
      isReversal: r.kind === 'reversal',
    })),
    total: found.total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** GET /api/v1/stock/categories: the categories in use (at most 500), for the list's filter. */
export async function listCategories(tenant: TTenant): Promise<{ categories: string[] }> {
  const categories = await tenant.run((tx) => repo.itemCategories(tx, tenant.companyId));
  return { categories };
}
