// Queries of the stock list: one statement per page, shaped by what the request needs (decisions 023 and 026).
// Without a location filter every page walks the items in an index's order (part number, name, category, stock,
// value, or the low-stock partial index) reading the item's own total (items.on_hand, kept by the postings), and
// counts only the page's locations; a location filter sums that subtree's balances first. Runs inside withTenant
// (row-level security confines every table to the company; company_id is in each where as well, so the company's
// indexes are used).
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  STOCK_COUNT_LIMIT,
  STOCK_SEARCH_COUNT_LIMIT,
  type TItemLedgerQuery,
  type TStockFilter,
} from '#common/schemas/stock-list.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { items, locations } from './inventory.tables.ts';
import { lots, stockLedger, stockTransactions } from './stock.tables.ts';

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
 * What narrows a page besides the item's own columns: the text search (a LIKE pattern, already escaped) and the
 * location subtree (its path). Both become CTEs at the top of the statement, so the page and its count share them.
 */
export interface TScope {
  pattern: string | null;
  subtreePath: string | null;
}

/**
 * The statement's CTEs. For a search (functions of migration 0028: indexed, as the owner, confined to the caller's
 * company, items of the status asked for): `hits`, up to WALK_ABOVE + 1 of the items whose part number or name
 * matches; `others`, those matched by a lot number or a holding location's code; `found`, both, all of the matches
 * when there are at most WALK_ABOVE; `found_count`, how many. For a location: `sub`, the locations of its subtree (a
 * few hundred at most; the path is a prefix, decision 021).
 */
function scopeCtes(companyId: string, filter: TStockFilter, scope: TScope): SQL {
  const ctes: SQL[] = [];
  if (scope.pattern !== null) {
    const active = sql`${filter.status === 'all' ? null : filter.status === 'active'}::boolean`;
    ctes.push(
      sql`hits as materialized (select stock_search_item_ids(${scope.pattern}, ${active}, ${WALK_ABOVE + 1}) as id)`,
      sql`others as materialized (select stock_search_other_item_ids(${scope.pattern}, ${active}) as id)`,
      sql`found as materialized (select id from hits union select id from others)`,
      sql`found_count as materialized (select count(*) as n from found)`,
    );
  }
  if (scope.subtreePath !== null)
    ctes.push(sql`sub as materialized (select id from locations
                   where company_id = ${companyId} and path like ${`${escapeLike(scope.subtreePath)}%`})`);
  return ctes.length === 0 ? sql`` : sql`with ${sql.join(ctes, sql`, `)} `;
}

/** The balances of item `item` the scope counts: all of them, or those in the subtree. */
function balancesOf(companyId: string, scope: TScope, item: SQL): SQL {
  const where = sql`b.company_id = ${companyId} and b.item_id = ${item}`;
  return scope.subtreePath === null ? where : sql`${where} and b.location_id in (select id from sub)`;
}

/**
 * How a page meets the search's items: as a join from `found` (up to a thousand matches, all of them there: each
 * is fetched and the page sorted), or as a filter on each item of a walk in the page's order (more: the search's
 * own test on the item's search_text, or one of `others`), which finds 25 after a few hundred rows.
 */
type TSearchAs = 'join' | 'walk';

/**
 * Above this many matches a search's page walks the items (decision 026): joining 20,000 matches to sort them cost
 * 60 ms; below it, a walk could read every item to find the few. It is also where a search stops counting.
 */
const WALK_ABOVE = STOCK_SEARCH_COUNT_LIMIT;

/** The conditions on the item itself: company, status, category, the search, and stock in the subtree. */
function itemConditions(
  companyId: string,
  filter: TStockFilter,
  scope: TScope,
  searchAs: TSearchAs = 'join',
): SQL {
  const parts: SQL[] = [sql`i.company_id = ${companyId}`];
  if (filter.status !== 'all') parts.push(sql`i.active = ${filter.status === 'active'}`);
  if (filter.category) parts.push(sql`i.category = ${filter.category}`);
  if (scope.pattern !== null)
    parts.push(
      searchAs === 'join'
        ? sql`i.id in (select id from found)`
        : sql`(i.search_text like lower(${scope.pattern}) or i.id in (select id from others))`,
    );
  // Under a location, only items with stock there: walking the items in the page's order, each is asked whether
  // it has a balance in the subtree (a probe of its few balances), so a page costs its own rows, not the subtree's.
  if (scope.subtreePath !== null)
    parts.push(sql`exists (select 1 from stock_balances b where ${balancesOf(companyId, scope, sql`i.id`)}
                             and b.quantity > 0)`);
  // Without a location, "low stock" is the item's own total (items.on_hand, kept by the postings): the partial
  // index items_company_low_stock_idx holds exactly these rows, in part-number order.
  if (filter.lowStock && !filter.locationId)
    parts.push(sql`i.reorder_point > 0 and i.on_hand <= i.reorder_point`);
  return sql.join(parts, sql` and `);
}

/**
 * The ORDER BY of an item-ordered page over the alias `alias`. lower(part_number) is unique per company
 * (items_company_part_number_key), so it ends every order as the tie-breaker, and alone it is the index's order.
 */
function itemOrder(filter: TStockFilter, alias: 'i' | 'p'): SQL {
  const dir = filter.dir === 'desc' ? sql`desc` : sql`asc`;
  const a = sql.raw(alias);
  const part = sql`lower(${a}.part_number) ${dir}`;
  if (filter.sort === 'name') return sql`lower(${a}.name) ${dir}, ${part}`;
  if (filter.sort === 'category') return sql`${a}.category ${dir}, ${part}`;
  if (filter.sort === 'onHand') return sql`${a}.on_hand ${dir}, ${part}`;
  if (filter.sort === 'value') return sql`(${a}.on_hand * ${a}.unit_cost) ${dir}, ${part}`;
  return part;
}

const itemColumns = sql`i.id, i.part_number, i.name, i.category, i.unit_of_measure, i.reorder_point::text as reorder_point,
  i.unit_cost::text as unit_cost, i.lot_tracked`;

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
 * How many items match, up to one past the list's count limit (stockCountLimit), as a scalar subquery. A search
 * with no category, low-stock or location filter is counted by the search itself (it has applied the status
 * already); a narrowed search counts the way its page is found (a join from few matches, a walk checking many).
 */
function cappedCount(companyId: string, filter: TStockFilter, scope: TScope): SQL {
  const limit = scope.pattern === null ? STOCK_COUNT_LIMIT : STOCK_SEARCH_COUNT_LIMIT;
  const counted = (searchAs: TSearchAs) =>
    sql`(select count(*)::int from (select 1 from items i where ${itemConditions(companyId, filter, scope, searchAs)}
                                     limit ${limit + 1}) m)`;
  if (
    scope.pattern === null &&
    scope.subtreePath !== null &&
    !filter.category &&
    !filter.lowStock &&
    filter.status !== 'inactive'
  )
    return subtreeCount(companyId, filter.status === 'active');
  if (scope.pattern === null) return counted('join');
  if (!filter.category && !filter.lowStock && scope.subtreePath === null)
    return sql`(select n::int from found_count)`;
  // CASE evaluates only the branch it takes.
  return sql`(case when (select n from found_count) <= ${WALK_ABOVE} then ${counted('join')} else ${counted('walk')} end)`;
}

/**
 * How many items have stock under the location: the distinct items of the subtree's balances, without reading one
 * item (joining 9,400 items to check they are active cost 20 ms), less the inactive ones among them when only
 * active items count (a walk of the company's few inactive items, each probing its balances).
 */
function subtreeCount(companyId: string, activeOnly: boolean): SQL {
  const withStock = sql`(select count(distinct b.item_id) from stock_balances b
                          where b.company_id = ${companyId} and b.location_id in (select id from sub)
                            and b.quantity > 0)`;
  const inactive = sql`(select count(*) from items i
                         where i.company_id = ${companyId} and not i.active
                           and exists (select 1 from stock_balances b
                                        where b.company_id = ${companyId} and b.item_id = i.id and b.quantity > 0
                                          and b.location_id in (select id from sub)))`;
  return sql`(least(${withStock} - ${activeOnly ? inactive : sql`0`}, ${STOCK_COUNT_LIMIT + 1})::int)`;
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

/**
 * ORDER BY over the `matched` rows (alias i) of stockPageByStock. Qualified: a bare `on_hand` would name the output
 * column, which is text.
 */
function matchedOrder(filter: TStockFilter, alias: 'i' | 'p' = 'i'): SQL {
  const dir = filter.dir === 'desc' ? sql`desc` : sql`asc`;
  const a = sql.raw(alias);
  switch (filter.sort) {
    case 'onHand':
      return sql`${a}.on_hand ${dir}, ${a}.sort_part ${dir}`;
    case 'value':
      return sql`${a}.value ${dir}, ${a}.sort_part ${dir}`;
    case 'name':
      return sql`lower(${a}.name) ${dir}, ${a}.sort_part ${dir}`;
    case 'category':
      return sql`${a}.category ${dir}, ${a}.sort_part ${dir}`;
    default:
      return sql`${a}.sort_part ${dir}`;
  }
}

/** The path of a location of the company ("/<site>/<area>/"), or null when there is no such location. */
export async function locationPath(tx: TDb, companyId: string, locationId: string): Promise<string | null> {
  const [row] = await queryRows<{ path: string }>(
    tx,
    sql`select path from locations where company_id = ${companyId} and id = ${locationId}`,
  );
  return row?.path ?? null;
}

/**
 * The item whose part number is `partNumber` in any case, with its default location's code: one query on the unique
 * index (company_id, part_number_key): a stored lower(part_number), which row-level security lets an index answer.
 */
export async function findItemByPartNumber(tx: TDb, companyId: string, partNumber: string) {
  const [row] = await tx
    .select({ item: items, path: locations.fullCode })
    .from(items)
    .leftJoin(locations, eq(locations.id, items.defaultLocationId))
    .where(and(eq(items.companyId, companyId), eq(items.partNumberKey, sql`lower(${partNumber})`)))
    .limit(1);
  return row ?? null;
}

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
