// One consumption as every way of consuming writes it (decision 064) — a scan, a step's backflush, a resolution at
// completion: a 'build-consume' posting of the ledger's engine taking the picks, a consumption row per pick costed at
// its posting line's unit cost, the reservation's consumed and the work order's material cost raised with it (one
// statement after the posting). All in the caller's transaction, which has locked the work order and the reservation.
import { v7 as uuidv7 } from 'uuid';
import { fromScaled, toScaled } from '#common/decimal.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import type { TConsumptionSource } from '#common/schemas/shop-floor.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { postLinesPosting } from '../inventory/stock.service.ts';
import type { TPick } from './consumption-plan.ts';
import { consumedCost } from './output-cost.ts';
import { insertConsumptions, type TConsumptionRow } from './shop-floor-stock.repo.ts';
import type { TWorkOrderRow } from './work-orders.repo.ts';

export interface TConsumptionInput {
  wo: TWorkOrderRow;
  itemId: string;
  reservationId: string;
  picks: ReadonlyArray<Pick<TPick, 'locationId' | 'lotId' | 'quantity'>>;
  stepRunId: string | null;
  bomLineId: string | null;
  source: TConsumptionSource;
  reason: string | null;
  /** The posting's idempotency key, already namespaced. */
  postingKey: string;
  /** The field a refusal of the posting engine names for pick `i` (a scan's own request has one: "line"). */
  field: (i: number) => string;
}

/** Posts and records the consumption; answers the posting and the rows, in pick order. */
export async function recordConsumption(
  tx: TDb,
  tenant: TTenant,
  input: TConsumptionInput,
): Promise<{ transactionId: string; recordIds: string[] }> {
  const { companyId } = tenant;
  const { wo } = input;
  const posting = await postLinesPosting(
    tx,
    tenant,
    {
      kind: 'build-consume',
      reference: workOrderNumberText(Number(wo.number)),
      idempotencyKey: input.postingKey,
    },
    input.picks.map((p, i) => ({
      itemId: input.itemId,
      locationId: p.locationId,
      lotId: p.lotId,
      delta: `-${p.quantity}`,
      field: input.field(i),
    })),
  );
  // The posting answers its lines in pick order, each at the unit cost the ledger gave it.
  const rows: TConsumptionRow[] = input.picks.map((p, i) => ({
    id: uuidv7(),
    stepRunId: input.stepRunId,
    bomLineId: input.bomLineId,
    lotId: p.lotId,
    locationId: p.locationId,
    quantity: p.quantity,
    unitCost: posting.lines[i]?.unitCost ?? '0',
  }));
  const total = input.picks.reduce((sum, p) => sum + toScaled(p.quantity, QUANTITY_SCALE), 0n);
  await insertConsumptions(tx, companyId, {
    workOrderId: wo.id,
    reservationId: input.reservationId,
    itemId: input.itemId,
    source: input.source,
    reason: input.reason,
    transactionId: posting.id,
    createdBy: tenant.actor.name,
    rows,
    quantity: fromScaled(total, QUANTITY_SCALE),
    cost: consumedCost(rows),
  });
  return { transactionId: posting.id, recordIds: rows.map((r) => r.id) };
}
