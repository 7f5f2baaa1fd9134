// The steps of a work order on the floor (decision 049): started in order (a step only once the one before it is
// finished), paused and resumed (the pause counted apart, so cycle time counts work), finished once with its good
// and scrap quantity. Starting a step of a released or paused work order moves it to in progress through the work
// order's own move (applyMove), in the same transaction. Each action is one transaction with its audit entry.
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { SHOP_FLOOR_MESSAGES as M, type TFloor, type TStepFinish } from '#common/schemas/shop-floor.ts';
import { statusStyle } from '#common/statuses.ts';
import { type TWorkOrderStatus, workOrderNumberText } from '#common/work-order-status.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { addStepRuntime } from '../maintenance/machine-runtime.ts';
import { clockOffStep, clockOntoStep } from '../time/time-clock.service.ts';
import { recipeOf } from './released-recipe.ts';
import { scrapCodeOf, scrapCodeText } from './scrap-code.ts';
import * as repo from './shop-floor.repo.ts';
import { backflushStep } from './shop-floor-backflush.ts';
import { checksOpenError, openRequiredChecks } from './shop-floor-checks.ts';
import { floorOf } from './shop-floor-view.ts';
import { applyMove } from './work-order-moves.service.ts';
import { assertWholeOfAssembly } from './work-order-units.ts';
import * as woRepo from './work-orders.repo.ts';
import { workOrderNotFound } from './work-orders.service.ts';

export const statusWord = (s: string) => statusStyle('workOrder', s as TWorkOrderStatus).label.toLowerCase();
const conflict = (message: string, field = 'status') =>
  new AppError('CONFLICT', message, { [field]: message });

/** The work order locked for the action: two actions on one work order queue up and each sees the other's. */
export async function lockedWorkOrder(tx: TDb, companyId: string, id: string) {
  const wo = await woRepo.lockWorkOrder(tx, companyId, id);
  if (!wo) throw workOrderNotFound();
  return wo;
}

/** Refuses unless the work order is in progress (consuming, recording output, pausing and finishing steps). */
export function assertInProgress(wo: woRepo.TWorkOrderRow): void {
  if (wo.status !== 'in_progress') throw conflict(M.notInProgress(statusWord(wo.status)));
}

/** The step of the work order's revision, with the steps in order; 404 when it is not one of them. */
async function stepOf(tx: TDb, companyId: string, wo: woRepo.TWorkOrderRow, stepId: string) {
  const { steps } = await recipeOf(tx, companyId, wo.revisionId);
  const index = steps.findIndex((s) => s.id === stepId);
  if (index < 0) throw new AppError('NOT_FOUND', M.stepNotFound);
  const step = steps[index]!;
  return {
    step,
    previous: index > 0 ? steps[index - 1]! : null,
    label: `${step.position}. ${step.title}`,
    steps,
  };
}

/** The work order as the audit trail names it. */
export const woLabel = (wo: woRepo.TWorkOrderRow) => workOrderNumberText(Number(wo.number));

/** A released, in-progress or paused work order's step starts: who and when; the work order is in progress after. */
export async function startStep(tenant: TTenant, id: string, stepId: string): Promise<TFloor> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    const wo = await lockedWorkOrder(tx, companyId, id);
    if (wo.status === 'planned') throw conflict(M.notRunnable(statusWord(wo.status)));
    if (wo.status === 'completed' || wo.status === 'cancelled')
      throw conflict(M.notInProgress(statusWord(wo.status)));
    const { step, previous, label, steps } = await stepOf(tx, companyId, wo, stepId);
    if (previous) {
      const runs = await repo.stepRunsOf(tx, companyId, id);
      const before = runs.find((r) => r.step_id === previous.id);
      if (before?.status !== 'finished') throw conflict(M.previousOpen(previous.title), 'stepId');
    }
    const started = await repo.insertStepRun(tx, {
      companyId,
      workOrderId: id,
      stepId: step.id,
      userId: tenant.userId,
      name: tenant.actor.name,
    });
    if (!started) throw conflict(M.alreadyStarted, 'stepId');
    if (wo.status !== 'in_progress') await applyMove(tx, tenant, wo, 'in_progress');
    // Decision 080: on a job's work order the operator's clock moves onto this step, in the step's transaction.
    await clockOntoStep(tx, tenant, { jobId: wo.jobId, stepRunId: started.id, at: started.startedAt });
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'work-order',
      entityId: wo.id,
      entityLabel: woLabel(wo),
      action: 'step-started',
      after: { step: label },
    });
    return floorOf(tx, companyId, id, { steps });
  });
}

/** A running step is paused: its clock stops until it is resumed. */
export async function pauseStep(tenant: TTenant, id: string, stepId: string): Promise<TFloor> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    const wo = await lockedWorkOrder(tx, companyId, id);
    assertInProgress(wo);
    const { label, steps } = await stepOf(tx, companyId, wo, stepId);
    if (!(await repo.pauseStepRun(tx, companyId, id, stepId)))
      throw await stepConflict(tx, wo, stepId, M.notRunning);
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'work-order',
      entityId: wo.id,
      entityLabel: woLabel(wo),
      action: 'step-paused',
      after: { step: label },
    });
    return floorOf(tx, companyId, id, { steps });
  });
}

/** A paused step runs again; a paused work order goes back to in progress with it. */
export async function resumeStep(tenant: TTenant, id: string, stepId: string): Promise<TFloor> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    const wo = await lockedWorkOrder(tx, companyId, id);
    if (wo.status !== 'paused') assertInProgress(wo);
    const { label, steps } = await stepOf(tx, companyId, wo, stepId);
    if (!(await repo.resumeStepRun(tx, companyId, id, stepId)))
      throw await stepConflict(tx, wo, stepId, M.notPaused);
    if (wo.status === 'paused') await applyMove(tx, tenant, wo, 'in_progress');
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'work-order',
      entityId: wo.id,
      entityLabel: woLabel(wo),
      action: 'step-resumed',
      after: { step: label },
    });
    return floorOf(tx, companyId, id, { steps });
  });
}

/**
 * A started step is finished, once: the conditional update matches nothing for the second of two operators
 * finishing at once (409), so the first one's quantities stand — and its backflush lines are taken once.
 */
export async function finishStep(
  tenant: TTenant,
  id: string,
  stepId: string,
  input: TStepFinish,
): Promise<TFloor> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    const wo = await lockedWorkOrder(tx, companyId, id);
    assertInProgress(wo);
    const { step, label, steps } = await stepOf(tx, companyId, wo, stepId);
    await assertWholeOfAssembly(tx, wo, input);
    const good = normalizeDecimal(input.goodQuantity);
    const scrap = normalizeDecimal(input.scrapQuantity);
    const reason = scrap === '0' ? null : (input.scrapReason ?? null);
    const code = await scrapCodeOf(tx, companyId, scrap, input.scrapDefectCodeId);
    const finished = await repo.finishStepRun(tx, companyId, id, stepId, {
      userId: tenant.userId,
      name: tenant.actor.name,
      good,
      scrap,
      reason,
      defectCodeId: code?.id ?? null,
    });
    if (!finished) throw await stepConflict(tx, wo, stepId, M.alreadyFinished);
    // Decision 076: the step's required inspections pass before it is left behind (the finish is undone with it).
    const open = await openRequiredChecks(tx, companyId, wo, [step]);
    if (open.length > 0) throw checksOpenError(open, true);
    // In the finish's transaction: a backflush it cannot take refuses the finish, and nothing is half taken.
    const planLines = await backflushStep(tx, tenant, wo, { id: step.id, label, steps }, finished.id);
    // Decision 080: finishing the step stops the clock that runs on it.
    await clockOffStep(tx, tenant, finished.id, finished.finishedAt);
    if (step.machineId) {
      await addStepRuntime(tx, companyId, tenant.actor, {
        machineId: step.machineId,
        workOrderId: wo.id,
        stepRunId: finished.id,
        minutes: finished.minutes,
        label: `${woLabel(wo)} step ${label}`,
      });
    }
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'work-order',
      entityId: wo.id,
      entityLabel: woLabel(wo),
      action: 'step-finished',
      after: {
        step: label,
        goodQuantity: good,
        scrapQuantity: scrap,
        scrapReason: reason,
        ...(code ? { scrapDefectCode: scrapCodeText(code) } : {}),
      },
    });
    return floorOf(tx, companyId, id, { steps, planLines });
  });
}

/** Why a conditional update matched nothing: the step was never started, or it is not in the state asked. */
async function stepConflict(tx: TDb, wo: woRepo.TWorkOrderRow, stepId: string, otherwise: string) {
  const runs = await repo.stepRunsOf(tx, wo.companyId, wo.id);
  const run = runs.find((r) => r.step_id === stepId);
  if (!run) return conflict(M.notStarted, 'stepId');
  return conflict(run.status === 'finished' ? M.alreadyFinished : otherwise, 'stepId');
}
