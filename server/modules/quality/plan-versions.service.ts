// A plan's versions (decision 071): a draft's sampling rule and ordered checks are saved whole; releasing it freezes
// it (the service refuses any later change with 409, the trigger inspection_plan_version_frozen backs it in the
// database). AQL sampling is for a lot's receipt and final inspection only; a visual check's reference is one of the
// company's uploaded pictures or videos. One transaction and one audit entry per change.
import { v7 as uuidv7 } from 'uuid';
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { LABEL_CONFIG_MESSAGES } from '#common/label-config.ts';
import {
  PLAN_MESSAGES as M,
  type TVersion,
  type TVersionSave,
  ZVersionSaveSchema,
} from '#common/schemas/inspection-plans.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { lockLabelConfig } from '../companies/companies.repo.ts';
import { filesAmong } from '../files/files.repo.ts';
import { lockItemRow } from '../inventory/items.repo.ts';
import { checkOf, planLabel, versionAudit, versionOf } from './plan-view.ts';
import * as repo from './plans.repo.ts';

const versionNotFound = () => new AppError('NOT_FOUND', M.versionNotFound);

async function fullVersion(tx: TDb, companyId: string, v: repo.TVersionRow): Promise<TVersion> {
  const found = await repo.findPlan(tx, companyId, v.planId);
  if (!found) throw versionNotFound();
  const checks = await repo.checksOf(tx, companyId, v.id);
  return versionOf(found, v, checks.map(checkOf));
}

/** GET /api/v1/inspection-plan-versions/:id */
export async function getVersion(tenant: TTenant, id: string): Promise<TVersion> {
  return tenant.run(async (tx) => {
    const v = await repo.findVersion(tx, tenant.companyId, id);
    if (!v) throw versionNotFound();
    return fullVersion(tx, tenant.companyId, v);
  });
}

/** The draft locked, or the refusal: 404 when not the company's, 409 when released. */
async function lockDraft(tx: TDb, companyId: string, id: string) {
  const v = await repo.findVersion(tx, companyId, id, true);
  if (!v) throw versionNotFound();
  if (v.status === 'released') throw new AppError('CONFLICT', M.released(v.number));
  const found = await repo.findPlan(tx, companyId, v.planId);
  if (!found) throw versionNotFound();
  return { v, found };
}

/** Refuses a reference file that is not one of the company's (404 naming it: another company's id is no file). */
async function checkFiles(tx: TDb, companyId: string, input: ReturnType<typeof ZVersionSaveSchema.parse>) {
  const named = input.checks.flatMap((c) =>
    c.kind === 'visual' && c.referenceFileId ? [c.referenceFileId] : [],
  );
  const found = new Set((await filesAmong(tx, companyId, [...new Set(named)])).map((f) => f.id));
  const errors: Record<string, string> = {};
  input.checks.forEach((c, i) => {
    if (c.kind === 'visual' && c.referenceFileId && !found.has(c.referenceFileId))
      errors[`checks.${i}.referenceFileId`] = M.fileNotFound;
  });
  if (Object.keys(errors).length > 0) throw new AppError('NOT_FOUND', M.fileNotFound, errors);
}

const decimal = (v: string | null) => (v === null ? null : normalizeDecimal(v));

/** PUT /api/v1/inspection-plan-versions/:id (admins): a draft's sampling and checks, whole. */
export async function saveDraft(tenant: TTenant, id: string, input: TVersionSave): Promise<TVersion> {
  const fields = ZVersionSaveSchema.parse(input);
  return tenant.run(async (tx) => {
    const { v, found } = await lockDraft(tx, tenant.companyId, id);
    if (fields.sampling === 'aql' && found.plan.stage === 'step')
      throw new AppError('BAD_REQUEST', M.aqlNotForStep, { sampling: M.aqlNotForStep });
    await checkFiles(tx, tenant.companyId, fields);
    const before = await fullVersion(tx, tenant.companyId, v);
    await repo.updateVersion(tx, tenant.companyId, id, {
      sampling: fields.sampling,
      sampleCount: fields.sampling === 'fixed' ? fields.sampleCount : null,
      inspectionLevel: fields.sampling === 'aql' ? fields.inspectionLevel : null,
      aql: fields.sampling === 'aql' ? fields.aql : null,
    });
    await repo.deleteChecks(tx, tenant.companyId, id);
    // Each kind keeps only its own fields, so a check switched from measurement to pass/fail carries no limits.
    await repo.insertChecks(
      tx,
      fields.checks.map((c, i) => ({
        id: uuidv7(),
        companyId: tenant.companyId,
        versionId: id,
        position: i + 1,
        kind: c.kind,
        name: c.name,
        instructions: c.instructions,
        critical: c.critical,
        photoOnFail: c.photoOnFail,
        nominal: c.kind === 'measurement' ? decimal(c.nominal) : null,
        lowerLimit: c.kind === 'measurement' ? decimal(c.lowerLimit) : null,
        upperLimit: c.kind === 'measurement' ? decimal(c.upperLimit) : null,
        unit: c.kind === 'measurement' ? c.unit : '',
        readingsPerUnit: c.kind === 'measurement' ? c.readingsPerUnit : 1,
        choices: c.kind === 'choice' ? c.choices : null,
        acceptedChoices: c.kind === 'choice' ? c.acceptedChoices : null,
        referenceFileId: c.kind === 'visual' ? c.referenceFileId : null,
      })),
    );
    const after = await fullVersion(
      tx,
      tenant.companyId,
      (await repo.findVersion(tx, tenant.companyId, id))!,
    );
    const [was, is] = [versionAudit(before), versionAudit(after)];
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'inspection-plan',
      entityId: found.plan.id,
      entityLabel: planLabel(found.item.partNumber, found.plan.stage, found.plan.name),
      action: 'updated',
      before: { version: was.version, sampling: was.sampling, checks: was.checks },
      after: { version: is.version, sampling: is.sampling, checks: is.checks },
    });
    return after;
  });
}

/** POST /api/v1/inspection-plan-versions/:id/release (admins): the draft becomes the version in force, frozen. */
export async function releaseVersion(tenant: TTenant, id: string): Promise<TVersion> {
  return tenant.run(async (tx) => {
    const { v, found } = await lockDraft(tx, tenant.companyId, id);
    if ((await repo.checksOf(tx, tenant.companyId, id)).length === 0)
      throw new AppError('CONFLICT', M.emptyRelease);
    // A receipt plan made before lot tracking was turned off would never hold a receipt (decision 070, 2026-11-30).
    if (
      found.plan.stage === 'receipt' &&
      // Read for share: an item change turning lot tracking off (which checks this plan) waits, or we wait for it.
      !(await lockItemRow(tx, tenant.companyId, found.plan.itemId, 'share'))?.lotTracked
    ) {
      const message = M.receiptNeedsLots(found.item.partNumber);
      throw new AppError('CONFLICT', message, { itemId: message });
    }
    // Nor with the company's lot numbers off; read for share, as the item (companies.service.ts locks it to change).
    if (found.plan.stage === 'receipt' && !(await lockLabelConfig(tx, tenant.companyId, 'share')))
      throw new AppError('CONFLICT', LABEL_CONFIG_MESSAGES.companyLotsOff);
    await repo.updateVersion(tx, tenant.companyId, id, {
      status: 'released',
      releasedAt: new Date(),
      releasedBy: tenant.actor.name,
    });
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'inspection-plan',
      entityId: found.plan.id,
      entityLabel: planLabel(found.item.partNumber, found.plan.stage, found.plan.name),
      action: 'released',
      before: { version: v.number, status: 'draft' },
      after: { version: v.number, status: 'released' },
    });
    return fullVersion(tx, tenant.companyId, (await repo.findVersion(tx, tenant.companyId, id))!);
  });
}
