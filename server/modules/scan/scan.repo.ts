// Queries of scanning: a label token, and the fallbacks for text that is not one of our codes (part number, lot
// number, location code). Each is one indexed read; run inside withTenant, with company_id in each where as well.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { SCAN_BALANCES_LIMIT } from '#common/schemas/scan.ts';
import type { TDb } from '../../db/client.ts';
import { items, locations } from '../inventory/inventory.tables.ts';
import { lots, stockBalances } from '../inventory/stock.tables.ts';
import { labelCodes } from '../labels/labels.tables.ts';

/** The thing a label token stands for (primary key read; another company's token is hidden by row-level security). */
export async function findLabelCode(tx: TDb, companyId: string, token: string) {
  const [row] = await tx
    .select({ kind: labelCodes.kind, entityId: labelCodes.entityId })
    .from(labelCodes)
    .where(and(eq(labelCodes.token, token), eq(labelCodes.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** The item with this part number in any case (part_number_key, the stored lower(part_number), and its index). */
export async function findItemIdByPartNumber(tx: TDb, companyId: string, partNumber: string) {
  const [row] = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.companyId, companyId), eq(items.partNumberKey, sql`lower(${partNumber})`)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The lots with this lot number in any case, across the company's items (two at most: the caller only needs to know
 * whether the number is unambiguous). Lot numbers are unique per item only; the stored lower-case key and its
 * (company_id, lot_number_key) index answer in one probe under row-level security (migration 0027).
 */
export async function findLotsByNumber(tx: TDb, companyId: string, lotNumber: string) {
  return tx
    .select({ id: lots.id })
    .from(lots)
    .where(and(eq(lots.companyId, companyId), eq(lots.lotNumberKey, sql`lower(${lotNumber})`)))
    .orderBy(desc(lots.createdAt))
    .limit(2);
}

/** The location with this code in any case (code_key, the stored lower(code), and its index). */
export async function findLocationIdByCode(tx: TDb, companyId: string, code: string) {
  const [row] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.codeKey, sql`lower(${code})`)))
    .limit(1);
  return row?.id ?? null;
}

/** A lot of the company: its number, expiry, item id and hold (decision 070). */
export async function findLotRow(tx: TDb, companyId: string, lotId: string) {
  const [row] = await tx
    .select({
      id: lots.id,
      lotNumber: lots.lotNumber,
      expiresOn: lots.expiresOn,
      itemId: lots.itemId,
      onHold: lots.onHold,
      holdReason: lots.holdReason,
      heldAt: lots.heldAt,
      heldBy: lots.heldBy,
    })
    .from(lots)
    .where(and(eq(lots.companyId, companyId), eq(lots.id, lotId)))
    .limit(1);
  return row ?? null;
}

/** A location of the company. */
export async function findLocationRow(tx: TDb, companyId: string, locationId: string) {
  const [row] = await tx
    .select({
      id: locations.id,
      code: locations.code,
      fullCode: locations.fullCode,
      name: locations.name,
      kind: locations.kind,
      active: locations.active,
    })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.id, locationId)))
    .limit(1);
  return row ?? null;
}

/** Which balances a scan lists: an item's, one lot's, or one location's. */
export type TBalanceScope =
  | { itemId: string; lotId?: string }
  | {
      locationId: string;
    };

/**
 * The first SCAN_BALANCES_LIMIT non-zero balances of the scope, largest first, how many there are and their total
 * (meaningful for an item or a lot: one unit of measure). Reads the (company_id, item_id) or (company_id,
 * location_id) index of stock_balances.
 */
export async function scopeBalances(tx: TDb, companyId: string, scope: TBalanceScope) {
  const conditions = [eq(stockBalances.companyId, companyId), sql`${stockBalances.quantity} > 0`];
  if ('locationId' in scope) conditions.push(eq(stockBalances.locationId, scope.locationId));
  else {
    conditions.push(eq(stockBalances.itemId, scope.itemId));
    if (scope.lotId) conditions.push(eq(stockBalances.lotId, scope.lotId));
  }
  const where = and(...conditions);
  const rows = await tx
    .select({
      itemId: stockBalances.itemId,
      partNumber: items.partNumber,
      itemName: items.name,
      unitOfMeasure: items.unitOfMeasure,
      locationId: stockBalances.locationId,
      locationCode: locations.fullCode,
      lotId: stockBalances.lotId,
      lotNumber: lots.lotNumber,
      quantity: stockBalances.quantity,
    })
    .from(stockBalances)
    .innerJoin(items, eq(items.id, stockBalances.itemId))
    .innerJoin(locations, eq(locations.id, stockBalances.locationId))
    .leftJoin(lots, eq(lots.id, stockBalances.lotId))
    .where(where)
    .orderBy(desc(stockBalances.quantity), items.partNumber, locations.fullCode)
    .limit(SCAN_BALANCES_LIMIT);
  const [summary] = await tx
    .select({ n: count(), total: sql<string>`coalesce(sum(${stockBalances.quantity}), 0)::text` })
    .from(stockBalances)
    .where(where);
  return { rows, count: summary?.n ?? 0, total: summary?.total ?? '0' };
}
