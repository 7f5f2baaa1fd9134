// Queries of stock-check sessions, run inside withTenant: numbering, the balances a new count freezes, the list
// with progress, and closing. The lines' queries are in count-lines.repo.ts.
import { and, count, desc, eq, gt, inArray, like, sql } from 'drizzle-orm';
import type { TCountListQuery } from '#common/schemas/stock-check.ts';
import type { TDb } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { countLines, countSessions } from './count.tables.ts';
import { hasVariance, valueSql } from './count-lines.repo.ts';
import { items, locations } from './inventory.tables.ts';
import { lots, stockBalances } from './stock.tables.ts';

export type TSessionRow = typeof countSessions.$inferSelect;

/**
 * Serialises the numbering of one company's counts until the transaction ends (a transaction-level advisory lock,
 * which the tenant role may take): two admins starting a count at once get numbers one after the other.
 */
export async function lockSessionNumbers(tx: TDb, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`count-number:${companyId}`}, 0))`);
}

export async function nextSessionNumber(tx: TDb, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${countSessions.number}), 0)::int` })
    .from(countSessions)
    .where(eq(countSessions.companyId, companyId));
  return Number(row?.n ?? 0) + 1;
}

export async function insertSession(tx: TDb, row: typeof countSessions.$inferInsert): Promise<void> {
  await tx.insert(countSessions).values(row);
}

/** What a session covers: a location subtree (by its path) or a set of items. */
export type TScope = { locationPath: string } | { itemIds: string[] };

/** The non-zero balances in scope, at most `limit` of them (the caller asks one more than it allows). */
export async function balancesInScope(tx: TDb, companyId: string, scope: TScope, limit: number) {
  const where =
    'locationPath' in scope
      ? and(
          eq(stockBalances.companyId, companyId),
          gt(stockBalances.quantity, '0'),
          like(locations.path, `${escapeLike(scope.locationPath)}%`),
        )
      : and(
          eq(stockBalances.companyId, companyId),
          gt(stockBalances.quantity, '0'),
          inArray(stockBalances.itemId, scope.itemIds),
        );
  return tx
    .select({
      itemId: stockBalances.itemId,
      locationId: stockBalances.locationId,
      lotId: stockBalances.lotId,
      quantity: stockBalances.quantity,
    })
    .from(stockBalances)
    .innerJoin(locations, eq(locations.id, stockBalances.locationId))
    .where(where)
    .limit(limit);
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const LINE_BATCH = 1000;

export async function insertLines(tx: TDb, rows: (typeof countLines.$inferInsert)[]): Promise<void> {
  for (let start = 0; start < rows.length; start += LINE_BATCH) {
    await tx.insert(countLines).values(rows.slice(start, start + LINE_BATCH));
  }
}

/** A session, optionally locked: `update` by posting and cancelling, `share` by a count being entered. */
export async function findSession(
  tx: TDb,
  companyId: string,
  id: string,
  lock?: 'update' | 'share',
): Promise<TSessionRow | null> {
  const query = tx
    .select()
    .from(countSessions)
    .where(and(eq(countSessions.companyId, companyId), eq(countSessions.id, id)));
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

/** A page of sessions, newest first, with the full code of a location-scoped one. */
export async function listSessions(tx: TDb, companyId: string, query: TCountListQuery) {
  const where = and(
    eq(countSessions.companyId, companyId),
    query.status === 'all' ? undefined : eq(countSessions.status, query.status),
  );
  const rows = await tx
    .select({ session: countSessions, locationCode: locations.fullCode })
    .from(countSessions)
    .leftJoin(locations, eq(locations.id, countSessions.locationId))
    .where(where)
    .orderBy(desc(countSessions.number))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await tx.select({ n: count() }).from(countSessions).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function locationCodeOf(tx: TDb, locationId: string | null): Promise<string | null> {
  if (!locationId) return null;
  const [row] = await tx
    .select({ code: locations.fullCode })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row?.code ?? null;
}

/** Per session: lines, counted lines, lines with a variance, and the net variance value. */
export async function progressOf(tx: TDb, sessionIds: string[]) {
  if (sessionIds.length === 0) return new Map<string, TProgress>();
  const rows = await tx
    .select({
      sessionId: countLines.sessionId,
      lines: sql<number>`count(*)::int`,
      counted: sql<number>`count(${countLines.countedQuantity})::int`,
      variances: sql<number>`(count(*) filter (where ${hasVariance}))::int`,
      varianceValue: sql<string>`coalesce(sum(${valueSql}), 0)::text`,
    })
    .from(countLines)
    .innerJoin(items, eq(items.id, countLines.itemId))
    .where(inArray(countLines.sessionId, sessionIds))
    .groupBy(countLines.sessionId);
  return new Map(
    rows.map((r) => [
      r.sessionId,
      {
        lines: Number(r.lines),
        counted: Number(r.counted),
        variances: Number(r.variances),
        varianceValue: r.varianceValue,
      },
    ]),
  );
}
export interface TProgress {
  lines: number;
  counted: number;
  variances: number;
  varianceValue: string;
}

export async function closeSession(
  tx: TDb,
  id: string,
  close: { status: 'posted' | 'cancelled'; closedByName: string; transactionId?: string | null },
): Promise<void> {
  await tx
    .update(countSessions)
    .set({ ...close, closedAt: new Date() })
    .where(eq(countSessions.id, id));
}

/** Items of the company by id, with their lot tracking, unit and whether they are active. */
export async function itemsByIds(tx: TDb, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: items.id,
      partNumber: items.partNumber,
      active: items.active,
      lotTracked: items.lotTracked,
      unitOfMeasure: items.unitOfMeasure,
    })
    .from(items)
    .where(and(eq(items.companyId, companyId), inArray(items.id, ids)));
}

export async function findLot(tx: TDb, companyId: string, lotId: string) {
  const [row] = await tx
    .select()
    .from(lots)
    .where(and(eq(lots.companyId, companyId), eq(lots.id, lotId)));
  return row ?? null;
}
