// A step's inspections on the floor (decisions 044, 049, 070, 076). A recipe's step is inspected with plans
// (assembly_step_checks, frozen with the revision); a required one is OPEN until an inspection of that plan for this
// work order and step has passed. Decision 076: the block is at BOTH the step's finish (the step that needs the
// inspection cannot be left behind uninspected, as Odoo's operation checks and InvenTree's required tests) and the work
// order's completion (whatever finished a step earlier, nothing is completed with one open). A plan Quality switched
// off no longer blocks (it can no longer be inspected); a plan with no released version still does — the refusal says
// so, and Quality releases one.
import { AppError } from '#common/errors.ts';
import {
  inspectionNumberText,
  type TChecksOpenDetails,
  type TFloorStepCheck,
  type TOpenCheck,
} from '#common/schemas/floor-checks.ts';
import { SHOP_FLOOR_MESSAGES as M } from '#common/schemas/shop-floor.ts';
import type { TDb } from '../../db/client.ts';
import { plansOnFloor, type TPlanOnFloor } from './floor-checks.repo.ts';
import { recipeOf } from './released-recipe.ts';
import type { TRevisionSteps } from './work-order-plan.ts';
import type { TWorkOrderRow } from './work-orders.repo.ts';

/** Each step's plans with where they stand for the work order, by step id: one query, none without a link. */
export async function stepChecksOf(
  tx: TDb,
  companyId: string,
  wo: TWorkOrderRow,
): Promise<Map<string, TFloorStepCheck[]>> {
  const { checks: links } = await recipeOf(tx, companyId, wo.revisionId);
  const byStep = new Map<string, TFloorStepCheck[]>();
  if (links.length === 0) return byStep;
  const plans = await plansOnFloor(tx, companyId, wo.id, [...new Set(links.map((l) => l.planId))]);
  for (const link of links) {
    const plan = plans.get(link.planId);
    if (!plan) continue;
    const list = byStep.get(link.stepId) ?? [];
    list.push(checkOf(plan, link.stepId, link.required));
    byStep.set(link.stepId, list);
  }
  return byStep;
}

/** Where plan `plan` stands at step `stepId`: passed once any passed, else as its latest inspection, else not started. */
function checkOf(plan: TPlanOnFloor, stepId: string, required: boolean): TFloorStepCheck {
  const here = plan.inspections.filter((i) => i.stepId === stepId);
  const shown = here.findLast((i) => i.status === 'passed') ?? here.at(-1) ?? null;
  const state = shown ? shown.status : 'not_started';
  return {
    planId: plan.planId,
    name: plan.name,
    required,
    active: plan.active,
    released: plan.released,
    state,
    inspection: shown
      ? { id: shown.id, number: shown.number, numberText: inspectionNumberText(shown.number) }
      : null,
    blocking: required && plan.active && state !== 'passed',
  };
}

/** Why a blocking check is open, in the refusal's words. */
function why(check: TFloorStepCheck): string {
  if (!check.inspection) return check.released ? 'not started' : 'the plan has no released version yet';
  return `${check.inspection.numberText} ${check.state === 'open' ? 'still open' : check.state}`;
}

/** The required checks of `steps` (all the revision's, or one step's) still open, in step order. */
export async function openRequiredChecks(
  tx: TDb,
  companyId: string,
  wo: TWorkOrderRow,
  steps: TRevisionSteps,
): Promise<TOpenCheck[]> {
  const byStep = await stepChecksOf(tx, companyId, wo);
  return steps.flatMap((step) =>
    (byStep.get(step.id) ?? [])
      .filter((c) => c.blocking)
      .map((c) => ({
        stepId: step.id,
        stepPosition: step.position,
        stepTitle: step.title,
        planId: c.planId,
        planName: c.name,
        state: c.state,
        inspectionNumberText: c.inspection?.numberText ?? null,
        why: why(c),
      })),
  );
}

/**
 * The 409 naming each open check ("Step 2 Torque: inspection “Torque check” not passed (QI-000004 failed)"), with
 * each in `details.checks` for the screen; `atStep` words it for a step's finish rather than completion.
 */
export function checksOpenError(open: readonly TOpenCheck[], atStep: boolean): AppError {
  const names = open.map((c) => M.openCheck(c.stepPosition, c.stepTitle, c.planName, c.why));
  const message = atStep ? M.stepChecksOpen(names) : M.checksOpen(names);
  const details: TChecksOpenDetails = { checks: [...open] };
  return new AppError('CONFLICT', message, { [atStep ? 'stepId' : 'status']: message }, { details });
}
