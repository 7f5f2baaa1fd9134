// Reads of stock (balances, transactions, their lines) and the lot a receipt creates, run inside withTenant.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { TDb } from '../../db/client.ts';
import { items, locations } from './inventory.tables.ts';
import { lots, stockBalances, stockLedger, stockTransactions } from './stock.tables.ts';

export type TTransactionRow = typeof stockTransactions.$inferSelect;

const lotIs = (lotId: string | null) =>
  lotId ? eq(stockBalances.lotId, lotId) : isNull(stockBalances.lotId);

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

/** The lot `lotNumber` of an item (any case), created at its first receipt: its id and its number as stored. */
export async function findOrCreateLotRow(
  tx: TDb,
  row: {
    companyId: string;
    itemId: string;
    lotNumber: string;
    expiresOn: string | null;
    /** The receipt's supplier: a new lot keeps it; an existing lot keeps its own. */
    supplierId?: string | null;
  },
): Promise<{ id: string; lotNumber: string; created: boolean }> {
  const [existing] = await tx
    .select({ id: lots.id, lotNumber: lots.lotNumber })
    .from(lots)
    .where(and(eq(lots.itemId, row.itemId), eq(lots.lotNumberKey, sql`lower(${row.lotNumber})`)));
  if (existing) return { ...existing, created: false };
  const id = uuidv7();
  await tx.insert(lots).values({ id, ...row });
  return { id, lotNumber: row.lotNumber, created: true };
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
      onHold: sql<boolean>`coalesce(${lots.onHold}, false)`,
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
