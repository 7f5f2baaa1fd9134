// Output of a work order on the floor (decision 049). Good units go into stock by a 'build-output'
// posting at the cost the work order has not yet carried (decision 064: work-order-cost.ts prices it and moves the
// assembly item's average), into a new lot "WO-000042-1", "-2", … when the assembly is lot-tracked, with genealogy
// links from that lot to every lot the work order has consumed so far; scrap is recorded with its reason and posts
// nothing. Outputs may come in parts, never past the work order's quantity. Completion is
// shop-floor-complete.service.ts.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { compareDecimal, fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import { SHOP_FLOOR_MESSAGES as M, type TFloorAction, type TOutput } from '#common/schemas/shop-floor.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { findLocation } from '../inventory/locations.repo.ts';
import { postLinesWithin } from '../inventory/stock.service.ts';
import { scrapCodeOf, scrapCodeText } from './scrap-code.ts';
import * as repo from './shop-floor.repo.ts';
import { KEY_REUSED } from './shop-floor-consume.service.ts';
import { assertInProgress, lockedWorkOrder, woLabel } from './shop-floor-steps.service.ts';
import { floorOf } from './shop-floor-view.ts';
import { insertCostedOutput } from './work-order-cost.repo.ts';
import { bookOutputCost, priceOutput } from './work-order-cost.ts';
import { feedParentReservation } from './work-order-reservations.repo.ts';
import { assertWholeOfAssembly } from './work-order-units.ts';
import type { TWorkOrderRow } from './work-orders.repo.ts';

export const outputKey = (key: string) => `build-output:${key}`;
const scaled = (v: string) => toScaled(v, QUANTITY_SCALE);
const text = (v: bigint) => fromScaled(v, QUANTITY_SCALE);
const conflict = (message: string, field: string) => new AppError('CONFLICT', message, { [field]: message });

/** The assembly's item: whether its output goes into lots (lot-tracked, and the company uses lot numbers). */
async function assemblyItem(tx: TDb, wo: TWorkOrderRow) {
  const [row] = await queryRows<{ id: string; part_number: string; lot_tracked: boolean }>(
    tx,
    sql`select i.id, i.part_number, (i.lot_tracked and coalesce(s.use_lot_numbers, true)) as lot_tracked
          from assemblies a
          join items i on i.company_id = a.company_id and i.id = a.item_id
          left join company_settings s on s.company_id = a.company_id
         where a.company_id = ${wo.companyId} and a.id = ${wo.assemblyId}`,
  );
  return row!;
}

/** A new lot for this output: the work order's number and the next free suffix (unique per item, any case). */
async function newOutputLot(tx: TDb, wo: TWorkOrderRow, itemId: string) {
  let n = (await repo.outputLotCount(tx, wo.companyId, wo.id)) + 1;
  for (;;) {
    const lotNumber = `${woLabel(wo)}-${n}`;
    const id = await repo.insertLotIfFree(tx, wo.companyId, itemId, lotNumber);
    if (id) return { id, lotNumber };
    n++; // a lot received by hand under this number: the next suffix
  }
}

/** The output a retried key recorded, when it is the one `input` asks for; 422 when it is another request's. */
async function retried(tx: TDb, tenant: TTenant, id: string, input: TOutput): Promise<TFloorAction | null> {
  // The output row carries the key itself: an output of scrap alone posts nothing, yet is recorded once.
  const first = await repo.outputByKey(tx, tenant.companyId, input.idempotencyKey);
  if (!first) return null;
  const same =
    first.work_order_id === id &&
    normalizeDecimal(first.good_quantity) === normalizeDecimal(input.goodQuantity) &&
    normalizeDecimal(first.scrap_quantity) === normalizeDecimal(input.scrapQuantity) &&
    (input.locationId === undefined || first.location_id === input.locationId);
  if (!same) throw new AppError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
  return {
    recordId: first.id,
    transactionId: first.transaction_id,
    floor: await floorOf(tx, tenant.companyId, id),
  };
}

async function recordOnce(tx: TDb, tenant: TTenant, id: string, input: TOutput): Promise<TFloorAction> {
  const { companyId } = tenant;
  const wo = await lockedWorkOrder(tx, companyId, id);
  const again = await retried(tx, tenant, id, input);
  if (again) return again;
  assertInProgress(wo);
  await assertWholeOfAssembly(tx, wo, input);
  const good = normalizeDecimal(input.goodQuantity);
  const scrap = normalizeDecimal(input.scrapQuantity);
  const left = scaled(wo.quantity) - scaled(wo.goodQuantity) - scaled(wo.scrapQuantity);
  if (scaled(good) + scaled(scrap) > left) throw conflict(M.overQuantity(text(left)), 'goodQuantity');

  let place: { id: string; fullCode: string } | null = null;
  let lot: { id: string; lotNumber: string } | null = null;
  let transactionId: string | null = null;
  const cost = await priceOutput(tx, companyId, wo, good, scrap);
  if (compareDecimal(good, '0') > 0) {
    const locationId = input.locationId ?? wo.outputLocationId;
    if (!locationId)
      throw new AppError('BAD_REQUEST', M.outputLocationNeeded, { locationId: M.outputLocationNeeded });
    const location = await findLocation(tx, companyId, locationId);
    if (!location?.active)
      throw new AppError('NOT_FOUND', M.locationNotFound, { locationId: M.locationNotFound });
    place = location;
    const item = await assemblyItem(tx, wo);
    if (item.lot_tracked) lot = await newOutputLot(tx, wo, item.id);
    transactionId = await postLinesWithin(
      tx,
      tenant,
      { kind: 'build-output', reference: woLabel(wo), idempotencyKey: outputKey(input.idempotencyKey) },
      [
        {
          itemId: item.id,
          locationId: location.id,
          lotId: lot?.id ?? null,
          delta: good,
          unitCost: cost.unitCost,
          field: 'line',
        },
      ],
    );
    await feedParentReservation(tx, companyId, id, good); // a sub-assembly's output is held for its parent (064)
    if (lot)
      await repo.insertGenealogy(
        tx,
        companyId,
        lot.id,
        transactionId,
        await repo.consumedLots(tx, companyId, id),
      );
  }
  const reason = scrap === '0' ? null : (input.scrapReason ?? null);
  const code = await scrapCodeOf(tx, companyId, scrap, input.scrapDefectCodeId);
  const recordId = uuidv7();
  await insertCostedOutput(tx, {
    id: recordId,
    companyId,
    workOrderId: id,
    lotId: lot?.id ?? null,
    locationId: place?.id ?? null,
    good,
    scrap,
    reason,
    defectCodeId: code?.id ?? null,
    unitCost: cost.unitCost,
    transactionId,
    idempotencyKey: input.idempotencyKey,
    createdBy: tenant.actor.name,
  });
  await repo.addOutputTotals(tx, companyId, id, { good, scrap, labor: cost.labor, carried: cost.carried });
  const average = await bookOutputCost(tx, tenant, wo, good, cost);
  await recordAudit(tx, companyId, tenant.actor, {
    entityType: 'work-order',
    entityId: wo.id,
    entityLabel: woLabel(wo),
    action: 'output-recorded',
    after: {
      goodQuantity: good,
      scrapQuantity: scrap,
      scrapReason: reason,
      ...(code ? { scrapDefectCode: scrapCodeText(code) } : {}),
      lot: lot?.lotNumber ?? null,
      location: place?.fullCode ?? null,
      unitCost: cost.unitCost,
      value: cost.carried,
      ...(average ? { itemUnitCost: average.after } : {}),
    },
  });
  return { recordId, transactionId, floor: await floorOf(tx, companyId, id) };
}

/** POST /api/v1/work-orders/:id/outputs. */
export async function recordOutput(tenant: TTenant, id: string, input: TOutput): Promise<TFloorAction> {
  try {
    return await tenant.run((tx) => recordOnce(tx, tenant, id, input));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const first = await tenant.run((tx) => retried(tx, tenant, id, input));
    if (first) return first;
    throw error;
  }
}
