// Queries of consumption by plan (decision 064), inside the tenant's transaction; company_id in every where and join:
// the work order's BOM lines with how each is consumed, the stock a backflush may take, the cost a posting gave its
// lines, and the work order's material cost and reservations' short reasons as consumption and completion change them.
import { sql } from 'drizzle-orm';
import type { TConsumptionMode } from '#common/schemas/build.ts';
import type { TConsumptionSource } from '#common/schemas/shop-floor.ts';
import { queryRows, type TDb } from '../../db/client.ts';

export interface TPlanLineRow {
  id: string;
  item_id: string;
  position: number;
  step_id: string | null;
  quantity: string;
  scrap_percent: string;
  consumption: TConsumptionMode;
  part_number: string;
  unit_of_measure: string;
  lot_tracked: boolean;
  default_location_id: string | null;
}

/** The revision's BOM lines in order, with their component (needs a lot, default location) and consumption mode. */
export async function planLinesOf(tx: TDb, companyId: string, revisionId: string): Promise<TPlanLineRow[]> {
  return queryRows<TPlanLineRow>(
    tx,
    sql`select l.id, l.component_item_id as item_id, l.position, l.step_id, l.quantity::text as quantity,
               l.scrap_percent::text as scrap_percent, l.consumption, i.part_number, i.unit_of_measure,
               (i.lot_tracked and coalesce(s.use_lot_numbers, true)) as lot_tracked, i.default_location_id
          from bom_lines l
          join items i on i.company_id = l.company_id and i.id = l.component_item_id
          left join company_settings s on s.company_id = l.company_id
         where l.company_id = ${companyId} and l.revision_id = ${revisionId}
         order by l.position`,
  );
}

export interface TReservationRow {
  id: string;
  item_id: string;
  quantity: string;
  consumed: string;
  open: boolean;
}

/** The work order's reservation rows (one per component item), open or not. */
export async function reservationsOf(tx: TDb, companyId: string, workOrderId: string) {
  return queryRows<TReservationRow>(
    tx,
    sql`select id, item_id, quantity::text as quantity, consumed::text as consumed, released_at is null as open
          from work_order_reservations
         where company_id = ${companyId} and work_order_id = ${workOrderId}`,
  );
}

export interface TStockRowRow {
  item_id: string;
  location_id: string;
  location_code: string;
  lot_id: string | null;
  lot_number: string | null;
  lot_rank: number | null;
  quantity: string;
}

/**
 * What is on hand of `itemIds`, per location and lot, with each lot's place in first-expired, first-received order
 * (a lot without an expiry date after those with one; two lots with the same expiry received together rank equal).
 * A lot on hold is not there to take (decision 070).
 */
export async function stockOf(
  tx: TDb,
  companyId: string,
  itemIds: readonly string[],
): Promise<TStockRowRow[]> {
  if (itemIds.length === 0) return [];
  return queryRows<TStockRowRow>(
    tx,
    sql`select b.item_id, b.location_id, loc.full_code as location_code, b.lot_id, t.lot_number,
               (case when b.lot_id is null then null
                     else dense_rank() over (partition by b.item_id, b.lot_id is null
                                             order by t.expires_on nulls last, t.created_at) end)::int as lot_rank,
               b.quantity::text as quantity
          from stock_balances b
          join locations loc on loc.company_id = b.company_id and loc.id = b.location_id
          left join lots t on t.company_id = b.company_id and t.id = b.lot_id
         where b.company_id = ${companyId} and b.quantity > 0 and not coalesce(t.on_hold, false)
           and b.item_id in (${sql.join(
             itemIds.map((id) => sql`${id}`),
             sql`, `,
           )})
         order by b.item_id, loc.full_code, t.lot_number`,
  );
}

/**
 * What is on hand of `itemIds` per location, every lot not on hold counted: what "Taken from" chooses among on the
 * floor view, read at each of the operator's taps, so it sums in the database instead of listing every lot.
 */
export async function heldOf(tx: TDb, companyId: string, itemIds: readonly string[]) {
  if (itemIds.length === 0) return [];
  return queryRows<{ item_id: string; location_id: string; location_code: string; quantity: string }>(
    tx,
    sql`select b.item_id, b.location_id, min(loc.full_code) as location_code, sum(b.quantity)::text as quantity
          from stock_balances b
          join locations loc on loc.company_id = b.company_id and loc.id = b.location_id
          left join lots t on t.company_id = b.company_id and t.id = b.lot_id
         where b.company_id = ${companyId} and b.quantity > 0 and not coalesce(t.on_hold, false)
           and b.item_id in (${sql.join(
             itemIds.map((id) => sql`${id}`),
             sql`, `,
           )})
         group by b.item_id, b.location_id`,
  );
}

export interface TConsumptionRow {
  id: string;
  stepRunId: string | null;
  bomLineId: string | null;
  lotId: string | null;
  locationId: string;
  quantity: string;
  /** The posting line's unit cost: what the consumption adds to the work order's material cost. */
  unitCost: string;
}

/**
 * A consumption's own rows in one statement: a consumption row per pick, the work order's material cost raised by
 * `cost` and the reservation's consumed by `quantity`. (A WITH's data-modifying parts all run, read or not.)
 */
export async function insertConsumptions(
  tx: TDb,
  companyId: string,
  change: {
    workOrderId: string;
    reservationId: string;
    itemId: string;
    source: TConsumptionSource;
    reason: string | null;
    transactionId: string;
    createdBy: string;
    rows: readonly TConsumptionRow[];
    quantity: string;
    cost: string;
  },
): Promise<void> {
  const c = change;
  const values = c.rows.map(
    (
      r,
    ) => sql`(${r.id}, ${companyId}, ${c.workOrderId}, ${r.stepRunId}, ${r.bomLineId}, ${c.itemId}, ${r.lotId},
      ${r.locationId}, ${r.quantity}::numeric, ${r.unitCost}::numeric, ${c.source}, ${c.reason}, ${c.transactionId},
      ${c.createdBy})`,
  );
  await tx.execute(
    sql`with consumed as (
          insert into work_order_consumptions (id, company_id, work_order_id, step_run_id, bom_line_id, item_id, lot_id,
            location_id, quantity, unit_cost, source, reason, transaction_id, created_by)
          values ${sql.join(values, sql`, `)}
        ), costed as (
          update work_orders set material_cost = material_cost + ${c.cost}::numeric, updated_at = now()
           where company_id = ${companyId} and id = ${c.workOrderId}
        )
        update work_order_reservations set consumed = consumed + ${c.quantity}::numeric
         where company_id = ${companyId} and id = ${c.reservationId}`,
  );
}

/** Why less than planned was used of a reservation's item (completion's `used` or `return`). */
export async function setShortReason(
  tx: TDb,
  companyId: string,
  reservationId: string,
  reason: string,
): Promise<void> {
  await tx.execute(
    sql`update work_order_reservations set short_reason = ${reason}
         where company_id = ${companyId} and id = ${reservationId}`,
  );
}
