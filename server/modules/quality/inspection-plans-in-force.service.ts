// Which inspections a lot or a work order can have now (decision 072): the scan cards offer "Inspect" from this, and
// the QC Instructions screen lists a work order's steps to inspect. A plan counts when it is on and has a released
// version; each comes with its open inspection, if one is under way.
import { AppError } from '#common/errors.ts';
import { INSPECTION_MESSAGES as M, type TPlansInForce } from '#common/schemas/inspections.ts';
import type { TTenant } from '../../db/tenant.ts';
import * as repo from './inspections.repo.ts';
import { finalPlanOf, planInForce, receiptPlanOf, type TPlanInForce } from './plan-in-force.repo.ts';

type TEntry = TPlansInForce['plans'][number];

/** GET /api/v1/inspections/plans-in-force?lotId=|workOrderId= */
export async function plansInForceFor(
  tenant: TTenant,
  query: { lotId?: string | undefined; workOrderId?: string | undefined },
): Promise<TPlansInForce> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    const plans: TEntry[] = [];
    const add = async (
      inForce: TPlanInForce | null,
      key: { lotId: string | null; workOrderId: string | null; stepId: string | null },
      stepTitle: string | null = null,
    ) => {
      if (!inForce) return;
      const open = await repo.findOpen(tx, companyId, { planId: inForce.plan.id, ...key });
      plans.push({
        planId: inForce.plan.id,
        name: inForce.plan.name,
        stage: inForce.plan.stage as TEntry['stage'],
        stepId: key.stepId,
        stepTitle,
        openInspectionId: open,
      });
    };
    if (query.lotId) {
      const lot = await repo.lotToInspect(tx, companyId, query.lotId);
      if (!lot) throw new AppError('NOT_FOUND', M.lotNotFound, { lotId: M.lotNotFound });
      const key = { lotId: lot.id, workOrderId: null, stepId: null };
      await add(await receiptPlanOf(tx, companyId, lot.item_id), key);
      await add(await finalPlanOf(tx, companyId, lot.item_id), key);
    }
    if (!query.workOrderId) return { plans };
    const wo = await repo.workOrderToInspect(tx, companyId, query.workOrderId);
    if (!wo) throw new AppError('NOT_FOUND', M.workOrderNotFound, { workOrderId: M.workOrderNotFound });
    for (const link of await repo.stepPlanLinks(tx, companyId, wo.revision_id)) {
      const key = { lotId: null, workOrderId: wo.id, stepId: link.step_id };
      await add(await planInForce(tx, companyId, link.plan_id), key, link.title);
    }
    await add(await finalPlanOf(tx, companyId, wo.item_id), {
      lotId: null,
      workOrderId: wo.id,
      stepId: null,
    });
    return { plans };
  });
}
