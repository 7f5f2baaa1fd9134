// Queries of stock, run inside withTenant. Balances change by one conditional statement per line, which takes the
// balance row's lock: concurrent postings on the same stock queue behind each other and re-check the quantity.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { queryRows, type TDb } from '../../db/client.ts';
import { items, locations } from './inventory.tables.ts';
import { lots, stockBalances, stockLedger, stockTransactions } from './stock.tables.ts';

export type TTransactionRow = typeof stockTransactions.$inferSelect;

const lotIs = (lotId: string | null) =>
  lotId ? eq(stockBalances.lotId, lotId) : isNull(stockBalances.lotId);

/** Adds `delta` (> 0) to a balance, creating the row at the first receipt; returns the quantity after. */
export async function addToBalance(
  tx: TDb,
  row: { companyId: string; itemId: string; locationId: string; lotId: string | null; delta: string },
): Promise<string> {
  const [result] = await tx
    .insert(stockBalances)
    .values({
      id: uuidv7(),
      companyId: row.companyId,
      itemId: row.itemId,
      locationId: row.locationId,
      lotId: row.lotId,
      quantity: row.delta,
    })
    .onConflictDoUpdate({
      target: [stockBalances.itemId, stockBalances.locationId, stockBalances.lotId],
      set: { quantity: sql`${stockBalances.quantity} + excluded.quantity`, updatedAt: new Date() },
    })
    .returning({ quantity: stockBalances.quantity });
  return result!.quantity;
}

/**
 * Takes `amount` (> 0) from a balance only if enough is there; returns the quantity after, or null when there is
 * not enough (or no such balance). A concurrent taker waits for the row lock and is re-checked against what is left.
 */
export async function takeFromBalance(
  tx: TDb,
  row: { itemId: string; locationId: string; lotId: string | null; amount: string },
): Promise<string | null> {
  const [result] = await tx
    .update(stockBalances)
    .set({ quantity: sql`${stockBalances.quantity} - ${row.amount}::numeric`, updatedAt: new Date() })
    .where(
      and(
        eq(stockBalances.itemId, row.itemId),
        eq(stockBalances.locationId, row.locationId),
        lotIs(row.lotId),
        sql`${stockBalances.quantity} >= ${row.amount}::numeric`,
      ),
    )
    .returning({ quantity: stockBalances.quantity });
  return result?.quantity ?? null;
}

/** Changes an item's stock total (items.on_hand) by the signed `delta`, in the posting's transaction. */
export async function addToItemOnHand(tx: TDb, itemId: string, delta: string): Promise<void> {
  await tx
    .update(items)
    .set({ onHand: sql`${items.onHand} + ${delta}::numeric` })
    .where(eq(items.id, itemId));
}

export async function balanceOf(
  tx: TDb,
  itemId: string,
  locationId: string,
  lotId: string | null,
): Promise<string> {
  const [row] = await tx
    .select({ quantity: stockBalances.quantity })
    .from(stockBalances)
    .where(and(eq(stockBalances.itemId, itemId), eq(stockBalances.locationId, locationId), lotIs(lotId)));
  return row?.quantity ?? '0';
}

export async function findTransactionByKey(
  tx: TDb,
  companyId: string,
  key: string,
): Promise<TTransactionRow | null> {
  const [row] = await tx
    .select()
    .from(stockTransactions)
    .where(and(eq(stockTransactions.companyId, companyId), eq(stockTransactions.idempotencyKey, key)));
  return row ?? null;
}

export async function findTransaction(
  tx: TDb,
  companyId: string,
  id: string,
): Promise<TTransactionRow | null> {
  const [row] = await tx
    .select()
    .from(stockTransactions)
    .where(and(eq(stockTransactions.companyId, companyId), eq(stockTransactions.id, id)));
  return row ?? null;
}

export async function insertTransaction(tx: TDb, row: typeof stockTransactions.$inferInsert): Promise<void> {
  await tx.insert(stockTransactions).values(row);
}

export async function insertLedgerLines(tx: TDb, rows: (typeof stockLedger.$inferInsert)[]): Promise<void> {
  await tx.insert(stockLedger).values(rows);
}

/** The lines of a transaction with part numbers, location codes and lot numbers. */
export async function transactionLines(tx: TDb, transactionId: string) {
  return tx
    .select({
      lineNo: stockLedger.lineNo,
      itemId: stockLedger.itemId,
      partNumber: items.partNumber,
      locationId: stockLedger.locationId,
      locationCode: locations.fullCode,
      lotId: stockLedger.lotId,
      lotNumber: lots.lotNumber,
      quantityDelta: stockLedger.quantityDelta,
      unitCost: stockLedger.unitCost,
      balanceAfter: stockLedger.balanceAfter,
    })
    .from(stockLedger)
    .innerJoin(items, eq(items.id, stockLedger.itemId))
    .innerJoin(locations, eq(locations.id, stockLedger.locationId))
    .leftJoin(lots, eq(lots.id, stockLedger.lotId))
    .where(eq(stockLedger.transactionId, transactionId))
    .orderBy(asc(stockLedger.lineNo));
}

export async function itemsByIds(tx: TDb, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(items)
    .where(and(eq(items.companyId, companyId), inArray(items.id, ids)));
}

/** What a posting's checks and messages need of an item, a location and a lot. */
export interface TPostingRefs {
  items: { id: string; partNumber: string; active: boolean; lotTracked: boolean; unitCost: string }[];
  locations: { id: string; fullCode: string }[];
  lots: { id: string; itemId: string; lotNumber: string }[];
  /** company_settings.use_lot_numbers; null without a settings row. */
  useLotNumbers: boolean | null;
}

/**
 * Everything a posting names (its items, locations and lots, of this company only) and the company's lot rule, in
 * ONE statement: every posting needs all of it before it writes, and each round trip is a socket write on either
 * side. Each list comes back as one JSON array (numerics as text, so no digit is lost).
 */
export async function postingRefs(
  tx: TDb,
  companyId: string,
  ids: { items: string[]; locations: string[]; lots: string[] },
): Promise<TPostingRefs> {
  const [row] = await queryRows<TPostingRefs>(
    tx,
    sql`select
      (select coalesce(json_agg(json_build_object('id', i.id, 'partNumber', i.part_number, 'active', i.active,
                                                  'lotTracked', i.lot_tracked, 'unitCost', i.unit_cost::text)), '[]')
         from items i where i.company_id = ${companyId} and i.id = any(${sql.param(ids.items)}::uuid[])) as items,
      (select coalesce(json_agg(json_build_object('id', l.id, 'fullCode', l.full_code)), '[]')
         from locations l where l.company_id = ${companyId} and l.id = any(${sql.param(ids.locations)}::uuid[])) as locations,
      (select coalesce(json_agg(json_build_object('id', t.id, 'itemId', t.item_id, 'lotNumber', t.lot_number)), '[]')
         from lots t where t.company_id = ${companyId} and t.id = any(${sql.param(ids.lots)}::uuid[])) as lots,
      (select s.use_lot_numbers from company_settings s where s.company_id = ${companyId}) as "useLotNumbers"`,
  );
  return row!;
}

/** The lot `lotNumber` of an item (any case), created at its first receipt: its id and its number as stored. */
export async function findOrCreateLotRow(
  tx: TDb,
  row: { companyId: string; itemId: string; lotNumber: string; expiresOn: string | null },
): Promise<{ id: string; lotNumber: string }> {
  const [existing] = await tx
    .select({ id: lots.id, lotNumber: lots.lotNumber })
    .from(lots)
    .where(and(eq(lots.itemId, row.itemId), eq(lots.lotNumberKey, sql`lower(${row.lotNumber})`)));
  if (existing) return existing;
  const id = uuidv7();
  await tx.insert(lots).values({ id, ...row });
  return { id, lotNumber: row.lotNumber };
}

/** The id of the lot `lotNumber` of an item, created at its first receipt. */
export async function findOrCreateLot(
  tx: TDb,
  row: { companyId: string; itemId: string; lotNumber: string; expiresOn: string | null },
): Promise<string> {
  return (await findOrCreateLotRow(tx, row)).id;
}

/** Balances of an item by location and lot (non-zero), by location code. */
export async function itemBalances(tx: TDb, companyId: string, itemId: string) {
  return tx
    .select({
      locationId: stockBalances.locationId,
      locationCode: locations.fullCode,
      lotId: stockBalances.lotId,
      lotNumber: lots.lotNumber,
      quantity: stockBalances.quantity,
    })
    .from(stockBalances)
    .innerJoin(locations, eq(locations.id, stockBalances.locationId))
    .leftJoin(lots, eq(lots.id, stockBalances.lotId))
    .where(
      and(
        eq(stockBalances.companyId, companyId),
        eq(stockBalances.itemId, itemId),
        sql`${stockBalances.quantity} > 0`,
      ),
    )
    .orderBy(asc(locations.fullCode), asc(lots.lotNumber));
}
