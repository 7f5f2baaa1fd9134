// What the floor view shows of the plan (decision 064): each step's backflush lines with what is left of them (what
// its finish will take), and where "Taken from" points for each component — the item's default location when it
// holds some, else the location holding most.
import { normalizeDecimal } from '#common/decimal.ts';
import type { TDb } from '../../db/client.ts';
import { takenFrom } from './consumption-plan.ts';
import { heldOf, type TPlanLineRow } from './shop-floor-stock.repo.ts';
import { type TRevisionSteps, workOrderPlan } from './work-order-plan.ts';
import type { TWorkOrderRow } from './work-orders.repo.ts';

interface TBackflushLine {
  itemId: string;
  partNumber: string;
  unitOfMeasure: string;
  left: string;
}

/** A component as the floor view read it: its reservation row with the item's default location. */
interface TFloorComponent {
  reservation_id: string;
  reservation_open: boolean;
  item_id: string;
  reserved: string;
  consumed: string;
  default_location_id: string | null;
}

/**
 * Readers of the plan for the floor view of `wo`, whose components (their reservations, with the items' default
 * locations) and revision's steps the view has read already, and its BOM lines when the action had.
 */
export async function floorPlan(
  tx: TDb,
  companyId: string,
  wo: TWorkOrderRow,
  components: readonly TFloorComponent[],
  steps: TRevisionSteps,
  planLines?: TPlanLineRow[],
) {
  const reservations = new Map(
    components.map((c) => [
      c.item_id,
      {
        id: c.reservation_id,
        item_id: c.item_id,
        quantity: c.reserved,
        consumed: c.consumed,
        open: c.reservation_open,
      },
    ]),
  );
  const plan = await workOrderPlan(tx, companyId, wo, { steps, lines: planLines, reservations });
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
  // Nothing is taken from stock once the work order is done: "Taken from" is empty and the stock is not read.
  const stock = open
    ? await heldOf(
        tx,
        companyId,
        components.map((c) => c.item_id),
      )
    : [];
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
  const linesOfItem = new Map<string, TPlanLineRow[]>();
  for (const l of plan.lines) linesOfItem.set(l.item_id, [...(linesOfItem.get(l.item_id) ?? []), l]);
  return {
    /** The steps of the item's BOM lines, in line order (null: the line names no step). */
    stepIdsOf: (itemId: string) => (linesOfItem.get(itemId) ?? []).map((l) => l.step_id),
    /** Whether every BOM line of the item is backflushed (false for an item on no line). */
    backflushedOf: (itemId: string) => {
      const lines = linesOfItem.get(itemId) ?? [];
      return lines.length > 0 && lines.every((l) => l.consumption === 'backflush');
    },
    backflushOf: (stepId: string) => byStep.get(stepId) ?? [],
    takenFromOf: (itemId: string) => places.get(itemId) ?? null,
  };
}
