// Queries of build orders and their lines (decision 047), run inside a tenant transaction; company_id in every
// where and join. Work orders are read here (to show a line's work and what is left), never written.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { items } from '../inventory/inventory.tables.ts';
import { assemblies } from './build.tables.ts';
import { buildOrderLines, buildOrders } from './orders.tables.ts';
import { workOrders } from './work-orders.tables.ts';

export type TOrderRow = typeof buildOrders.$inferSelect;
export type TOrderLineRow = typeof buildOrderLines.$inferSelect;

/** An order number typed as 42, 000042 or SO-000042. */
const NUMBER = /^(?:so-?)?0*(\d{1,9})$/i;

function filterSql(companyId: string, q: string, status: string) {
  const parts = [sql`o.company_id = ${companyId}`];
  if (status === 'active') parts.push(sql`o.status in ('draft', 'open', 'in_progress')`);
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

/** The work orders made from the order's lines, by number. */
export async function workOrdersOf(tx: TDb, companyId: string, orderId: string) {
  return tx
    .select({
      id: workOrders.id,
      number: workOrders.number,
      orderLineId: workOrders.orderLineId,
      quantity: workOrders.quantity,
      status: workOrders.status,
      dueOn: workOrders.dueOn,
    })
    .from(workOrders)
    .innerJoin(
      buildOrderLines,
      and(
        eq(buildOrderLines.companyId, workOrders.companyId),
        eq(buildOrderLines.id, workOrders.orderLineId),
      ),
    )
    .where(and(eq(workOrders.companyId, companyId), eq(buildOrderLines.orderId, orderId)))
    .orderBy(asc(workOrders.number));
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
