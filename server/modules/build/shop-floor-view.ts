// The shop-floor view of a work order (decision 049): its steps in order with how each was run, its components with
// what is left to consume, what was consumed and what was put out. Every shop-floor action answers with it, so the
// operator's screen shows the run as the server now has it after each tap.
import { normalizeDecimal } from '#common/decimal.ts';
import type { TStepFile } from '#common/schemas/build.ts';
import { fileUrl, type TFileType } from '#common/schemas/files.ts';
import type { TFloor } from '#common/schemas/shop-floor.ts';
import type { TStepRunStatus, TWorkOrderStatus } from '#common/work-order-status.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import type { TDb } from '../../db/client.ts';
import { iso, isoOrNull } from '../../db/instants.ts';
import type { TTenant } from '../../db/tenant.ts';
import { floorPlan } from './floor-plan-view.ts';
import { consumptionsOf, floorComponents, floorHead, outputsOf } from './floor-view.repo.ts';
import { recipeOf } from './released-recipe.ts';
import { stepRunsOf, type TStepRunRow } from './shop-floor.repo.ts';
import { stepChecksOf } from './shop-floor-checks.ts';
import type { TPlanLineRow } from './shop-floor-stock.repo.ts';
import type { TRevisionSteps } from './work-order-plan.ts';
import { workOrderNotFound } from './work-orders.service.ts';

const q = (v: string) => normalizeDecimal(v);
const qOrNull = (v: string | null) => (v === null ? null : normalizeDecimal(v));
/** The scrap's defect code from a row's left-joined columns. */
const scrapCode = (r: {
  scrap_code_id: string | null;
  scrap_code: string | null;
  scrap_code_name: string | null;
}) =>
  r.scrap_code_id !== null && r.scrap_code !== null && r.scrap_code_name !== null
    ? { id: r.scrap_code_id, code: r.scrap_code, name: r.scrap_code_name }
    : null;

/**
 * What the action that answers with the view read already in its transaction and did not change: the revision's
 * steps and BOM lines never change under a work order, and a consumption or an output leaves the step runs as they
 * were. The view is read at every tap, so each of these saves the operator a round trip.
 */
export interface TFloorKnown {
  steps?: TRevisionSteps;
  planLines?: TPlanLineRow[];
  runs?: TStepRunRow[];
}

/** The run of work order `id` as the floor sees it; 404 when it is not the company's. */
export async function floorOf(
  tx: TDb,
  companyId: string,
  id: string,
  known: TFloorKnown = {},
): Promise<TFloor> {
  const head = await floorHead(tx, companyId, id);
  if (!head) throw workOrderNotFound();
  const { wo } = head;
  const runs = new Map((known.runs ?? (await stepRunsOf(tx, companyId, id))).map((r) => [r.step_id, r]));
  const recipe = await recipeOf(tx, companyId, wo.revisionId);
  const steps = known.steps ?? recipe.steps;
  const filesOf = new Map<string, TStepFile[]>();
  for (const { link, file } of recipe.files) {
    const list = filesOf.get(link.stepId) ?? [];
    list.push({
      id: file.id,
      name: file.name,
      contentType: file.contentType as TFileType,
      sizeBytes: file.sizeBytes,
      caption: link.caption,
      url: fileUrl(file.id),
    });
    filesOf.set(link.stepId, list);
  }
  const components = await floorComponents(tx, companyId, wo.id);
  const checksOf = await stepChecksOf(tx, companyId, wo);
  const { backflushOf, takenFromOf, stepIdsOf, backflushedOf } = await floorPlan(
    tx,
    companyId,
    wo,
    components,
    steps,
    known.planLines,
  );
  return {
    id,
    numberText: workOrderNumberText(Number(wo.number)),
    status: wo.status as TWorkOrderStatus,
    partNumber: head.partNumber,
    name: head.name,
    unitOfMeasure: head.unitOfMeasure,
    quantity: q(wo.quantity),
    goodQuantity: q(wo.goodQuantity),
    scrapQuantity: q(wo.scrapQuantity),
    outputLocation: head.outputLocation,
    assemblyDefaultLocation: head.assemblyDefaultLocation,
    steps: steps.map((s) => {
      const run = runs.get(s.id);
      return {
        id: s.id,
        position: s.position,
        title: s.title,
        instructions: s.instructions,
        files: filesOf.get(s.id) ?? [],
        backflush: backflushOf(s.id),
        checks: checksOf.get(s.id) ?? [],
        run: run
          ? {
              status: run.status as TStepRunStatus,
              startedByName: run.started_by_name,
              startedAt: iso(run.started_at),
              pausedAt: isoOrNull(run.paused_at),
              pausedMinutes: normalizeDecimal(run.paused_minutes, 3),
              finishedByName: run.finished_by_name,
              finishedAt: isoOrNull(run.finished_at),
              goodQuantity: qOrNull(run.good_quantity),
              scrapQuantity: qOrNull(run.scrap_quantity),
              scrapReason: run.scrap_reason,
              scrapDefectCode: scrapCode(run),
            }
          : null,
      };
    }),
    components: components.map((c) => ({
      itemId: c.item_id,
      partNumber: c.part_number,
      name: c.name,
      unitOfMeasure: c.unit_of_measure,
      lotTracked: c.lot_tracked,
      stepIds: stepIdsOf(c.item_id),
      consumption: backflushedOf(c.item_id) ? ('backflush' as const) : ('scan' as const),
      planned: q(c.reserved),
      reserved: q(c.reserved),
      consumed: q(c.consumed),
      left: q(c.left),
      over: q(c.over),
      defaultLocation: takenFromOf(c.item_id),
    })),
    consumptions: (await consumptionsOf(tx, companyId, id)).map((c) => ({
      id: c.id,
      partNumber: c.part_number,
      lotNumber: c.lot_number,
      locationCode: c.full_code,
      quantity: q(c.quantity),
      stepId: c.step_id,
      source: c.source,
      reason: c.reason,
      createdAt: iso(c.created_at),
      createdBy: c.created_by,
    })),
    outputs: (await outputsOf(tx, companyId, id)).map((o) => ({
      id: o.id,
      lotId: o.lot_id,
      lotNumber: o.lot_number,
      locationCode: o.full_code,
      goodQuantity: q(o.good_quantity),
      scrapQuantity: q(o.scrap_quantity),
      scrapReason: o.scrap_reason,
      scrapDefectCode: scrapCode(o),
      createdAt: iso(o.created_at),
      createdBy: o.created_by,
    })),
  };
}

/** GET /api/v1/work-orders/:id/floor. */
export async function getFloor(tenant: TTenant, id: string): Promise<TFloor> {
  return tenant.run((tx) => floorOf(tx, tenant.companyId, id));
}
