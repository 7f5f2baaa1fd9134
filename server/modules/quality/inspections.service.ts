// Starting and reading inspections (decision 072). An inspection starts from the plan's highest released version,
// samples as it says (inspection-sampling.ts) and copies Ac/Re, so it is judged as it was planned whatever changes
// later. Two inspectors starting the same one meet the same row: the open one is returned; a start racing another
// loses its insert to the partial unique index, rolls back (so the counter stays gap-free) and reads the winner.
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import type { TCorrectiveAction } from '#common/schemas/corrective-actions.ts';
import {
  inspectionLabel,
  INSPECTION_MESSAGES as M,
  type TInspection,
  type TInspectionListQuery,
  type TInspectionPage,
  type TInspectionStart,
} from '#common/schemas/inspections.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { takeNextNumber } from '../companies/counters.repo.ts';
import { correctiveActionOf, inspectionOf, summaryOf } from './inspection-dto.ts';
import { sampleFor, switchingStateOf } from './inspection-sampling.ts';
import { type TTarget, targetOf } from './inspection-targets.ts';
import { inspectionPage, inspectionView, resultViews } from './inspection-views.repo.ts';
import * as repo from './inspections.repo.ts';
import { checksOfVersion } from './plan-in-force.repo.ts';

/** Another inspector's start committed first: this transaction rolls back and the open one is read. */
class LostStart extends Error {}

/** Creates the inspection of `target` unless one is open; in the caller's transaction. */
export async function openInspectionWithin(
  tx: TDb,
  tenant: TTenant,
  target: TTarget,
): Promise<{ id: string; number: number; created: boolean }> {
  const { plan, version } = target.inForce;
  const key = {
    planId: plan.id,
    lotId: target.lotId,
    workOrderId: target.workOrderId,
    stepId: target.stepId,
  };
  const open = await repo.findOpen(tx, tenant.companyId, key);
  if (open) {
    const row = await repo.findInspection(tx, tenant.companyId, open);
    return { id: open, number: row!.number, created: false };
  }
  const sample = await sampleFor(tx, tenant.companyId, version, target.lotSize, {
    itemId: target.itemId,
    stage: plan.stage as 'receipt' | 'step' | 'final',
    supplierId: target.supplierId,
  });
  const id = uuidv7();
  const number = await takeNextNumber(tx, tenant.companyId, 'inspection');
  const inserted = await repo.insertUnlessOpen(tx, {
    id,
    companyId: tenant.companyId,
    number,
    planId: plan.id,
    planVersionId: version.id,
    stage: plan.stage,
    itemId: target.itemId,
    lotId: target.lotId,
    workOrderId: target.workOrderId,
    stepId: target.stepId,
    machineId: target.machineId,
    supplierId: target.supplierId,
    lotSize: target.lotSize,
    sampleSize: sample.sampleSize,
    severity: sample.severity,
    acceptNumber: sample.accept,
    rejectNumber: sample.reject,
    startedBy: tenant.actor.name,
  });
  if (!inserted) throw new LostStart();
  await recordAudit(tx, tenant.companyId, tenant.actor, {
    entityType: 'inspection',
    entityId: id,
    entityLabel: inspectionLabel(number),
    action: 'started',
    after: {
      plan: plan.name,
      version: version.number,
      lot: target.lotId,
      workOrder: target.workOrderId,
      step: target.stepId,
      lotSize: target.lotSize,
      sampleSize: sample.sampleSize,
      severity: sample.severity,
      acceptNumber: sample.accept,
      rejectNumber: sample.reject,
    },
  });
  return { id, number, created: true };
}

/** The inspection as the screen reads it; null when it is not the company's. */
export async function readInspection(tx: TDb, companyId: string, id: string): Promise<TInspection | null> {
  const view = await inspectionView(tx, companyId, id);
  if (!view) return null;
  const checks = await checksOfVersion(tx, companyId, view.planVersionId);
  const results = await resultViews(tx, companyId, id);
  const switching = { discontinued: false, resumedAfter: null as TCorrectiveAction | null };
  if (view.status === 'open' && view.severity !== null && view.stage !== 'step') {
    const { state, latestAction } = await switchingStateOf(tx, companyId, {
      itemId: view.itemId,
      stage: view.stage,
      supplierId: view.supplierId,
    });
    switching.discontinued = state.discontinued;
    // 4.8: this open lot is the first after the corrective action, inspected at tightened afresh.
    if (state.reason === 'resumed-after-corrective-action' && latestAction)
      switching.resumedAfter = correctiveActionOf(latestAction);
  }
  return inspectionOf(view, checks, results, switching);
}

/**
 * A lot with no open inspection under the plan but a finished one: a link followed twice, or a tap on Inspect for a
 * lot that passed, must not start a second inspection (it would count the lot twice). 409 naming `again`, unless the
 * inspector asks for one.
 */
async function assertNotInspectedYet(tx: TDb, companyId: string, target: TTarget): Promise<void> {
  const planId = target.inForce.plan.id;
  if (await repo.findOpen(tx, companyId, { planId, lotId: target.lotId, workOrderId: null, stepId: null }))
    return;
  const done = await repo.latestFinishedOfLot(tx, companyId, { planId, lotId: target.lotId! });
  if (!done) return;
  const message = M.inspectedAlready(done.lot_number, inspectionLabel(done.number), done.status);
  throw new AppError('CONFLICT', message, { again: message });
}

/** POST /api/v1/inspections: the open inspection of the target, started when there is none. */
export async function startInspection(
  tenant: TTenant,
  input: TInspectionStart,
): Promise<{ inspection: TInspection; created: boolean }> {
  const attempt = () =>
    tenant.run(async (tx) => {
      const target = await targetOf(tx, tenant.companyId, input);
      if (target.lotId && !input.again) await assertNotInspectedYet(tx, tenant.companyId, target);
      const { id, created } = await openInspectionWithin(tx, tenant, target);
      return { inspection: (await readInspection(tx, tenant.companyId, id))!, created };
    });
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof LostStart) return attempt();
    throw error;
  }
}

/** GET /api/v1/inspections/:id */
export async function getInspection(tenant: TTenant, id: string): Promise<TInspection> {
  const found = await tenant.run((tx) => readInspection(tx, tenant.companyId, id));
  if (!found) throw new AppError('NOT_FOUND', M.notFound);
  return found;
}

/** GET /api/v1/inspections */
export async function listInspections(
  tenant: TTenant,
  query: TInspectionListQuery,
): Promise<TInspectionPage> {
  const { rows, total } = await tenant.run((tx) => inspectionPage(tx, tenant.companyId, query));
  return { items: rows.map(summaryOf), total, page: query.page, pageSize: query.pageSize };
}
