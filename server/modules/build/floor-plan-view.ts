// What the floor view shows of the plan (decision 064): each step's backflush lines with what is left of them (what
// its finish will take), and where "Taken from" points for each component — the item's default location when it
// holds some, else the location holding most.
import { normalizeDecimal } from '#common/decimal.ts';
import type { TDb } from '../../db/client.ts';
import { takenFrom } from './consumption-plan.ts';
import { heldOf } from './shop-floor-stock.repo.ts';
import { type TRevisionSteps, workOrderPlan } from './work-order-plan.ts';
import type { TWorkOrderRow } from './work-orders.repo.ts';

interface TBackflushLine {
  itemId: string;
  partNumber: string;
  unitOfMeasure: string;
  left: string;
}

/**
 * Readers of the plan for the floor view of `wo`, whose components (with their default locations) and revision's
 * steps the view has read already.
 */
export async function floorPlan(
  tx: TDb,
  companyId: string,
  wo: TWorkOrderRow,
  components: ReadonlyArray<{ item_id: string; default_location_id: string | null }>,
  steps: TRevisionSteps,
) {
  const plan = await workOrderPlan(tx, companyId, wo, steps);
  const open = wo.status !== 'completed' && wo.status !== 'cancelled';
  const byStep = new Map<string, TBackflushLine[]>();
  for (const l of plan.lines) {
    if (l.consumption !== 'backflush' || l.runStepId === null) continue;
    const list = byStep.get(l.runStepId) ?? [];
    list.push({
      itemId: l.item_id,
      partNumber: l.part_number,
      unitOfMeasure: l.unit_of_measure,
      left: open ? normalizeDecimal(l.left) : '0',
    });
    byStep.set(l.runStepId, list);
  }
  const stock = await heldOf(
    tx,
    companyId,
    components.map((c) => c.item_id),
  );
  const places = new Map(
    components.map((c) => [
      c.item_id,
      takenFrom(
        stock
          .filter((r) => r.item_id === c.item_id)
          .map((r) => ({ locationId: r.location_id, locationCode: r.location_code, quantity: r.quantity })),
        c.default_location_id,
      ),
    ]),
  );
  return {
    backflushOf: (stepId: string) => byStep.get(stepId) ?? [],
    takenFromOf: (itemId: string) => places.get(itemId) ?? null,
  };
}
