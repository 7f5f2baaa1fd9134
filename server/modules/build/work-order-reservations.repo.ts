// What released work orders hold back from stock (decision 048): one row per work order and component item; open
// while released_at is null. Inventory's reserved is the sum of quantity − consumed over open rows.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { queryRows, type TDb } from '../../db/client.ts';

/**
 * Serialises releases of one company until the transaction ends: of two releases competing for the same stock,
 * the second reads the first's reservation before it checks what is available. Releases are a planner's few clicks
 * a day, so one lock per company costs nothing and cannot deadlock the way several item locks could.
 */
export async function lockReservations(tx: TDb, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reserve:${companyId}`}, 0))`);
}

/**
 * Opens the work order's reservation: one row per item. The unique (work order, item) row of an earlier release
 * (unreleased since, so nothing was consumed) is reopened with the new quantity: rows are never deleted.
 */
export async function openReservations(
  tx: TDb,
  companyId: string,
  workOrderId: string,
  lines: ReadonlyArray<{ itemId: string; quantity: string }>,
): Promise<void> {
  for (const line of lines) {
    await tx.execute(
      sql`insert into work_order_reservations (id, company_id, work_order_id, item_id, quantity)
          values (${uuidv7()}, ${companyId}, ${workOrderId}, ${line.itemId}, ${line.quantity})
          on conflict (company_id, work_order_id, item_id)
          do update set quantity = excluded.quantity, consumed = 0, released_at = null, created_at = now()`,
    );
  }
}

/** Closes the work order's open reservation: what is not consumed goes back to available. Returns rows closed. */
export async function closeReservations(tx: TDb, companyId: string, workOrderId: string): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update work_order_reservations set released_at = now()
         where company_id = ${companyId} and work_order_id = ${workOrderId} and released_at is null
         returning id`,
  );
  return rows.length;
}

/** Reserved per item (open rows, quantity less consumed) for `itemIds`, through the partial open-item index. */
export async function reservedOf(tx: TDb, companyId: string, itemIds: readonly string[]) {
  const found = new Map<string, string>();
  if (itemIds.length === 0) return found;
  const rows = await queryRows<{ item_id: string; reserved: string }>(
    tx,
    sql`select item_id, sum(quantity - consumed)::text as reserved from work_order_reservations
         where company_id = ${companyId} and released_at is null
           and item_id in (${sql.join(
             itemIds.map((id) => sql`${id}`),
             sql`, `,
           )})
         group by item_id`,
  );
  for (const row of rows) found.set(row.item_id, row.reserved);
  return found;
}
