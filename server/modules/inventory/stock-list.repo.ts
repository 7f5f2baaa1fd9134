// Queries of the stock list: one statement per page, shaped by what the request needs (decisions 023 and 026).
// Without a location filter every page walks the items in an index's order (part number, name, category, stock,
// value, or the low-stock partial index) reading the item's own total (items.on_hand, kept by the postings), and
// counts only the page's locations; a location filter sums that subtree's balances first. Runs inside withTenant
// (row-level security confines every table to the company; company_id is in each where as well, so the company's
// indexes are used).
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { TStockFilter } from '#common/schemas/stock-list.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import { items } from './inventory.tables.ts';
import {
  balancesOf,
  cappedCount,
  itemColumns,
  itemConditions,
  itemOrder,
  matchedOrder,
  scopeCtes,
  type TScope,
  type TSearchAs,
  WALK_ABOVE,
} from './stock-list-sql.ts';

/** A stock row as the database answers it: numbers as text. */
export interface TStockRowRaw {
  id: string;
  part_number: string;
  name: string;
  category: string;
  unit_of_measure: string;
  reorder_point: string | null;
  unit_cost: string;
  on_hand: string;
  value: string;
  location_count: number;
  lot_tracked: boolean;
  low_stock: boolean;
  total?: number;
}

/**
 * True when the page must sum a location subtree's balances before it can pick or order its rows: low stock or
 * sorting by stock or value under a location. Everything else walks the items in an index's order.
 */
export function needsAggregate(filter: TStockFilter): boolean {
  return (
    filter.locationId !== undefined &&
    (filter.lowStock || filter.sort === 'onHand' || filter.sort === 'value')
  );
}

/**
 * The page's items in order. A search gets two branches of which exactly one runs (each gated by a one-time
 * filter on found_count): joined from the matches when they are few, a walk checking a hashed set when many.
 */
function pickPage(
  companyId: string,
  filter: TStockFilter,
  scope: TScope,
  page: { limit: number; offset: number },
): SQL {
  const branch = (searchAs: TSearchAs, gate: SQL) =>
    sql`select i.id, i.part_number, i.name, i.category, i.unit_of_measure, i.reorder_point, i.unit_cost,
               i.lot_tracked, i.on_hand
          from items i
         where ${itemConditions(companyId, filter, scope, searchAs)} ${gate}
         order by ${itemOrder(filter, 'i')}
         limit ${page.limit} offset ${page.offset}`;
  if (scope.pattern === null) return branch('join', sql``);
  return sql`(${branch('join', sql`and (select n from found_count) <= ${WALK_ABOVE}`)})
             union all
             (${branch('walk', sql`and (select n from found_count) > ${WALK_ABOVE}`)})`;
}

/**
 * A page of items in an index's order (part number, name, category, or the item's own stock or value), each with
 * its stock (the item's total, or summed from its balances in the subtree) and location count read after the page
 * is cut, and the capped count of all matches in the same statement: the cost is the page's, not the company's.
 */
export async function stockPageByItem(
  tx: TDb,
  companyId: string,
  filter: TStockFilter,
  scope: TScope,
  page: { limit: number; offset: number },
): Promise<TStockRowRaw[]> {
  const onHand = scope.subtreePath === null ? sql`p.on_hand` : sql`coalesce(sum(b.quantity), 0)`;
  return queryRows<TStockRowRaw>(
    tx,
    sql`${scopeCtes(companyId, filter, scope)}
      select p.id, p.part_number, p.name, p.category, p.unit_of_measure, p.reorder_point::text as reorder_point,
        p.unit_cost::text as unit_cost, p.lot_tracked, s.on_hand::text as on_hand,
        (s.on_hand * p.unit_cost)::text as value, s.location_count,
        (p.reorder_point > 0 and s.on_hand <= p.reorder_point) as low_stock,
        ${cappedCount(companyId, filter, scope)} as total
      from (${pickPage(companyId, filter, scope, page)}) p
      cross join lateral (
        select (count(distinct b.location_id) filter (where b.quantity > 0))::int as location_count,
               ${onHand} as on_hand
          from stock_balances b
         where ${balancesOf(companyId, scope, sql`p.id`)}
      ) s
      order by ${itemOrder(filter, 'p')}`,
  );
}

/** How many items stockPageByItem's conditions match, up to STOCK_COUNT_LIMIT + 1 (for a page past the end). */
export async function countItems(
  tx: TDb,
  companyId: string,
  filter: TStockFilter,
  scope: TScope,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`${scopeCtes(companyId, filter, scope)} select ${cappedCount(companyId, filter, scope)} as n`,
  );
  return row?.n ?? 0;
}

/**
 * A page of items picked and ordered by their stock in a location subtree (low stock there, or sorted by stock or
 * value): the subtree's balances are summed per item in one grouping, joined to the matching items and counted in
 * the same statement (count(*) over ()); the page's rows alone then get their location counts.
 */
export async function stockPageByStock(
  tx: TDb,
  companyId: string,
  filter: TStockFilter,
  scope: TScope,
  page: { limit: number; offset: number },
): Promise<TStockRowRaw[]> {
  const itemScope = { ...scope, subtreePath: null };
  const conditions: SQL[] = [itemConditions(companyId, filter, itemScope), sql`s.on_hand > 0`];
  if (filter.lowStock) conditions.push(sql`i.reorder_point > 0 and s.on_hand <= i.reorder_point`);
  return queryRows<TStockRowRaw>(
    tx,
    sql`${scopeCtes(companyId, filter, scope)}
      select p.id, p.part_number, p.name, p.category, p.unit_of_measure, p.reorder_point, p.unit_cost,
             p.lot_tracked, p.on_hand::text as on_hand, p.value::text as value, c.location_count, p.low_stock, p.total
        from (
          with stock as (
            select b.item_id, sum(b.quantity) as on_hand
              from stock_balances b
             where b.company_id = ${companyId} and b.location_id in (select id from sub)
             group by b.item_id
          ), matched as (
            select ${itemColumns}, s.on_hand, s.on_hand * i.unit_cost as value,
                   (i.reorder_point > 0 and s.on_hand <= i.reorder_point) as low_stock,
                   lower(i.part_number) as sort_part
              from items i join stock s on s.item_id = i.id
             where ${sql.join(conditions, sql` and `)}
          )
          select i.*, (count(*) over ())::int as total
            from matched i
           order by ${matchedOrder(filter)}
           limit ${page.limit} offset ${page.offset}
        ) p
        cross join lateral (
          select (count(distinct b.location_id) filter (where b.quantity > 0))::int as location_count
            from stock_balances b
           where ${balancesOf(companyId, scope, sql`p.id`)}
        ) c
       order by ${matchedOrder(filter, 'p')}`,
  );
}

/** The path of a location of the company ("/<site>/<area>/"), or null when there is no such location. */
export async function locationPath(tx: TDb, companyId: string, locationId: string): Promise<string | null> {
  const [row] = await queryRows<{ path: string }>(
    tx,
    sql`select path from locations where company_id = ${companyId} and id = ${locationId}`,
  );
  return row?.path ?? null;
}

/** The categories the company's items use, for the list's category filter (the (company_id, category) index). */
export async function itemCategories(tx: TDb, companyId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ category: items.category })
    .from(items)
    .where(and(eq(items.companyId, companyId), sql`${items.category} <> ''`))
    .orderBy(items.category)
    .limit(500);
  return rows.map((r) => r.category);
}
