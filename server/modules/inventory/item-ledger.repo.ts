// An item's ledger: its lines, newest first, with each transaction's kind, poster, lot and whether it was reversed.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TItemLedgerQuery } from '#common/schemas/stock-list.ts';
import type { TDb } from '../../db/client.ts';
import { locations } from './inventory.tables.ts';
import { lots, stockLedger, stockTransactions } from './stock.tables.ts';

/** A page of an item's ledger lines, newest first, optionally one lot's or one location's, and how many match. */
export async function itemLedger(tx: TDb, companyId: string, itemId: string, query: TItemLedgerQuery) {
  const conditions = [eq(stockLedger.companyId, companyId), eq(stockLedger.itemId, itemId)];
  if (query.lotId) conditions.push(eq(stockLedger.lotId, query.lotId));
  if (query.locationId) conditions.push(eq(stockLedger.locationId, query.locationId));
  const where = and(...conditions);
  const rows = await tx
    .select({
      id: stockLedger.id,
      transactionId: stockLedger.transactionId,
      kind: stockTransactions.kind,
      postedAt: stockTransactions.postedAt,
      postedByName: stockTransactions.postedByName,
      reason: stockTransactions.reason,
      reference: stockTransactions.reference,
      locationId: stockLedger.locationId,
      locationCode: locations.fullCode,
      lotId: stockLedger.lotId,
      lotNumber: lots.lotNumber,
      quantityDelta: stockLedger.quantityDelta,
      unitCost: stockLedger.unitCost,
      balanceAfter: stockLedger.balanceAfter,
      // A reversal is posted under the key "reversal-of:<id>": the unique (company_id, idempotency_key) index
      // answers "was this reversed?" without an index on reverses_id.
      reversed: sql<boolean>`exists (select 1 from stock_transactions r
        where r.company_id = ${companyId} and r.idempotency_key = 'reversal-of:' || ${stockLedger.transactionId})`,
    })
    .from(stockLedger)
    .innerJoin(stockTransactions, eq(stockTransactions.id, stockLedger.transactionId))
    .innerJoin(locations, eq(locations.id, stockLedger.locationId))
    .leftJoin(lots, eq(lots.id, stockLedger.lotId))
    .where(where)
    .orderBy(desc(stockLedger.createdAt), desc(stockLedger.transactionId), desc(stockLedger.lineNo))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await tx.select({ n: count() }).from(stockLedger).where(where);
  return { rows, total: total?.n ?? 0 };
}
