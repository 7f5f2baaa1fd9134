// The floor view's queries (decision 049, 064), inside the tenant's transaction; company_id in every where and join.
// The view is read again at every tap of the operator, so each query gathers what it can in one round trip.
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TConsumptionSource } from '#common/schemas/shop-floor.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import { items, locations } from '../inventory/inventory.tables.ts';
import { assemblies } from './build.tables.ts';
import type { TWorkOrderRow } from './work-orders.repo.ts';
import { workOrders } from './work-orders.tables.ts';

const outputPlace = alias(locations, 'output_place');
const defaultPlace = alias(locations, 'default_place');

/**
 * The work order with what the view's header shows of it — its assembly item, its output location and the assembly
 * item's default location (where the output goes when the work order names none) — in one read; null when it is not
 * the company's.
 */
export async function floorHead(tx: TDb, companyId: string, id: string) {
  const [row] = await tx
    .select({
      wo: workOrders,
      partNumber: items.partNumber,
      name: items.name,
      unitOfMeasure: items.unitOfMeasure,
      outputLocationCode: outputPlace.fullCode,
      defaultLocationId: defaultPlace.id,
      defaultLocationCode: defaultPlace.fullCode,
    })
    .from(workOrders)
    .innerJoin(
      assemblies,
      and(eq(assemblies.companyId, workOrders.companyId), eq(assemblies.id, workOrders.assemblyId)),
    )
    .innerJoin(items, and(eq(items.companyId, assemblies.companyId), eq(items.id, assemblies.itemId)))
    .leftJoin(
      outputPlace,
      and(eq(outputPlace.companyId, workOrders.companyId), eq(outputPlace.id, workOrders.outputLocationId)),
    )
    .leftJoin(
      defaultPlace,
      and(eq(defaultPlace.companyId, items.companyId), eq(defaultPlace.id, items.defaultLocationId)),
    )
    .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, id)))
    .limit(1);
  if (!row) return null;
  const wo: TWorkOrderRow = row.wo;
  return {
    wo,
    partNumber: row.partNumber,
    name: row.name,
    unitOfMeasure: row.unitOfMeasure,
    outputLocation:
      wo.outputLocationId && row.outputLocationCode !== null
        ? { id: wo.outputLocationId, code: row.outputLocationCode }
        : null,
    assemblyDefaultLocation:
      row.defaultLocationId !== null && row.defaultLocationCode !== null
        ? { id: row.defaultLocationId, code: row.defaultLocationCode }
        : null,
  };
}

/**
 * Components: the reservation rows with their items (the BOM lines' steps and modes come from the plan).
 * `left` is what is left of the plan while the reservation is open (never below 0: more may be consumed with a
 * reason), `over` what was consumed beyond it.
 */
export async function floorComponents(tx: TDb, companyId: string, workOrderId: string) {
  return queryRows<{
    reservation_id: string;
    reservation_open: boolean;
    item_id: string;
    part_number: string;
    name: string;
    unit_of_measure: string;
    lot_tracked: boolean;
    default_location_id: string | null;
    reserved: string;
    consumed: string;
    left: string;
    over: string;
  }>(
    tx,
    sql`select r.id as reservation_id, r.released_at is null as reservation_open, i.id as item_id, i.part_number,
               i.name, i.unit_of_measure,
               (i.lot_tracked and coalesce(s.use_lot_numbers, true)) as lot_tracked, i.default_location_id,
               coalesce(r.quantity, 0)::text as reserved, coalesce(r.consumed, 0)::text as consumed,
               (case when r.released_at is null then greatest(r.quantity - r.consumed, 0) else 0 end)::text as left,
               greatest(r.consumed - r.quantity, 0)::text as over
          from work_order_reservations r
          join items i on i.company_id = r.company_id and i.id = r.item_id
          left join company_settings s on s.company_id = r.company_id
         where r.company_id = ${companyId} and r.work_order_id = ${workOrderId}
         order by i.part_number`,
  );
}

export async function consumptionsOf(tx: TDb, companyId: string, workOrderId: string) {
  return queryRows<{
    id: string;
    part_number: string;
    lot_number: string | null;
    full_code: string;
    quantity: string;
    step_id: string | null;
    source: TConsumptionSource;
    reason: string | null;
    created_at: Date | string;
    created_by: string;
  }>(
    tx,
    sql`select c.id, i.part_number, t.lot_number, l.full_code, c.quantity::text as quantity, r.step_id,
               c.source, c.reason, c.created_at, c.created_by
          from work_order_consumptions c
          join items i on i.company_id = c.company_id and i.id = c.item_id
          join locations l on l.company_id = c.company_id and l.id = c.location_id
          left join lots t on t.company_id = c.company_id and t.id = c.lot_id
          left join work_order_step_runs r on r.company_id = c.company_id and r.id = c.step_run_id
         where c.company_id = ${companyId} and c.work_order_id = ${workOrderId}
         order by c.created_at, c.id`,
  );
}

export async function outputsOf(tx: TDb, companyId: string, workOrderId: string) {
  return queryRows<{
    id: string;
    lot_id: string | null;
    lot_number: string | null;
    full_code: string | null;
    good_quantity: string;
    scrap_quantity: string;
    scrap_reason: string | null;
    scrap_code_id: string | null;
    scrap_code: string | null;
    scrap_code_name: string | null;
    created_at: Date | string;
    created_by: string;
  }>(
    tx,
    sql`select o.id, o.lot_id, t.lot_number, l.full_code, o.good_quantity::text as good_quantity,
               o.scrap_quantity::text as scrap_quantity, o.scrap_reason, o.created_at, o.created_by,
               d.id as scrap_code_id, d.code as scrap_code, d.name as scrap_code_name
          from work_order_outputs o
          left join locations l on l.company_id = o.company_id and l.id = o.location_id
          left join lots t on t.company_id = o.company_id and t.id = o.lot_id
          left join defect_codes d on d.company_id = o.company_id and d.id = o.scrap_defect_code_id
         where o.company_id = ${companyId} and o.work_order_id = ${workOrderId}
         order by o.created_at, o.id`,
  );
}
