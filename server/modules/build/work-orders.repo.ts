// Queries of work orders, run inside a tenant transaction; company_id in every where and join.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { TWorkOrderListQuery } from '#common/schemas/work-orders.ts';
import { WHOLE_UNITS } from '#common/units.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { workOrders } from './work-orders.tables.ts';

export type TWorkOrderRow = typeof workOrders.$inferSelect;

/** The assembly's current revision for new work: the highest released one (null when never released). */
export async function currentReleasedRevision(tx: TDb, companyId: string, assemblyId: string) {
  const [row] = await queryRows<{ id: string; number: number }>(
    tx,
    sql`select r.id, r.number from assembly_revisions r
         where r.company_id = ${companyId} and r.assembly_id = ${assemblyId} and r.status = 'released'
         order by r.number desc limit 1`,
  );
  return row ?? null;
}

/**
 * An order line with its order's status and number, its order locked (`for update`) until the caller's transaction
 * ends: two work orders made from one order at once queue up, so the second sees the first when it counts what is
 * left of the line (orders-status.service.ts locks the same row to move the order).
 */
export async function findOrderLine(tx: TDb, companyId: string, id: string) {
  const [row] = await queryRows<{
    id: string;
    assembly_id: string;
    order_id: string;
    status: string;
    number: number;
    due_on: string | Date | null;
    quantity: string;
  }>(
    tx,
    sql`select l.id, l.assembly_id, o.id as order_id, o.status, o.number, o.due_on::text as due_on,
               l.quantity::text as quantity
          from build_order_lines l
          join build_orders o on o.company_id = l.company_id and o.id = l.order_id
         where l.company_id = ${companyId} and l.id = ${id}
           for update of o`,
  );
  return row ?? null;
}

/**
 * How much of the order line its work orders take: a completed one its good units (what scrap lost is planned
 * again, decision 064), an unfinished one its quantity, a cancelled one nothing. Read after the order is locked.
 */
export async function takenOfLine(tx: TDb, companyId: string, lineId: string): Promise<string> {
  const [row] = await queryRows<{ taken: string }>(
    tx,
    sql`select coalesce(sum(case when status = 'completed' then good_quantity else quantity end), 0)::text as taken
          from work_orders
         where company_id = ${companyId} and order_line_id = ${lineId} and status <> 'cancelled'`,
  );
  return row?.taken ?? '0';
}

/**
 * Writes a work order. It belongs to its order's job, or to its parent work order's (decision 079): read in the same
 * statement, so every way a work order is made carries the job without each caller looking it up.
 */
export async function insertWorkOrder(tx: TDb, row: typeof workOrders.$inferInsert): Promise<void> {
  const { companyId, orderLineId, parentWorkOrderId } = row;
  const inherited =
    row.jobId === undefined && (orderLineId || parentWorkOrderId)
      ? sql`coalesce(
          (select o.job_id from build_order_lines l
             join build_orders o on o.company_id = l.company_id and o.id = l.order_id
            where l.company_id = ${companyId} and l.id = ${orderLineId ?? null}::uuid),
          (select p.job_id from work_orders p where p.company_id = ${companyId} and p.id = ${parentWorkOrderId ?? null}::uuid))`
      : undefined;
  await tx.insert(workOrders).values(inherited ? { ...row, jobId: inherited } : row);
}

/** What the list and the page show of a work order: its row with the assembly's item, revision and order. */
const summaryColumns = sql`w.id, w.number, w.status, w.assembly_id, i.part_number, i.name, i.unit_of_measure,
  r.number as revision_number, w.quantity::text as quantity, w.due_on::text as due_on, w.order_line_id,
  o.id as order_id, o.number as order_number, w.parent_work_order_id as parent_id, p.number as parent_number,
  w.created_at`;
const summaryJoins = sql`join assemblies a on a.company_id = w.company_id and a.id = w.assembly_id
  join items i on i.company_id = a.company_id and i.id = a.item_id
  join assembly_revisions r on r.company_id = w.company_id and r.id = w.revision_id
  left join build_order_lines l on l.company_id = w.company_id and l.id = w.order_line_id
  left join build_orders o on o.company_id = l.company_id and o.id = l.order_id
  left join work_orders p on p.company_id = w.company_id and p.id = w.parent_work_order_id`;

export interface TSummaryRow {
  id: string;
  number: number;
  status: string;
  assembly_id: string;
  part_number: string;
  name: string;
  unit_of_measure: string;
  revision_number: number;
  quantity: string;
  due_on: string | null;
  order_line_id: string | null;
  order_id: string | null;
  order_number: number | null;
  parent_id: string | null;
  parent_number: number | null;
  created_at: Date | string;
}

/** "42", "WO-42" or "wo-000042" → 42: a search for a number. */
function numberOf(q: string): number | null {
  const m = /^(?:wo-?)?0*(\d{1,9})$/i.exec(q);
  return m ? Number(m[1]) : null;
}

/** The work order numbered `number` ("WO-000042" typed or scanned from a vendor-less sheet), if any. */
export async function findIdByNumberText(tx: TDb, companyId: string, text: string): Promise<string | null> {
  const m = /^wo-?0*(\d{1,9})$/i.exec(text);
  if (!m) return null;
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from work_orders where company_id = ${companyId} and number = ${Number(m[1])}`,
  );
  return row?.id ?? null;
}

/** A page of work orders, newest first, with how many match. */
export async function listWorkOrders(tx: TDb, companyId: string, query: TWorkOrderListQuery) {
  const where: SQL[] = [sql`w.company_id = ${companyId}`];
  if (query.status) where.push(sql`w.status = ${query.status}`);
  if (query.assemblyId) where.push(sql`w.assembly_id = ${query.assemblyId}`);
  if (query.dueFrom) where.push(sql`w.due_on >= ${query.dueFrom}`);
  if (query.dueTo) where.push(sql`w.due_on <= ${query.dueTo}`);
  if (query.parentId) where.push(sql`w.parent_work_order_id = ${query.parentId}`);
  if (query.q) {
    const n = numberOf(query.q);
    const text = sql`i.search_text like ${containsPattern(query.q.toLowerCase())}`;
    where.push(n === null ? text : sql`(w.number = ${n} or ${text})`);
  }
  const conditions = sql.join(where, sql` and `);
  const rows = await queryRows<TSummaryRow>(
    tx,
    sql`select ${summaryColumns} from work_orders w ${summaryJoins}
         where ${conditions}
         order by w.number desc
         limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const [counted] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from work_orders w
          join assemblies a on a.company_id = w.company_id and a.id = w.assembly_id
          join items i on i.company_id = a.company_id and i.id = a.item_id
         where ${conditions}`,
  );
  return { rows, total: counted?.n ?? 0 };
}

export async function findSummary(tx: TDb, companyId: string, id: string): Promise<TSummaryRow | null> {
  const [row] = await queryRows<TSummaryRow>(
    tx,
    sql`select ${summaryColumns} from work_orders w ${summaryJoins} where w.company_id = ${companyId} and w.id = ${id}`,
  );
  return row ?? null;
}

export async function findWorkOrder(tx: TDb, companyId: string, id: string): Promise<TWorkOrderRow | null> {
  const [row] = await tx
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, id)))
    .limit(1);
  return row ?? null;
}

/** The work order locked for the rest of the transaction: two moves of one work order queue up. */
export async function lockWorkOrder(tx: TDb, companyId: string, id: string): Promise<TWorkOrderRow | null> {
  const [row] = await tx
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateWorkOrder(
  tx: TDb,
  companyId: string,
  id: string,
  set: Partial<typeof workOrders.$inferInsert>,
): Promise<void> {
  await tx
    .update(workOrders)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, id)));
}

/**
 * What one BOM line `l` (whose component item is `c`) needs for `quantity` units of the work order: quantity ×
 * (1 + scrap %) exactly, rounded up to a whole number when `c` is counted in whole units (decision 064). The one
 * spelling of a line's requirement, for every query that needs it per line.
 */
export function lineRequirement(quantity: string): SQL {
  const whole = sql.join(
    [...WHOLE_UNITS].map((u) => sql`${u}`),
    sql`, `,
  );
  const exact = sql`l.quantity * ${quantity}::numeric * (1 + l.scrap_percent / 100)`;
  return sql`(case when c.unit_of_measure in (${whole}) then ceil(${exact}) else ${exact} end)`;
}

export interface TComponentRow {
  item_id: string;
  part_number: string;
  name: string;
  unit_of_measure: string;
  assembly_id: string | null;
  per_unit: string;
  required: string;
  reserved: string;
  consumed: string;
  on_hand: string;
  open_reserved: string;
}

/**
 * The revision's direct components summed per item: per unit, and for `quantity` units with each line's scrap
 * allowance (exact numeric, rounded up to the ledger's 6 decimals: a reservation never falls short by a rounding),
 * with this work order's reservation, the item's on hand and every open reservation of the item. A component
 * counted in whole units (decision 064) needs each line rounded up to a whole number before the lines are summed:
 * 4 ea × 1.05 × 3 is 13, and two lines of 2.5 ea at two steps are 3 + 3, as each step takes whole screws. "Can
 * we build it?" (explosion.ts) rounds the same way, so it asks for what a release will reserve.
 */
export async function componentsOf(
  tx: TDb,
  companyId: string,
  revisionId: string,
  quantity: string,
  workOrderId: string,
): Promise<TComponentRow[]> {
  return queryRows<TComponentRow>(
    tx,
    sql`with line_need as (
          select l.component_item_id as item_id, l.position, l.quantity, ${lineRequirement(quantity)} as need
            from bom_lines l
            join items c on c.company_id = l.company_id and c.id = l.component_item_id
           where l.company_id = ${companyId} and l.revision_id = ${revisionId}),
        need as (
          select item_id, min(position) as position, sum(quantity) as per_unit,
                 ceil(sum(need) * 1000000) / 1000000 as required
            from line_need
           group by item_id)
        select n.item_id, i.part_number, i.name, i.unit_of_measure, a.id as assembly_id,
               n.per_unit::text as per_unit, n.required::numeric(18, 6)::text as required,
               coalesce(case when res.released_at is null
                             then greatest(res.quantity - res.awaiting - res.consumed, 0) end, 0)::text as reserved,
               coalesce(res.consumed, 0)::text as consumed,
               i.on_hand::text as on_hand,
               (select coalesce(sum(greatest(o.quantity - o.awaiting - o.consumed, 0)), 0) from work_order_reservations o
                 where o.company_id = ${companyId} and o.item_id = n.item_id and o.released_at is null)::text
                 as open_reserved
          from need n
          join items i on i.company_id = ${companyId} and i.id = n.item_id
          left join assemblies a on a.company_id = ${companyId} and a.item_id = n.item_id
          left join work_order_reservations res
            on res.company_id = ${companyId} and res.work_order_id = ${workOrderId} and res.item_id = n.item_id
         order by n.position`,
  );
}
