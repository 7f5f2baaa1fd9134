// Queries of a nonconformance's dispositions (decision 073, 2026-12-01), inside the tenant's transaction; company_id
// in every where. Written once: a row is inserted, never changed.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import { ncDispositions } from './nc-dispositions.tables.ts';

export async function insertDisposition(tx: TDb, row: typeof ncDispositions.$inferInsert): Promise<void> {
  await tx.insert(ncDispositions).values(row);
}

/** How many dispositions the nonconformance has: the next one's posting is keyed by it. */
export async function countDispositions(tx: TDb, companyId: string, ncId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from nc_dispositions where company_id = ${companyId} and nonconformance_id = ${ncId}`,
  );
  return row?.n ?? 0;
}

export interface TDispositionRow {
  id: string;
  disposition: string;
  quantity: string;
  note: string;
  supplier_name: string | null;
  created_by: string;
  created_at: Date | string;
  transaction_id: string | null;
  rework_work_order_id: string | null;
  rework_work_order_number: number | null;
  lot_released: boolean;
}

/** The nonconformance's dispositions, first decided first. */
export async function dispositionsOf(tx: TDb, companyId: string, ncId: string) {
  return queryRows<TDispositionRow>(
    tx,
    sql`select d.id, d.disposition, d.quantity::text as quantity, d.note, s.name as supplier_name, d.created_by,
               d.created_at, d.transaction_id, d.rework_work_order_id, w.number as rework_work_order_number,
               d.lot_released
          from nc_dispositions d
          left join suppliers s on s.company_id = d.company_id and s.id = d.supplier_id
          left join work_orders w on w.company_id = d.company_id and w.id = d.rework_work_order_id
         where d.company_id = ${companyId} and d.nonconformance_id = ${ncId}
         order by d.created_at, d.id`,
  );
}
