// Queries of nonconformances (decisions 070, 073), inside the tenant's transaction; company_id in every where.
import { type SQL, sql } from 'drizzle-orm';
import type { TNcListQuery } from '#common/schemas/nonconformances.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { nonconformances } from './inspections.tables.ts';

export type TNcRow = typeof nonconformances.$inferSelect;

export async function insertNc(tx: TDb, row: typeof nonconformances.$inferInsert): Promise<void> {
  await tx.insert(nonconformances).values(row);
}

/**
 * The row locked for the rest of the transaction: two dispositions (or a disposition and a close) of one
 * nonconformance queue up here, and the second sees what the first did.
 */
export async function lockNc(tx: TDb, companyId: string, id: string): Promise<TNcRow | null> {
  const [row] = await tx
    .select()
    .from(nonconformances)
    .where(sql`${nonconformances.companyId} = ${companyId} and ${nonconformances.id} = ${id}`)
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateNc(
  tx: TDb,
  companyId: string,
  id: string,
  set: Partial<typeof nonconformances.$inferInsert>,
): Promise<void> {
  await tx
    .update(nonconformances)
    .set(set)
    .where(sql`${nonconformances.companyId} = ${companyId} and ${nonconformances.id} = ${id}`);
}

/** A summary row: the nonconformance with its item's, lot's and supplier's names. */
export interface TNcSummaryRow {
  id: string;
  number: number;
  status: string;
  item_id: string;
  part_number: string;
  item_name: string;
  unit_of_measure: string;
  lot_id: string | null;
  lot_number: string | null;
  supplier_id: string | null;
  supplier_name: string | null;
  quantity: string;
  description: string;
  decided: string | null;
  /** The kinds decided so far, comma-separated, first decided first. */
  kinds: string | null;
  opened_by_name: string;
  opened_at: Date | string;
}

const summaryColumns = sql`n.id, n.number, n.status, n.item_id, i.part_number, i.name as item_name,
  i.unit_of_measure, n.lot_id, l.lot_number, n.supplier_id, s.name as supplier_name, n.quantity::text as quantity,
  n.description, n.disposition_quantity::text as decided,
  (select string_agg(k.disposition, ',' order by k.first)
     from (select d.disposition, min(d.created_at) as first from nc_dispositions d
            where d.company_id = n.company_id and d.nonconformance_id = n.id group by d.disposition) k) as kinds,
  n.opened_by_name, n.opened_at`;

const summaryFrom = sql`from nonconformances n
  join items i on i.company_id = n.company_id and i.id = n.item_id
  left join lots l on l.company_id = n.company_id and l.id = n.lot_id
  left join suppliers s on s.company_id = n.company_id and s.id = n.supplier_id`;

function filtersOf(companyId: string, query: TNcListQuery): SQL {
  const parts: SQL[] = [sql`n.company_id = ${companyId}`];
  if (query.status === 'not_closed') parts.push(sql`n.status <> 'closed'`);
  else if (query.status !== 'all') parts.push(sql`n.status = ${query.status}`);
  if (query.itemId) parts.push(sql`n.item_id = ${query.itemId}`);
  if (query.lotId) parts.push(sql`n.lot_id = ${query.lotId}`);
  if (query.supplierId) parts.push(sql`n.supplier_id = ${query.supplierId}`);
  if (query.q) {
    const like = containsPattern(query.q);
    // "NC-000012", "nc-12" and "12" all find NC-000012.
    const digits = query.q.replace(/^nc-?/i, '');
    const byNumber = /^\d{1,9}$/.test(digits) ? sql` or n.number = ${Number(digits)}` : sql``;
    parts.push(
      sql`(i.part_number ilike ${like} or i.name ilike ${like} or l.lot_number ilike ${like}
           or n.description ilike ${like} or s.name ilike ${like}${byNumber})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** A page of the company's nonconformances, newest first. */
export async function listNcs(tx: TDb, companyId: string, query: TNcListQuery) {
  const where = filtersOf(companyId, query);
  const rows = await queryRows<TNcSummaryRow>(
    tx,
    sql`select ${summaryColumns} ${summaryFrom} where ${where}
        order by n.opened_at desc, n.number desc
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const [count] = await queryRows<{ total: string | number }>(
    tx,
    sql`select count(*) as total ${summaryFrom} where ${where}`,
  );
  return { rows, total: Number(count?.total ?? 0) };
}

export interface TNcDetailRow extends TNcSummaryRow {
  inspection_id: string | null;
  inspection_number: number | null;
  work_order_id: string | null;
  work_order_number: number | null;
  lot_on_hold: boolean | null;
  lot_quantity: string | null;
  containment: string;
  root_cause: string;
  corrective_action: string;
  preventive_action: string;
  opened_by: string;
  lot_hold_reason: string | null;
  closed_by_name: string | null;
  closed_at: Date | string | null;
}

export async function findNcDetail(tx: TDb, companyId: string, id: string): Promise<TNcDetailRow | null> {
  const [row] = await queryRows<TNcDetailRow>(
    tx,
    sql`select ${summaryColumns}, n.inspection_id, qi.number as inspection_number, n.work_order_id,
               wo.number as work_order_number, l.on_hold as lot_on_hold, l.hold_reason as lot_hold_reason,
               (select coalesce(sum(b.quantity), 0)::text from stock_balances b
                 where b.company_id = n.company_id and b.lot_id = n.lot_id) as lot_quantity,
               n.containment, n.root_cause, n.corrective_action, n.preventive_action, n.opened_by,
               n.closed_by_name, n.closed_at
          ${summaryFrom}
          left join inspections qi on qi.company_id = n.company_id and qi.id = n.inspection_id
          left join work_orders wo on wo.company_id = n.company_id and wo.id = n.work_order_id
         where n.company_id = ${companyId} and n.id = ${id}`,
  );
  return row ?? null;
}

/** A disposition's posting lines, as the ledger wrote them. */
export async function postingLinesOf(tx: TDb, companyId: string, transactionId: string) {
  return queryRows<{
    location_code: string;
    lot_number: string | null;
    quantity_delta: string;
    unit_cost: string;
  }>(
    tx,
    sql`select loc.full_code as location_code, l.lot_number, g.quantity_delta::text as quantity_delta,
               g.unit_cost::text as unit_cost
          from stock_ledger g
          join locations loc on loc.company_id = g.company_id and loc.id = g.location_id
          left join lots l on l.company_id = g.company_id and l.id = g.lot_id
         where g.company_id = ${companyId} and g.transaction_id = ${transactionId}
         order by g.line_no`,
  );
}

/** The nonconformance's audit trail, oldest first (a handful of rows: open, edits, disposition, close). */
export async function historyOf(tx: TDb, companyId: string, id: string) {
  return queryRows<{ action: string; actor_name: string; created_at: Date | string }>(
    tx,
    sql`select action, actor_name, created_at from audit_entries
         where company_id = ${companyId} and entity_type = 'nonconformance' and entity_id = ${id}
         order by created_at, id
         limit 200`,
  );
}

/** The lot's balances per location with stock in it, in location order (the order a disposition takes them). */
export async function lotBalances(tx: TDb, companyId: string, lotId: string) {
  return queryRows<{ location_id: string; full_code: string; quantity: string }>(
    tx,
    sql`select b.location_id, loc.full_code, b.quantity::text as quantity
          from stock_balances b
          join locations loc on loc.company_id = b.company_id and loc.id = b.location_id
         where b.company_id = ${companyId} and b.lot_id = ${lotId} and b.quantity > 0
         order by loc.full_code`,
  );
}

/** The item's balance at a location outside any lot. */
export async function looseBalance(tx: TDb, companyId: string, itemId: string, locationId: string) {
  const rows = await queryRows<{ quantity: string; full_code: string }>(
    tx,
    sql`select coalesce(b.quantity, 0)::text as quantity, loc.full_code
          from locations loc
          left join stock_balances b on b.company_id = loc.company_id and b.location_id = loc.id
               and b.item_id = ${itemId} and b.lot_id is null
         where loc.company_id = ${companyId} and loc.id = ${locationId}`,
  );
  return rows[0] ?? null;
}

/** What a nonconformance names, looked up as the company's: null for each one not found. */
export async function refsOf(
  tx: TDb,
  companyId: string,
  refs: { itemId: string; lotId?: string; workOrderId?: string; supplierId?: string },
) {
  const [row] = await queryRows<{
    part_number: string | null;
    unit_of_measure: string | null;
    lot_number: string | null;
    lot_taken_in: string | null;
    lot_supplier_id: string | null;
    work_order_number: number | null;
    supplier_name: string | null;
  }>(
    tx,
    sql`select
          (select part_number from items where company_id = ${companyId} and id = ${refs.itemId}) as part_number,
          (select unit_of_measure from items where company_id = ${companyId} and id = ${refs.itemId})
              as unit_of_measure,
          -- What ever came into the lot from outside it (received, built, found by a count or an adjustment):
          -- moves, borrow returns and reversals only shift or undo what was already counted.
          (select coalesce(sum(l.quantity_delta), 0)::text from stock_ledger l
             join stock_transactions t on t.company_id = l.company_id and t.id = l.transaction_id
            where l.company_id = ${companyId} and l.lot_id = ${refs.lotId ?? null} and l.quantity_delta > 0
              and t.kind in ('receive', 'build-output', 'adjust', 'count')) as lot_taken_in,
          (select lot_number from lots where company_id = ${companyId} and id = ${refs.lotId ?? null}
              and item_id = ${refs.itemId}) as lot_number,
          (select supplier_id from lots where company_id = ${companyId} and id = ${refs.lotId ?? null})
              as lot_supplier_id,
          (select number from work_orders where company_id = ${companyId} and id = ${refs.workOrderId ?? null})
              as work_order_number,
          (select name from suppliers where company_id = ${companyId} and id = ${refs.supplierId ?? null})
              as supplier_name`,
  );
  return row!;
}

/** The item's part number and unit (for whole-unit checks and messages). */
export async function itemOf(tx: TDb, companyId: string, itemId: string) {
  const [row] = await queryRows<{ part_number: string; unit_of_measure: string }>(
    tx,
    sql`select part_number, unit_of_measure from items where company_id = ${companyId} and id = ${itemId}`,
  );
  return row ?? null;
}

/** Which of the list's filter ids are the company's (another company's is "no such …", as a path id is). */
export async function filterRefsFound(
  tx: TDb,
  companyId: string,
  ids: { itemId?: string | undefined; lotId?: string | undefined; supplierId?: string | undefined },
) {
  const [row] = await queryRows<{ item: boolean; lot: boolean; supplier: boolean }>(
    tx,
    sql`select
          exists (select 1 from items where company_id = ${companyId} and id = ${ids.itemId ?? null}) as item,
          exists (select 1 from lots where company_id = ${companyId} and id = ${ids.lotId ?? null}) as lot,
          exists (select 1 from suppliers where company_id = ${companyId} and id = ${ids.supplierId ?? null})
            as supplier`,
  );
  return row!;
}
