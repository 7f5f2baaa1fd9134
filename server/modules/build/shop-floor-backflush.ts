// Backflush (decision 064): when a step is finished, what is left of each of its backflush lines is taken from stock
// in the finish's transaction — from the item's default location when it holds enough, else the locations holding
// it, most first; lots first expired, then first received. Two lots that tie on both, or too little on hand, refuse
// the finish (409 naming the part, asking to scan it), and since it is one transaction nothing is half taken. Each
// line posts under a key of its step run and line, so nothing can take a line twice. Completion's `consume`
// resolution takes what is left the same way (takeWhatIsLeft).
import { AppError } from '#common/errors.ts';
import { SHOP_FLOOR_MESSAGES as M, type TConsumptionSource } from '#common/schemas/shop-floor.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { pickStock, type TPick } from './consumption-plan.ts';
import { recordConsumption } from './consumption-record.ts';
import { stockOf, type TPlanLineRow, type TReservationRow } from './shop-floor-stock.repo.ts';
import { type TRevisionSteps, type TWorkOrderLine, workOrderPlan } from './work-order-plan.ts';
import type { TWorkOrderRow } from './work-orders.repo.ts';

export interface TTake {
  wo: TWorkOrderRow;
  /** The item as the plan reads it: its part number, unit, whether it needs a lot, its default location. */
  line: Pick<
    TWorkOrderLine,
    'item_id' | 'part_number' | 'unit_of_measure' | 'lot_tracked' | 'default_location_id'
  >;
  reservation: TReservationRow;
  quantity: string;
  bomLineId: string | null;
  stepRunId: string | null;
  source: TConsumptionSource;
  reason: string | null;
  postingKey: string;
  /** The request field a refusal names (the finish's step, or the completion's resolution). */
  field: string;
}

/** Takes `take.quantity` of the item by the backflush rules and records it; answers where it was taken from. */
export async function takeWhatIsLeft(tx: TDb, tenant: TTenant, take: TTake): Promise<TPick[]> {
  const { line } = take;
  const stock = await stockOf(tx, tenant.companyId, [line.item_id]);
  const picked = pickStock(
    stock.map((r) => ({
      locationId: r.location_id,
      locationCode: r.location_code,
      lotId: r.lot_id,
      lotNumber: r.lot_number,
      lotRank: r.lot_rank,
      quantity: r.quantity,
    })),
    take.quantity,
    { lotTracked: line.lot_tracked, defaultLocationId: line.default_location_id },
  );
  if (!picked.ok) {
    const message =
      'short' in picked
        ? M.backflushShort(line.part_number, picked.short, line.unit_of_measure)
        : M.backflushLotTie(line.part_number, picked.tie);
    throw new AppError('CONFLICT', message, { [take.field]: message });
  }
  await recordConsumption(tx, tenant, {
    wo: take.wo,
    itemId: line.item_id,
    reservationId: take.reservation.id,
    picks: picked.picks,
    stepRunId: take.stepRunId,
    bomLineId: take.bomLineId,
    source: take.source,
    reason: take.reason,
    postingKey: take.postingKey,
    field: () => take.field,
  });
  return picked.picks;
}

/** Where a take came from, as the trail writes it: "A / BIN" or "A / BIN, A / SHELF". */
export const placesText = (picks: readonly TPick[]) =>
  [...new Set(picks.map((p) => p.locationCode))].join(', ');
/** The lots a take came from ("L-1, L-2"), or null without lots. */
export const lotsText = (picks: readonly TPick[]) =>
  picks.some((p) => p.lotNumber) ? [...new Set(picks.map((p) => p.lotNumber))].join(', ') : null;

/** The posting key of a step run's backflush of a line: a retried finish cannot take it again. */
export const backflushKey = (stepRunId: string, lineId: string) => `build-backflush:${stepRunId}:${lineId}`;

/**
 * Takes what is left of every backflush line of the step `step` (finished by the run `stepRunId`) of the locked
 * work order `wo`, whose revision's steps come with it, in line order, each with its audit entry. Answers the
 * revision's BOM lines it read, for the floor view that follows.
 */
export async function backflushStep(
  tx: TDb,
  tenant: TTenant,
  wo: TWorkOrderRow,
  step: { id: string; label: string; steps: TRevisionSteps },
  stepRunId: string,
): Promise<TPlanLineRow[]> {
  const plan = await workOrderPlan(tx, tenant.companyId, wo, { steps: step.steps });
  const due = plan.lines.filter(
    (l) => l.consumption === 'backflush' && l.runStepId === step.id && l.left !== '0',
  );
  for (const line of due) {
    const reservation = plan.reservations.get(line.item_id);
    if (!reservation?.open) continue;
    const picks = await takeWhatIsLeft(tx, tenant, {
      wo,
      line,
      reservation,
      quantity: line.left,
      bomLineId: line.id,
      stepRunId,
      source: 'backflush',
      reason: null,
      postingKey: backflushKey(stepRunId, line.id),
      field: 'stepId',
    });
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'work-order',
      entityId: wo.id,
      entityLabel: workOrderNumberText(Number(wo.number)),
      action: 'component-consumed',
      after: {
        component: line.part_number,
        lot: lotsText(picks),
        location: placesText(picks),
        quantity: line.left,
        step: step.label,
        source: 'backflush',
      },
    });
  }
  return plan.lines;
}
