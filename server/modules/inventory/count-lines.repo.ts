// Queries of the lines of stock checks, run inside withTenant: listing and searching them, entering counts, and the
// differences a posting applies. Variances are computed in SQL with numeric (exact) arithmetic and read back as text.
import { and, asc, count, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { TCountLinesQuery } from '#common/schemas/stock-check.ts';
import type { TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { countLines } from './count.tables.ts';
import { items, locations } from './inventory.tables.ts';
import { lots, stockBalances } from './stock.tables.ts';

export type TLineRow = typeof countLines.$inferSelect;

/** Counted − book at count, as numeric (null until counted). */
export const varianceSql = sql`(${countLines.countedQuantity} - ${countLines.bookAtCount})`;
/** The variance at the item's current unit cost, to the cent's hundredth. */
export const valueSql = sql`round(${varianceSql} * ${items.unitCost}, 4)`;
export const hasVariance = and(isNotNull(countLines.countedQuantity), sql`${varianceSql} <> 0`)!;

/** The columns a line is shown with: the item, location and lot it names, its variance and that at cost. */
const lineColumns = {
  line: countLines,
  partNumber: items.partNumber,
  itemName: items.name,
  unitOfMeasure: items.unitOfMeasure,
  unitCost: items.unitCost,
  locationCode: locations.fullCode,
  lotNumber: lots.lotNumber,
  variance: sql<string | null>`${varianceSql}::text`,
  varianceValue: sql<string | null>`${valueSql}::text`,
};

/** Lines joined to their item, location and lot (the search looks in all three). */
const selectLines = (tx: TDb) =>
  tx
    .select(lineColumns)
    .from(countLines)
    .innerJoin(items, eq(items.id, countLines.itemId))
    .innerJoin(locations, eq(locations.id, countLines.locationId))
    .leftJoin(lots, eq(lots.id, countLines.lotId));

const countLinesWhere = (tx: TDb, where: SQL | undefined) =>
  tx
    .select({ n: count() })
    .from(countLines)
    .innerJoin(items, eq(items.id, countLines.itemId))
    .innerJoin(locations, eq(locations.id, countLines.locationId))
    .leftJoin(lots, eq(lots.id, countLines.lotId))
    .where(where);

/** A page of a session's lines, filtered and searched, with what the review needs. */
export async function listLines(tx: TDb, sessionId: string, query: TCountLinesQuery) {
  const conditions: SQL[] = [eq(countLines.sessionId, sessionId)];
  if (query.filter === 'uncounted') conditions.push(isNull(countLines.countedQuantity));
  if (query.filter === 'counted') conditions.push(isNotNull(countLines.countedQuantity));
  if (query.filter === 'variance') conditions.push(hasVariance);
  if (query.q !== '') {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(items.partNumber, pattern),
        ilike(items.name, pattern),
        ilike(locations.fullCode, pattern),
        ilike(lots.lotNumber, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const byLocation = [
    asc(locations.fullCode),
    asc(items.partNumber),
    asc(lots.lotNumber),
    asc(countLines.id),
  ];
  const rows = await selectLines(tx)
    .where(where)
    .orderBy(
      ...(query.sort === 'value' ? [sql`abs(${valueSql}) desc nulls last`, ...byLocation] : byLocation),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await countLinesWhere(tx, where);
  return { rows, total: Number(total?.n ?? 0) };
}
export type TLineListRow = Awaited<ReturnType<typeof listLines>>['rows'][number];

/** One line of a session, as the list shows it. */
export async function findLineView(tx: TDb, sessionId: string, lineId: string): Promise<TLineListRow | null> {
  const [row] = await selectLines(tx).where(
    and(eq(countLines.sessionId, sessionId), eq(countLines.id, lineId)),
  );
  return row ?? null;
}

export async function findLine(tx: TDb, sessionId: string, lineId: string): Promise<TLineRow | null> {
  const [row] = await tx
    .select()
    .from(countLines)
    .where(and(eq(countLines.sessionId, sessionId), eq(countLines.id, lineId)));
  return row ?? null;
}

/** The line of a session for (item, location, lot), if there is one. */
export async function findLineByKey(
  tx: TDb,
  sessionId: string,
  key: { itemId: string; locationId: string; lotId: string | null },
): Promise<TLineRow | null> {
  const [row] = await tx
    .select()
    .from(countLines)
    .where(
      and(
        eq(countLines.sessionId, sessionId),
        eq(countLines.itemId, key.itemId),
        eq(countLines.locationId, key.locationId),
        key.lotId ? eq(countLines.lotId, key.lotId) : isNull(countLines.lotId),
      ),
    );
  return row ?? null;
}

/** Whether the session has a line of the item (an items-scoped count covers the items of its lines). */
export async function sessionHasItem(tx: TDb, sessionId: string, itemId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: countLines.id })
    .from(countLines)
    .where(and(eq(countLines.sessionId, sessionId), eq(countLines.itemId, itemId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The balance of (item, location, lot) now, read with a share lock: a posting on it that is under way finishes
 * first, so the book quantity a count is compared with is exactly the one the ledger reached.
 */
export async function lockedBalance(
  tx: TDb,
  key: { itemId: string; locationId: string; lotId: string | null },
): Promise<string> {
  const [row] = await tx
    .select({ quantity: stockBalances.quantity })
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.itemId, key.itemId),
        eq(stockBalances.locationId, key.locationId),
        key.lotId ? eq(stockBalances.lotId, key.lotId) : isNull(stockBalances.lotId),
      ),
    )
    .for('share');
  return row?.quantity ?? '0';
}

export async function recordCount(
  tx: TDb,
  lineId: string,
  count: { countedQuantity: string; bookAtCount: string; countedBy: string; countedByName: string },
): Promise<void> {
  await tx
    .update(countLines)
    .set({ ...count, countedAt: new Date() })
    .where(eq(countLines.id, lineId));
}

export async function insertLine(tx: TDb, row: typeof countLines.$inferInsert): Promise<void> {
  await tx.insert(countLines).values(row);
}

/** The counted lines whose count differs from the book at the time, with what a posting names them by. */
export async function varianceLines(tx: TDb, sessionId: string) {
  return tx
    .select({
      id: countLines.id,
      itemId: countLines.itemId,
      locationId: countLines.locationId,
      lotId: countLines.lotId,
      variance: sql<string>`${varianceSql}::text`,
      partNumber: items.partNumber,
      itemActive: items.active,
      locationCode: locations.fullCode,
    })
    .from(countLines)
    .innerJoin(items, eq(items.id, countLines.itemId))
    .innerJoin(locations, eq(locations.id, countLines.locationId))
    .where(and(eq(countLines.sessionId, sessionId), hasVariance))
    .orderBy(asc(locations.fullCode), asc(items.partNumber), asc(countLines.id));
}
