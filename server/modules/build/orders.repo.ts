// Queries of build orders and their lines (decision 047), run inside a tenant transaction; company_id in every
// where and join. Work orders are read here (to show a line's work and what is left), never written.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { UNFINISHED_BUILD_ORDER_STATUSES } from '#common/work-order-status.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { items } from '../inventory/inventory.tables.ts';
import { assemblies } from './build.tables.ts';
import { buildOrderLines, buildOrders } from './orders.tables.ts';

export type TOrderRow = typeof buildOrders.$inferSelect;
export type TOrderLineRow = typeof buildOrderLines.$inferSelect;

/** An order number typed as 42, 000042 or SO-000042. */
const NUMBER = /^(?:so-?)?0*(\d{1,9})$/i;

function filterSql(companyId: string, q: string, status: string) {
  const parts = [sql`o.company_id = ${companyId}`];
  if (status === 'active')
    parts.push(
      sql`o.status in (${sql.join(
        UNFINISHED_BUILD_ORDER_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  else if (status !== 'all') parts.push(sql`o.status = ${status}`);
  if (q) {
    const pattern = containsPattern(q.toLowerCase());
    const number = NUMBER.exec(q)?.[1];
    parts.push(sql`(lower(coalesce(o.customer, '')) like ${pattern} or lower(o.notes) like ${pattern}
      ${number ? sql`or o.number = ${Number(number)}` : sql``})`);
  }
  return sql.join(parts, sql` and `);
}

export interface TOrderListRow {
  id: string;
  number: number;
  customer: string | null;
  due_on: string | null;
  status: string;
  line_count: number;
  created_at: Date | string;
  overdue: boolean;
  total: number;
}

/** A page of orders, newest number first, with how many match; `limit` rows from `offset`. */
export async function listOrders(
  tx: TDb,
  companyId: string,
  filter: { q: string; status: string; today: string },
  page: { limit: number; offset: number },
) {
  const where = filterSql(companyId, filter.q, filter.status);
  const rows = await queryRows<TOrderListRow>(
    tx,
    sql`select o.id, o.number, o.customer, o.due_on::text as due_on, o.status, o.created_at,
               (o.due_on < ${filter.today}::date and o.status in ('draft', 'open', 'in_progress')) as overdue,
               (select count(*)::int from build_order_lines l
                 where l.company_id = o.company_id and l.order_id = o.id) as line_count,
               count(*) over ()::int as total
          from build_orders o
         where ${where}
         order by o.number desc
         limit ${page.limit} offset ${page.offset}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.offset > 0) {
    const [counted] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from build_orders o where ${where}`,
    );
    total = counted?.n ?? 0;
  }
  return { rows, total };
}

/** The order, locked for the rest of the transaction when `lock` (changes of one order queue up). */
export async function findOrder(
  tx: TDb,
  companyId: string,
  id: string,
  lock = false,
): Promise<TOrderRow | null> {
  const query = tx
    .select()
    .from(buildOrders)
    .where(and(eq(buildOrders.companyId, companyId), eq(buildOrders.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertOrder(tx: TDb, row: typeof buildOrders.$inferInsert): Promise<void> {
  await tx.insert(buildOrders).values(row);
}

export async function updateOrder(
  tx: TDb,
  companyId: string,
  id: string,
  set: Partial<Pick<TOrderRow, 'customer' | 'dueOn' | 'notes' | 'status'>>,
): Promise<void> {
  await tx
    .update(buildOrders)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(buildOrders.companyId, companyId), eq(buildOrders.id, id)));
}

/** The order's lines in order, with their assemblies' items. */
export async function linesOf(tx: TDb, companyId: string, orderId: string) {
  return tx
    .select({ line: buildOrderLines, item: items })
    .from(buildOrderLines)
    .innerJoin(
      assemblies,
      and(eq(assemblies.companyId, buildOrderLines.companyId), eq(assemblies.id, buildOrderLines.assemblyId)),
    )
    .innerJoin(items, and(eq(items.companyId, assemblies.companyId), eq(items.id, assemblies.itemId)))
    .where(and(eq(buildOrderLines.companyId, companyId), eq(buildOrderLines.orderId, orderId)))
    .orderBy(asc(buildOrderLines.position));
}

/** A work order of an order's line, or one made under it for a sub-assembly (decision 064). */
export interface TOrderWorkRow {
  id: string;
  number: number;
  /** The line of the work order at the top of its tree. */
  line_id: string;
  /** Its own line: null for a sub-assembly's work order. */
  order_line_id: string | null;
  parent_id: string | null;
  parent_number: number | null;
  part_number: string;
  unit_of_measure: string;
  quantity: string;
  good_quantity: string;
  scrap_quantity: string;
  status: string;
  due_on: string | null;
}

/**
 * The work orders made from the order's lines and, through every level, those made under them for sub-assemblies,
 * by number. `union` (not `union all`) ends the walk even on a loop the foreign keys cannot stop.
 */
export async function workOrdersOf(tx: TDb, companyId: string, orderId: string): Promise<TOrderWorkRow[]> {
  return queryRows<TOrderWorkRow>(
    tx,
    sql`with recursive tree (id, line_id) as (
          select w.id, w.order_line_id
            from work_orders w
            join build_order_lines l on l.company_id = w.company_id and l.id = w.order_line_id
           where w.company_id = ${companyId} and l.order_id = ${orderId}
          union
          select c.id, t.line_id
            from tree t
            join work_orders c on c.company_id = ${companyId} and c.parent_work_order_id = t.id)
        select w.id, w.number, t.line_id, w.order_line_id, w.parent_work_order_id as parent_id,
               p.number as parent_number, i.part_number, i.unit_of_measure, w.quantity::text as quantity,
               w.good_quantity::text as good_quantity, w.scrap_quantity::text as scrap_quantity, w.status,
               w.due_on::text as due_on
          from tree t
          join work_orders w on w.company_id = ${companyId} and w.id = t.id
          join assemblies a on a.company_id = w.company_id and a.id = w.assembly_id
          join items i on i.company_id = a.company_id and i.id = a.item_id
          left join work_orders p on p.company_id = w.company_id and p.id = w.parent_work_order_id
         order by w.number`,
  );
}

export async function insertLines(tx: TDb, rows: (typeof buildOrderLines.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(buildOrderLines).values(rows);
}

export async function updateLine(
  tx: TDb,
  companyId: string,
  id: string,
  set: Pick<TOrderLineRow, 'position' | 'assemblyId' | 'quantity'>,
): Promise<void> {
  await tx
    .update(buildOrderLines)
    .set(set)
    .where(and(eq(buildOrderLines.companyId, companyId), eq(buildOrderLines.id, id)));
}

export async function deleteLines(tx: TDb, companyId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(buildOrderLines)
    .where(and(eq(buildOrderLines.companyId, companyId), inArray(buildOrderLines.id, ids)));
}

/** The company's assemblies among `ids` with their part numbers and highest released revision (null: none). */
export async function assembliesAmong(tx: TDb, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: string; part_number: string; unit_of_measure: string; released_id: string | null }>(
    tx,
    sql`select a.id, i.part_number, i.unit_of_measure,
               (select r.id from assembly_revisions r
                 where r.company_id = a.company_id and r.assembly_id = a.id and r.status = 'released'
                 order by r.number desc limit 1) as released_id
          from assemblies a join items i on i.company_id = a.company_id and i.id = a.item_id
         where a.company_id = ${companyId} and a.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
}
