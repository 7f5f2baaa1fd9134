// Queries of lots: an item's lots with their stock, one lot with its balances, and the genealogy walks. Run inside
// withTenant (row-level security confines them to the company); company_id is in each where as well.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { GENEALOGY_MAX_DEPTH, type TGenealogyDirection } from '#common/schemas/lots.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import { suppliers } from '../suppliers/suppliers.tables.ts';
import { items, locations } from './inventory.tables.ts';
import { lots, stockBalances } from './stock.tables.ts';

/** A page of an item's lots, newest first, each with its stock on hand, and how many lots the item has. */
export async function itemLots(
  tx: TDb,
  companyId: string,
  itemId: string,
  page: { limit: number; offset: number },
) {
  const where = and(eq(lots.companyId, companyId), eq(lots.itemId, itemId));
  const rows = await tx
    .select({
      id: lots.id,
      lotNumber: lots.lotNumber,
      expiresOn: lots.expiresOn,
      createdAt: lots.createdAt,
      // The item's balances (company_id, item_id index), this lot's only. "lots"."id" spelled out: Drizzle writes a
      // bare "id" for a one-table select, which inside the subquery would be the balance's.
      onHand: sql<string>`(select coalesce(sum(b.quantity), 0)::text from stock_balances b
        where b.company_id = ${companyId} and b.item_id = ${itemId} and b.lot_id = "lots"."id")`,
    })
    .from(lots)
    .where(where)
    .orderBy(desc(lots.createdAt), desc(lots.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(lots).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A lot of the company with its item. */
export async function findLot(tx: TDb, companyId: string, lotId: string) {
  const [row] = await tx
    .select({
      id: lots.id,
      lotNumber: lots.lotNumber,
      expiresOn: lots.expiresOn,
      createdAt: lots.createdAt,
      onHold: lots.onHold,
      holdReason: lots.holdReason,
      heldAt: lots.heldAt,
      heldBy: lots.heldBy,
      supplierId: suppliers.id,
      supplierCode: suppliers.code,
      supplierName: suppliers.name,
      item: {
        id: items.id,
        partNumber: items.partNumber,
        name: items.name,
        unitOfMeasure: items.unitOfMeasure,
      },
    })
    .from(lots)
    .innerJoin(items, eq(items.id, lots.itemId))
    .leftJoin(suppliers, and(eq(suppliers.companyId, lots.companyId), eq(suppliers.id, lots.supplierId)))
    .where(and(eq(lots.companyId, companyId), eq(lots.id, lotId)))
    .limit(1);
  return row ?? null;
}

/** Where a lot's stock is (non-zero balances), by location code. */
export async function lotBalances(tx: TDb, companyId: string, itemId: string, lotId: string) {
  return tx
    .select({
      locationId: stockBalances.locationId,
      locationCode: locations.fullCode,
      quantity: stockBalances.quantity,
    })
    .from(stockBalances)
    .innerJoin(locations, eq(locations.id, stockBalances.locationId))
    .where(
      and(
        eq(stockBalances.companyId, companyId),
        eq(stockBalances.itemId, itemId),
        eq(stockBalances.lotId, lotId),
        sql`${stockBalances.quantity} > 0`,
      ),
    )
    .orderBy(locations.fullCode);
}

/** One lot reached by a genealogy walk, as the database answers it. */
export interface TGenealogyRow {
  link_id: string;
  lot_id: string;
  via_lot_id: string;
  quantity: string;
  depth: number;
  lot_number: string;
  item_id: string;
  part_number: string;
  item_name: string;
}

/**
 * Walks lot_genealogy from `lotId`: "inputs" follows parent → child (what went into it), "uses" child → parent
 * (what it went into). One recursive statement on the parent and child indexes; it goes one level past
 * GENEALOGY_MAX_DEPTH so the caller can tell that the walk was cut short. Rows come in walk order: each after the
 * lot it was reached from (sorted by the path of link ids, which are time-ordered UUIDv7s).
 */
export async function genealogy(
  tx: TDb,
  companyId: string,
  lotId: string,
  direction: TGenealogyDirection,
): Promise<TGenealogyRow[]> {
  const [from, to] =
    direction === 'inputs' ? ['parent_lot_id', 'child_lot_id'] : ['child_lot_id', 'parent_lot_id'];
  const fromColumn = sql.raw(`g.${from}`);
  const toColumn = sql.raw(`g.${to}`);
  return queryRows<TGenealogyRow>(
    tx,
    sql`with recursive walk (link_id, lot_id, via_lot_id, quantity, depth, path) as (
        select g.id, ${toColumn}, ${fromColumn}, g.quantity, 1, array[g.id]
          from lot_genealogy g
         where g.company_id = ${companyId} and ${fromColumn} = ${lotId}
        union all
        select g.id, ${toColumn}, ${fromColumn}, g.quantity, w.depth + 1, w.path || g.id
          from walk w
          join lot_genealogy g on ${fromColumn} = w.lot_id and g.company_id = ${companyId}
         where w.depth <= ${GENEALOGY_MAX_DEPTH}
      )
      select w.link_id, w.lot_id, w.via_lot_id, w.quantity::text as quantity, w.depth, l.lot_number,
             i.id as item_id, i.part_number, i.name as item_name
        from walk w
        join lots l on l.company_id = ${companyId} and l.id = w.lot_id
        join items i on i.company_id = l.company_id and i.id = l.item_id
       order by w.path`,
  );
}
