// The shop-floor view of a work order (decision 049): its steps in order with how each was run, its components with
// what is left to consume, what was consumed and what was put out. Every shop-floor action answers with it, so the
// operator's screen shows the run as the server now has it after each tap.
import { sql } from 'drizzle-orm';
import { normalizeDecimal } from '#common/decimal.ts';
import type { TStepFile } from '#common/schemas/build.ts';
import { fileUrl, type TFileType } from '#common/schemas/files.ts';
import type { TConsumptionSource, TFloor } from '#common/schemas/shop-floor.ts';
import type { TStepRunStatus, TWorkOrderStatus } from '#common/work-order-status.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { findLocation } from '../inventory/locations.repo.ts';
import { stepsOf } from './assemblies.repo.ts';
import { floorPlan } from './floor-plan-view.ts';
import { stepRunsOf } from './shop-floor.repo.ts';
import { stepFilesOf } from './step-files.repo.ts';
import * as woRepo from './work-orders.repo.ts';
import { workOrderNotFound } from './work-orders.service.ts';

export const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
const q = (v: string) => normalizeDecimal(v);
const qOrNull = (v: string | null) => (v === null ? null : normalizeDecimal(v));

/**
 * Components: the reservation rows with their items, the BOM lines' steps and whether every line is backflushed.
 * `left` is what is left of the plan while the reservation is open (never below 0: more may be consumed with a
 * reason), `over` what was consumed beyond it.
 */
export async function floorComponents(tx: TDb, companyId: string, wo: woRepo.TWorkOrderRow) {
  return queryRows<{
    item_id: string;
    part_number: string;
    name: string;
    unit_of_measure: string;
    lot_tracked: boolean;
    default_location_id: string | null;
    step_ids: (string | null)[];
    backflush: boolean;
    reserved: string;
    consumed: string;
    left: string;
    over: string;
  }>(
    tx,
    sql`select i.id as item_id, i.part_number, i.name, i.unit_of_measure,
               (i.lot_tracked and coalesce(s.use_lot_numbers, true)) as lot_tracked, i.default_location_id,
               array(select l.step_id::text from bom_lines l
                      where l.company_id = ${companyId} and l.revision_id = ${wo.revisionId}
                        and l.component_item_id = i.id order by l.position) as step_ids,
               coalesce((select bool_and(l.consumption = 'backflush') from bom_lines l
                          where l.company_id = ${companyId} and l.revision_id = ${wo.revisionId}
                            and l.component_item_id = i.id), false) as backflush,
               coalesce(r.quantity, 0)::text as reserved, coalesce(r.consumed, 0)::text as consumed,
               (case when r.released_at is null then greatest(r.quantity - r.consumed, 0) else 0 end)::text as left,
               greatest(r.consumed - r.quantity, 0)::text as over
          from work_order_reservations r
          join items i on i.company_id = r.company_id and i.id = r.item_id
          left join company_settings s on s.company_id = r.company_id
         where r.company_id = ${companyId} and r.work_order_id = ${wo.id}
         order by i.part_number`,
  );
}

async function consumptionsOf(tx: TDb, companyId: string, workOrderId: string) {
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

async function outputsOf(tx: TDb, companyId: string, workOrderId: string) {
  return queryRows<{
    id: string;
    lot_id: string | null;
    lot_number: string | null;
    full_code: string | null;
    good_quantity: string;
    scrap_quantity: string;
    scrap_reason: string | null;
    created_at: Date | string;
    created_by: string;
  }>(
    tx,
    sql`select o.id, o.lot_id, t.lot_number, l.full_code, o.good_quantity::text as good_quantity,
               o.scrap_quantity::text as scrap_quantity, o.scrap_reason, o.created_at, o.created_by
          from work_order_outputs o
          left join locations l on l.company_id = o.company_id and l.id = o.location_id
          left join lots t on t.company_id = o.company_id and t.id = o.lot_id
         where o.company_id = ${companyId} and o.work_order_id = ${workOrderId}
         order by o.created_at, o.id`,
  );
}

/** The assembly item's default location (decision 064: the output goes there when the work order names none). */
async function assemblyDefaultLocation(tx: TDb, companyId: string, assemblyId: string) {
  const [row] = await queryRows<{ id: string; full_code: string }>(
    tx,
    sql`select l.id, l.full_code from assemblies a
          join items i on i.company_id = a.company_id and i.id = a.item_id
          join locations l on l.company_id = i.company_id and l.id = i.default_location_id
         where a.company_id = ${companyId} and a.id = ${assemblyId}`,
  );
  return row ? { id: row.id, code: row.full_code } : null;
}

/** The run of work order `id` as the floor sees it; 404 when it is not the company's. */
export async function floorOf(tx: TDb, companyId: string, id: string): Promise<TFloor> {
  const wo = await woRepo.findWorkOrder(tx, companyId, id);
  const summary = wo ? await woRepo.findSummary(tx, companyId, id) : null;
  if (!wo || !summary) throw workOrderNotFound();
  const location = wo.outputLocationId ? await findLocation(tx, companyId, wo.outputLocationId) : null;
  const runs = new Map((await stepRunsOf(tx, companyId, id)).map((r) => [r.step_id, r]));
  const steps = await stepsOf(tx, companyId, wo.revisionId);
  const filesOf = new Map<string, TStepFile[]>();
  for (const { link, file } of await stepFilesOf(tx, companyId, wo.revisionId)) {
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
  const components = await floorComponents(tx, companyId, wo);
  const { backflushOf, takenFromOf } = await floorPlan(tx, companyId, wo, components, steps);
  return {
    id,
    numberText: workOrderNumberText(Number(wo.number)),
    status: wo.status as TWorkOrderStatus,
    partNumber: summary.part_number,
    name: summary.name,
    unitOfMeasure: summary.unit_of_measure,
    quantity: q(wo.quantity),
    goodQuantity: q(wo.goodQuantity),
    scrapQuantity: q(wo.scrapQuantity),
    outputLocation: location ? { id: location.id, code: location.fullCode } : null,
    assemblyDefaultLocation: await assemblyDefaultLocation(tx, companyId, wo.assemblyId),
    steps: steps.map((s) => {
      const run = runs.get(s.id);
      return {
        id: s.id,
        position: s.position,
        title: s.title,
        instructions: s.instructions,
        files: filesOf.get(s.id) ?? [],
        backflush: backflushOf(s.id),
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
      stepIds: c.step_ids,
      consumption: c.backflush ? ('backflush' as const) : ('scan' as const),
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
      createdAt: iso(o.created_at),
      createdBy: o.created_by,
    })),
  };
}

/** GET /api/v1/work-orders/:id/floor. */
export async function getFloor(tenant: TTenant, id: string): Promise<TFloor> {
  return tenant.run((tx) => floorOf(tx, tenant.companyId, id));
}
