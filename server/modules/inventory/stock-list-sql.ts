// The SQL a stock-list statement is built from: search and location CTEs, item conditions, orders, capped counts.
import { type SQL, sql } from 'drizzle-orm';
import {
  STOCK_COUNT_LIMIT,
  STOCK_SEARCH_COUNT_LIMIT,
  type TStockFilter,
} from '#common/schemas/stock-list.ts';
import { escapeLike } from '../../db/like.ts';

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
export function scopeCtes(companyId: string, filter: TStockFilter, scope: TScope): SQL {
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
export function balancesOf(companyId: string, scope: TScope, item: SQL): SQL {
  const where = sql`b.company_id = ${companyId} and b.item_id = ${item}`;
  return scope.subtreePath === null ? where : sql`${where} and b.location_id in (select id from sub)`;
}

/**
 * How a page meets the search's items: as a join from `found` (up to a thousand matches, all of them there: each
 * is fetched and the page sorted), or as a filter on each item of a walk in the page's order (more: the search's
 * own test on the item's search_text, or one of `others`), which finds 25 after a few hundred rows.
 */
export type TSearchAs = 'join' | 'walk';

/**
 * Above this many matches a search's page walks the items (decision 026): joining 20,000 matches to sort them cost
 * 60 ms; below it, a walk could read every item to find the few. It is also where a search stops counting.
 */
export const WALK_ABOVE = STOCK_SEARCH_COUNT_LIMIT;

/** The conditions on the item itself: company, status, category, the search, and stock in the subtree. */
export function itemConditions(
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
export function itemOrder(filter: TStockFilter, alias: 'i' | 'p'): SQL {
  const dir = filter.dir === 'desc' ? sql`desc` : sql`asc`;
  const a = sql.raw(alias);
  const part = sql`lower(${a}.part_number) ${dir}`;
  if (filter.sort === 'name') return sql`lower(${a}.name) ${dir}, ${part}`;
  if (filter.sort === 'category') return sql`${a}.category ${dir}, ${part}`;
  if (filter.sort === 'onHand') return sql`${a}.on_hand ${dir}, ${part}`;
  if (filter.sort === 'value') return sql`(${a}.on_hand * ${a}.unit_cost) ${dir}, ${part}`;
  return part;
}

export const itemColumns = sql`i.id, i.part_number, i.name, i.category, i.unit_of_measure, i.reorder_point::text as reorder_point,
  i.unit_cost::text as unit_cost, i.lot_tracked`;

/**
 * How many items match, up to one past the list's count limit (stockCountLimit), as a scalar subquery. A search
 * with no category, low-stock or location filter is counted by the search itself (it has applied the status
 * already); a narrowed search counts the way its page is found (a join from few matches, a walk checking many).
 */
export function cappedCount(companyId: string, filter: TStockFilter, scope: TScope): SQL {
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
 * ORDER BY over the `matched` rows (alias i) of stockPageByStock. Qualified: a bare `on_hand` would name the output
 * column, which is text.
 */
export function matchedOrder(filter: TStockFilter, alias: 'i' | 'p' = 'i'): SQL {
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
