// What released work orders hold back from stock (decision 048): one row per work order and component item; open
// while released_at is null. Of `quantity`, `awaiting` is still to come from child work orders (decision 064) and
// is not taken from stock; inventory's reserved is the sum of greatest(quantity − awaiting − consumed, 0) over open
// rows (consumed may pass quantity: a consumption over plan, with its reason).
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
 * Opens the work order's reservation: one row per item, `awaiting` of it to come from child work orders. The unique
 * (work order, item) row of an earlier release (unreleased since, so nothing was consumed) is reopened with the new
 * quantities: rows are never deleted.
 */
export async function openReservations(
  tx: TDb,
  companyId: string,
  workOrderId: string,
  lines: ReadonlyArray<{ itemId: string; quantity: string; awaiting: string }>,
): Promise<void> {
  for (const line of lines) {
    await tx.execute(
      sql`insert into work_order_reservations (id, company_id, work_order_id, item_id, quantity, awaiting)
          values (${uuidv7()}, ${companyId}, ${workOrderId}, ${line.itemId}, ${line.quantity}, ${line.awaiting})
          on conflict (company_id, work_order_id, item_id)
          do update set quantity = excluded.quantity, awaiting = excluded.awaiting, consumed = 0,
                        released_at = null, created_at = now()`,
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

/** Reserved per item (open rows, what they hold of stock) for `itemIds`, through the partial open-item index. */
export async function reservedOf(tx: TDb, companyId: string, itemIds: readonly string[]) {
  const found = new Map<string, string>();
  if (itemIds.length === 0) return found;
  const rows = await queryRows<{ item_id: string; reserved: string }>(
    tx,
    sql`select item_id, sum(greatest(quantity - awaiting - consumed, 0))::text as reserved
          from work_order_reservations
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

/**
 * What the open child work orders of `workOrderId` (planned, released, in progress, paused) will still put away,
 * per item they build: each one's quantity less its good and scrap so far. What a release may await (decision 064).
 */
export async function comingFromChildren(
  tx: TDb,
  companyId: string,
  workOrderId: string,
): Promise<Map<string, string>> {
  const rows = await queryRows<{ item_id: string; coming: string }>(
    tx,
    sql`select a.item_id, sum(greatest(c.quantity - c.good_quantity - c.scrap_quantity, 0))::text as coming
          from work_orders c
          join assemblies a on a.company_id = c.company_id and a.id = c.assembly_id
         where c.company_id = ${companyId} and c.parent_work_order_id = ${workOrderId}
           and c.status in ('planned', 'released', 'in_progress', 'paused')
         group by a.item_id`,
  );
  return new Map(rows.map((r) => [r.item_id, r.coming]));
}

/**
 * A child work order's good output, put away in the caller's transaction, moves into its parent's open reservation
 * of the item (decision 064): `awaiting` falls by up to `goodQuantity`, so what arrived is held for the parent and
 * never shows as available to anyone else. Nothing happens for a top-level work order, a parent not released (its
 * release will count the stock) or one that awaits nothing more. Returns the quantity moved.
 */
export async function feedParentReservation(
  tx: TDb,
  companyId: string,
  childWorkOrderId: string,
  goodQuantity: string,
): Promise<string> {
  const [row] = await queryRows<{ moved: string }>(
    tx,
    sql`with target as (
          select r.id, least(r.awaiting, ${goodQuantity}::numeric) as moved
            from work_orders c
            join assemblies a on a.company_id = c.company_id and a.id = c.assembly_id
            join work_order_reservations r
              on r.company_id = c.company_id and r.work_order_id = c.parent_work_order_id and r.item_id = a.item_id
           where c.company_id = ${companyId} and c.id = ${childWorkOrderId}
             and r.released_at is null and r.awaiting > 0
             for update of r)
        update work_order_reservations r set awaiting = r.awaiting - t.moved
          from target t
         where r.company_id = ${companyId} and r.id = t.id
        returning t.moved::text as moved`,
  );
  return row?.moved ?? '0';
}

/**
 * What the work order's open reservation is planned to cost (decision 064): Σ quantity × the item's unit cost now,
 * exact in SQL numeric and rounded once to money's 4 decimals. Read at release, right after the rows are opened.
 */
export async function plannedCostOfReservation(
  tx: TDb,
  companyId: string,
  workOrderId: string,
): Promise<string> {
  const [row] = await queryRows<{ cost: string }>(
    tx,
    sql`select round(coalesce(sum(r.quantity * i.unit_cost), 0), 4)::text as cost
          from work_order_reservations r
          join items i on i.company_id = r.company_id and i.id = r.item_id
         where r.company_id = ${companyId} and r.work_order_id = ${workOrderId} and r.released_at is null`,
  );
  return row?.cost ?? '0';
}
