// A work order's BOM lines as its run consumes them (decision 064): each line with its step (a line with no step is
// the first step's), how it is consumed, its requirement and what is left of it, and the reservation of its item.
// The floor view, a step's backflush and completion read the plan here, so all three count alike.
import type { TDb } from '../../db/client.ts';
import { stepsOf } from './assemblies.repo.ts';
import { linePlans } from './consumption-plan.ts';
import {
  planLinesOf,
  reservationsOf,
  type TPlanLineRow,
  type TReservationRow,
} from './shop-floor-stock.repo.ts';
import type { TWorkOrderRow } from './work-orders.repo.ts';

export interface TWorkOrderLine extends TPlanLineRow {
  /** The step that consumes it: its own, else the revision's first step (null only when there is no step). */
  runStepId: string | null;
  required: string;
  left: string;
}

export interface TWorkOrderPlan {
  lines: TWorkOrderLine[];
  /** The reservation of each component item, by item id. */
  reservations: Map<string, TReservationRow>;
}

/** The steps of a revision, as stepsOf reads them. */
export type TRevisionSteps = Awaited<ReturnType<typeof stepsOf>>;

/** What the caller read already in its transaction (the floor view, at every tap): none of it is read again. */
export interface TPlanKnown {
  steps?: TRevisionSteps;
  lines?: TPlanLineRow[];
  /** The work order's reservations by item id, as they stand now. */
  reservations?: Map<string, TReservationRow>;
}

/** The plan of the work order `wo` as it stands in the caller's transaction. */
export async function workOrderPlan(
  tx: TDb,
  companyId: string,
  wo: TWorkOrderRow,
  known: TPlanKnown = {},
): Promise<TWorkOrderPlan> {
  const steps = known.steps ?? (await stepsOf(tx, companyId, wo.revisionId));
  const position = new Map(steps.map((s) => [s.id, s.position]));
  const first = steps[0] ?? null;
  const rows = known.lines ?? (await planLinesOf(tx, companyId, wo.revisionId));
  const reservations =
    known.reservations ?? new Map((await reservationsOf(tx, companyId, wo.id)).map((r) => [r.item_id, r]));
  const plans = linePlans(
    rows.map((r) => ({
      id: r.id,
      itemId: r.item_id,
      stepPosition: (r.step_id ? position.get(r.step_id) : undefined) ?? first?.position ?? 1,
      position: r.position,
      quantity: r.quantity,
      scrapPercent: r.scrap_percent,
      unitOfMeasure: r.unit_of_measure,
    })),
    wo.quantity,
    new Map([...reservations].map(([id, r]) => [id, { planned: r.quantity, consumed: r.consumed }])),
  );
  const planOf = new Map(plans.map((p) => [p.lineId, p]));
  return {
    lines: rows.map((r) => ({
      ...r,
      runStepId: r.step_id ?? first?.id ?? null,
      required: planOf.get(r.id)!.required,
      left: planOf.get(r.id)!.left,
    })),
    reservations,
  };
}
