// QC Setup's plans (decision 071, rules of decision 070): one receipt and one final plan per item, named step plans
// for assembly items only; each created with its draft version 1; renamed and switched on or off; "Edit" copies the
// highest released version into a new draft (one draft at a time). Everyone reads; admins change; each change is
// audited in the transaction that makes it.
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import { LABEL_CONFIG_MESSAGES } from '#common/label-config.ts';
import {
  PLAN_MESSAGES as M,
  type TPlanCreate,
  type TPlanDetail,
  type TPlanListQuery,
  type TPlanPage,
  type TPlanUpdate,
  ZPlanCreateSchema,
  ZPlanUpdateSchema,
} from '#common/schemas/inspection-plans.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { findAssemblyByItem } from '../build/assemblies.repo.ts';
import { lockLabelConfig } from '../companies/companies.repo.ts';
import { findItemRow, lockItemRow } from '../inventory/items.repo.ts';
import { planLabel, planRowOf, versionFieldsOf } from './plan-view.ts';
import * as repo from './plans.repo.ts';

export const planNotFound = () => new AppError('NOT_FOUND', M.notFound);

/** GET /api/v1/inspection-plans */
export async function listPlans(tenant: TTenant, query: TPlanListQuery): Promise<TPlanPage> {
  const { rows, total } = await tenant.run((tx) => repo.listPlans(tx, tenant.companyId, query));
  return { items: rows.map(planRowOf), total, page: query.page, pageSize: query.pageSize };
}

export async function planDetailOf(tx: TDb, companyId: string, id: string): Promise<TPlanDetail> {
  const found = await repo.findPlan(tx, companyId, id);
  if (!found) throw planNotFound();
  const versions = await repo.versionsOf(tx, companyId, id);
  const draft = versions.find((v) => v.version.status === 'draft');
  const released = versions.find((v) => v.version.status === 'released'); // newest first: the one in force
  return {
    ...planRowOf(found),
    versions: versions.map((v) => ({ ...versionFieldsOf(v.version), checkCount: Number(v.checkCount) })),
    draftVersionId: draft?.version.id ?? null,
    releasedVersionId: released?.version.id ?? null,
  };
}

/** GET /api/v1/inspection-plans/:id */
export async function getPlan(tenant: TTenant, id: string): Promise<TPlanDetail> {
  return tenant.run((tx) => planDetailOf(tx, tenant.companyId, id));
}

/** The unique indexes' refusals in the words of the field they are about. */
function conflictOf(stage: string) {
  return stage === 'step'
    ? new AppError('CONFLICT', M.nameTaken, { name: M.nameTaken })
    : new AppError('CONFLICT', M.stageTaken(stage), { stage: M.stageTaken(stage) });
}

/** POST /api/v1/inspection-plans (admins): the plan and its empty draft version 1, sampling every unit. */
export async function createPlan(tenant: TTenant, input: TPlanCreate): Promise<TPlanDetail> {
  const fields = ZPlanCreateSchema.parse(input);
  try {
    return await tenant.run(async (tx) => {
      const item = await findItemRow(tx, tenant.companyId, fields.itemId);
      if (!item) throw new AppError('NOT_FOUND', M.itemNotFound, { itemId: M.itemNotFound });
      // A step plan is linked from a recipe's step: an item with no recipe has no step to link it from.
      // A receipt opens its inspection on the lot it receives and holds that lot: without lots nothing would be held.
      if (fields.stage === 'receipt' && !item.lotTracked) {
        const message = M.receiptNeedsLots(item.partNumber);
        throw new AppError('CONFLICT', message, { itemId: message });
      }
      if (fields.stage === 'step' && !(await findAssemblyByItem(tx, tenant.companyId, item.id)))
        throw new AppError('CONFLICT', M.stepNeedsAssembly, { stage: M.stepNeedsAssembly });
      const id = uuidv7();
      await repo.insertPlan(tx, { id, companyId: tenant.companyId, ...fields });
      await repo.insertVersion(tx, { id: uuidv7(), companyId: tenant.companyId, planId: id, number: 1 });
      await recordAudit(tx, tenant.companyId, tenant.actor, {
        entityType: 'inspection-plan',
        entityId: id,
        entityLabel: planLabel(item.partNumber, fields.stage, fields.name),
        action: 'created',
        after: {
          item: `${item.partNumber} ${item.name}`,
          stage: fields.stage,
          name: fields.name,
          version: 1,
        },
      });
      return planDetailOf(tx, tenant.companyId, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflictOf(fields.stage); // also two requests for one item at once
    throw error;
  }
}

/** PUT /api/v1/inspection-plans/:id (admins): rename, or switch on or off (off: new inspections do not use it). */
export async function updatePlan(tenant: TTenant, id: string, input: TPlanUpdate): Promise<TPlanDetail> {
  const fields = ZPlanUpdateSchema.parse(input);
  let stage = '';
  try {
    return await tenant.run(async (tx) => {
      const found = await repo.findPlan(tx, tenant.companyId, id, true);
      if (!found) throw planNotFound();
      stage = found.plan.stage;
      // Switched back on, a receipt plan must find lots to hold, as at its creation (decision 070). The item is read
      // for share, so an item change turning its lots off waits for this, or this for it.
      if (stage === 'receipt' && fields.active && !found.plan.active) {
        if (!(await lockItemRow(tx, tenant.companyId, found.plan.itemId, 'share'))?.lotTracked) {
          const message = M.receiptOnNeedsLots(found.item.partNumber);
          throw new AppError('CONFLICT', message, { active: message });
        }
        if (!(await lockLabelConfig(tx, tenant.companyId, 'share'))) {
          const message = LABEL_CONFIG_MESSAGES.companyLotsOff;
          throw new AppError('CONFLICT', message, { active: message });
        }
      }
      await repo.updatePlan(tx, tenant.companyId, id, fields);
      await recordAudit(tx, tenant.companyId, tenant.actor, {
        entityType: 'inspection-plan',
        entityId: id,
        entityLabel: planLabel(found.item.partNumber, found.plan.stage, fields.name),
        action: 'updated',
        before: { name: found.plan.name, active: found.plan.active },
        after: { name: fields.name, active: fields.active },
      });
      return planDetailOf(tx, tenant.companyId, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflictOf(stage);
    throw error;
  }
}

/**
 * POST /api/v1/inspection-plans/:id/draft (admins): "Edit" — a new draft copied from the highest released version
 * (its sampling and checks, new ids; the reference files are linked, never copied). Refused while a draft exists.
 */
export async function openPlanDraft(tenant: TTenant, id: string): Promise<TPlanDetail> {
  return tenant.run(async (tx) => {
    const found = await repo.findPlan(tx, tenant.companyId, id, true);
    if (!found) throw planNotFound();
    const versions = await repo.versionsOf(tx, tenant.companyId, id);
    const draft = versions.find((v) => v.version.status === 'draft');
    if (draft) throw new AppError('CONFLICT', M.draftExists(draft.version.number));
    const from = versions.find((v) => v.version.status === 'released')?.version;
    if (!from) throw new AppError('CONFLICT', M.nothingReleased);
    const versionId = uuidv7();
    const number = Math.max(...versions.map((v) => v.version.number)) + 1;
    await repo.insertVersion(tx, {
      id: versionId,
      companyId: tenant.companyId,
      planId: id,
      number,
      sampling: from.sampling,
      sampleCount: from.sampleCount,
      inspectionLevel: from.inspectionLevel,
      aql: from.aql,
    });
    const checks = await repo.checksOf(tx, tenant.companyId, from.id);
    await repo.insertChecks(
      tx,
      checks.map(({ check }) => ({ ...check, id: uuidv7(), versionId })),
    );
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'inspection-plan',
      entityId: id,
      entityLabel: planLabel(found.item.partNumber, found.plan.stage, found.plan.name),
      action: 'draft-opened',
      after: { version: number, basedOn: from.number },
    });
    return planDetailOf(tx, tenant.companyId, id);
  });
}
