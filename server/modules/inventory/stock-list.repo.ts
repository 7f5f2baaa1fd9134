// Queries of the stock list: one statement per page, shaped by what the request needs (decisions 023 and 026).
// Without a location filter every page walks the items in an index's order (part number, name, category, stock,
// value, or the low-stock partial index) reading the item's own total (items.on_hand, kept by the postings), and
// counts only the page's locations; a location filter sums that subtree's balances first. Runs inside withTenant
// (row-level security confines every table to the company; company_id is in each where as well, so the company's
// indexes are used).
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { STOCK_COUNT_LIMIT, type TItemLedgerQuery, type TStockFilter } from '#common/schemas/stock-list.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import { containsPattern, escapeLike } from '../../db/like.ts';
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

/** The conditions on the item itself: company, status, category and the search. */
function itemConditions(companyId: string, filter: TStockFilter, found: readonly string[] | null): SQL {
  const parts: SQL[] = [sql`i.company_id = ${companyId}`];
  if (filter.status !== 'all') parts.push(sql`i.active = ${filter.status === 'active'}`);
  if (filter.category) parts.push(sql`i.category = ${filter.category}`);
  // The search's items, found once per request by searchItemIds (the page and its count both use them).
  if (found !== null) parts.push(sql`i.id = any(${`{${found.join(',')}}`}::uuid[])`);
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
 * True when the page needs the balances of a location subtree summed before it can pick its rows. Everything else
 * (low stock, sorting by stock or value) reads the item's own total, items.on_hand, through an index.
 */
export function needsAggregate(filter: TStockFilter): boolean {
  return filter.locationId !== undefined;
}

/**
 * A page of items in item order (part number, name or category), each with its stock summed from its own balances
 * (company_id, item_id index) after the page is cut: the cost is the page's, not the company's.
 */
export async function stockPageByItem(
  tx: TDb,
  companyId: string,
  filter: TStockFilter,
  found: readonly string[] | null,
  page: { limit: number; offset: number },
): Promise<TStockRowRaw[]> {
  return queryRows<TStockRowRaw>(
    tx,
    sql`select p.id, p.part_number, p.name, p.category, p.unit_of_measure, p.reorder_point::text as reorder_point,
        p.unit_cost::text as unit_cost, p.lot_tracked, p.on_hand::text as on_hand,
        (p.on_hand * p.unit_cost)::text as value, s.location_count,
        (p.reorder_point > 0 and p.on_hand <= p.reorder_point) as low_stock
      from (
        select i.id, i.part_number, i.name, i.category, i.unit_of_measure, i.reorder_point, i.unit_cost,
               i.lot_tracked, i.on_hand
          from items i
         where ${itemConditions(companyId, filter, found)}
         order by ${itemOrder(filter, 'i')}
         limit ${page.limit} offset ${page.offset}
      ) p
      cross join lateral (
        select (count(distinct b.location_id) filter (where b.quantity > 0))::int as location_count
          from stock_balances b
         where b.company_id = ${companyId} and b.item_id = p.id
      ) s
      order by ${itemOrder(filter, 'p')}`,
  );
}

/** How many items match the item conditions alone (the total of stockPageByItem), up to STOCK_COUNT_LIMIT + 1. */
export async function countItems(
  tx: TDb,
  companyId: string,
  filter: TStockFilter,
  found: readonly string[] | null,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n
          from (select 1 from items i where ${itemConditions(companyId, filter, found)} limit ${STOCK_COUNT_LIMIT + 1}) m`,
  );
  return row?.n ?? 0;
}

/**
 * A page of items picked and ordered by their stock: the balances (of the location subtree when given: the
 * text_pattern_ops path index, decision 021) are summed per item in one grouping (whose size the planner estimates
 * from the item_id statistics, so it hash-joins the items), joined to the matching items and counted in the same
 * statement (count(*) over ()); the page's rows alone then get their location counts.
 */
export async function stockPageByStock(
  tx: TDb,
  companyId: string,
  filter: TStockFilter,
  found: readonly string[] | null,
  page: { limit: number; offset: number },
  subtreePath: string | null,
): Promise<TStockRowRaw[]> {
  const under = subtreePath ? `${escapeLike(subtreePath)}%` : null;
  const subtreeJoin = under
    ? sql`join locations l on l.id = b.location_id and l.company_id = ${companyId} and l.path like ${under}`
    : sql``;
  const conditions: SQL[] = [itemConditions(companyId, filter, found)];
  // Under a location, only items with stock there; the low-stock judgement is then that subtree's stock.
  if (under) conditions.push(sql`s.on_hand > 0`);
  if (filter.lowStock)
    conditions.push(sql`i.reorder_point > 0 and coalesce(s.on_hand, 0) <= i.reorder_point`);
  return queryRows<TStockRowRaw>(
    tx,
    sql`select p.id, p.part_number, p.name, p.category, p.unit_of_measure, p.reorder_point, p.unit_cost,
             p.lot_tracked, p.on_hand::text as on_hand, p.value::text as value, c.location_count, p.low_stock, p.total
        from (
          with stock as (
            select b.item_id, sum(b.quantity) as on_hand
              from stock_balances b ${subtreeJoin}
             where b.company_id = ${companyId}
             group by b.item_id
          ), matched as (
            select ${itemColumns}, coalesce(s.on_hand, 0) as on_hand, coalesce(s.on_hand, 0) * i.unit_cost as value,
                   (i.reorder_point > 0 and coalesce(s.on_hand, 0) <= i.reorder_point) as low_stock,
                   lower(i.part_number) as sort_part
              from items i ${under ? sql`join` : sql`left join`} stock s on s.item_id = i.id
             where ${sql.join(conditions, sql` and `)}
          )
          select i.*, (count(*) over ())::int as total
            from matched i
           order by ${matchedOrder(filter)}
           limit ${page.limit} offset ${page.offset}
        ) p
        cross join lateral (
          select (count(distinct b.location_id) filter (where b.quantity > 0))::int as location_count
            from stock_balances b ${subtreeJoin}
           where b.company_id = ${companyId} and b.item_id = p.id
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

/**
 * The ids of the items a search matches by part number, name, one of their lot numbers, or the code of a location
 * holding them: one indexed search per table (trigram indexes of 0021) through a function that runs as the tables'
 * owner, because under row-level security PostgreSQL will not use those indexes for ILIKE (migration 0025).
 */
export async function searchItemIds(tx: TDb, q: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select stock_search_item_ids(${containsPattern(q)}) as id`,
  );
  return rows.map((r) => r.id);
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
