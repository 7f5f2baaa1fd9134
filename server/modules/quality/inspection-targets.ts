// What an inspection inspects and with which plan (decision 072): a lot with its item's receipt or final plan (the
// plan that put it on hold first), a work order's step with a plan its recipe links to that step, or a work order's
// output with its item's final plan. Each refusal names the field that caused it; another company's ids are 404.
import { AppError } from '#common/errors.ts';
import { INSPECTION_MESSAGES as M, type TInspectionStart } from '#common/schemas/inspections.ts';
import type { TDb } from '../../db/client.ts';
import * as repo from './inspections.repo.ts';
import {
  finalPlanOf,
  findPlan,
  planInForce,
  receiptPlanOf,
  type TPlanInForce,
} from './plan-in-force.repo.ts';

/** Everything an inspection row needs besides its sample. */
export interface TTarget {
  inForce: TPlanInForce;
  itemId: string;
  lotId: string | null;
  workOrderId: string | null;
  stepId: string | null;
  machineId: string | null;
  supplierId: string | null;
  lotSize: string;
}

const notFound = (field: string, message: string) => new AppError('NOT_FOUND', message, { [field]: message });
const refused = (field: string, message: string) => new AppError('CONFLICT', message, { [field]: message });
const wrongPlan = (message: string) => new AppError('BAD_REQUEST', message, { planId: message });

/** The named plan when it is the company's and in force; `fits` says whether it may inspect this target. */
async function namedPlan(
  tx: TDb,
  companyId: string,
  planId: string,
  fits: (p: TPlanInForce['plan']) => boolean,
  notFit: string,
) {
  const plan = await findPlan(tx, companyId, planId);
  if (!plan) throw notFound('planId', M.planNotFound);
  if (!fits(plan)) throw wrongPlan(notFit);
  const inForce = await planInForce(tx, companyId, planId);
  if (!inForce) throw refused('planId', M.planNotInForce);
  return inForce;
}

async function lotTarget(tx: TDb, companyId: string, lotId: string, planId?: string): Promise<TTarget> {
  const lot = await repo.lotToInspect(tx, companyId, lotId);
  if (!lot) throw notFound('lotId', M.lotNotFound);
  const ofLot = (p: TPlanInForce['plan']) => p.itemId === lot.item_id && p.stage !== 'step';
  let inForce: TPlanInForce | null;
  if (planId) inForce = await namedPlan(tx, companyId, planId, ofLot, M.planNotForLot);
  else {
    // The plan that put the lot on hold is the one whose pass releases it; else receipt, then final.
    const heldBy = await repo.planThatHeldLot(tx, companyId, lot.id);
    const held = heldBy ? await planInForce(tx, companyId, heldBy) : null;
    inForce =
      (held && ofLot(held.plan) ? held : null) ??
      (await receiptPlanOf(tx, companyId, lot.item_id)) ??
      (await finalPlanOf(tx, companyId, lot.item_id));
    if (!inForce) throw refused('lotId', M.noPlanForLot);
  }
  if (Number(lot.on_hand) <= 0) throw refused('lotId', M.emptyLot);
  return {
    inForce,
    itemId: lot.item_id,
    lotId: lot.id,
    workOrderId: null,
    stepId: null,
    machineId: null,
    supplierId: inForce.plan.stage === 'receipt' ? lot.supplier_id : null,
    lotSize: lot.on_hand,
  };
}

async function workOrderTarget(
  tx: TDb,
  companyId: string,
  input: { workOrderId: string; stepId?: string | undefined; planId?: string | undefined },
): Promise<TTarget> {
  const wo = await repo.workOrderToInspect(tx, companyId, input.workOrderId);
  if (!wo) throw notFound('workOrderId', M.workOrderNotFound);
  const base = {
    itemId: wo.item_id,
    lotId: null,
    workOrderId: wo.id,
    supplierId: null,
    lotSize: wo.quantity,
  };
  if (!input.stepId) {
    const ofItem = (p: TPlanInForce['plan']) => p.itemId === wo.item_id && p.stage === 'final';
    const inForce = input.planId
      ? await namedPlan(tx, companyId, input.planId, ofItem, M.planNotFinal)
      : await finalPlanOf(tx, companyId, wo.item_id);
    if (!inForce) throw refused('workOrderId', M.noFinalPlan);
    return { ...base, inForce, stepId: null, machineId: null };
  }
  const step = await repo.stepOfRevision(tx, companyId, wo.revision_id, input.stepId);
  if (!step) throw notFound('stepId', M.stepNotFound);
  const linked = await repo.stepPlanIds(tx, companyId, step.id);
  let inForce: TPlanInForce | null;
  if (input.planId) {
    const planId = input.planId;
    inForce = await namedPlan(tx, companyId, planId, (p) => linked.includes(p.id), M.planNotForStep);
  } else {
    const candidates: TPlanInForce[] = [];
    for (const planId of linked) {
      const one = await planInForce(tx, companyId, planId);
      if (one) candidates.push(one);
    }
    if (candidates.length > 1) throw wrongPlan(M.chooseStepPlan);
    inForce = candidates[0] ?? null;
    if (!inForce) throw refused('stepId', M.noStepPlan);
  }
  return { ...base, inForce, stepId: step.id, machineId: step.machine_id };
}

/** The target of a start request, checked. */
export function targetOf(tx: TDb, companyId: string, input: TInspectionStart): Promise<TTarget> {
  if (input.lotId) return lotTarget(tx, companyId, input.lotId, input.planId);
  return workOrderTarget(tx, companyId, {
    workOrderId: input.workOrderId!,
    stepId: input.stepId,
    planId: input.planId,
  });
}
