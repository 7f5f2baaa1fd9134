// A recipe's step plans (decisions 070 and 071): on a draft revision's step, the step-stage plans of the assembly's
// own item, in order, each required or not. A released revision is frozen (the service's 409, the trigger
// assembly_step_checks_frozen behind it). Another item's plan, or another company's, is no plan here (404 naming it).
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import { BUILD_MESSAGES } from '#common/schemas/build.ts';
import {
  STEP_CHECK_MESSAGES as M,
  type TRevisionStepChecks,
  type TStepChecksSave,
  ZStepChecksSaveSchema,
} from '#common/schemas/step-checks.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { findAssembly, findRevision, lockRevision, stepsOf } from '../build/assemblies.repo.ts';
import { plansAmong } from './plans.repo.ts';
import * as repo from './step-checks.repo.ts';

async function revisionChecks(tx: TDb, companyId: string, revisionId: string): Promise<TRevisionStepChecks> {
  const steps = await stepsOf(tx, companyId, revisionId);
  const links = await repo.stepChecksOf(tx, companyId, revisionId);
  return {
    revisionId,
    steps: steps.map((s) => ({
      stepId: s.id,
      checks: links
        .filter((l) => l.link.stepId === s.id)
        .map((l, i) => ({
          planId: l.plan.id,
          name: l.plan.name,
          position: i + 1,
          required: l.link.required,
          active: l.plan.active,
          releasedNumber: l.releasedNumber === null ? null : Number(l.releasedNumber),
        })),
    })),
  };
}

/** GET /api/v1/assembly-revisions/:id/step-checks */
export async function getRevisionStepChecks(
  tenant: TTenant,
  revisionId: string,
): Promise<TRevisionStepChecks> {
  return tenant.run(async (tx) => {
    if (!(await findRevision(tx, tenant.companyId, revisionId)))
      throw new AppError('NOT_FOUND', BUILD_MESSAGES.revisionNotFound);
    return revisionChecks(tx, tenant.companyId, revisionId);
  });
}

/** PUT /api/v1/assembly-steps/:id/checks (admins): the step's plans in order, whole; answers the revision's links. */
export async function saveStepChecks(
  tenant: TTenant,
  stepId: string,
  input: TStepChecksSave,
): Promise<TRevisionStepChecks> {
  const fields = ZStepChecksSaveSchema.parse(input);
  return tenant.run(async (tx) => {
    const step = await repo.findStep(tx, tenant.companyId, stepId);
    if (!step) throw new AppError('NOT_FOUND', M.stepNotFound);
    const revision = await lockRevision(tx, tenant.companyId, step.revisionId);
    if (!revision) throw new AppError('NOT_FOUND', M.stepNotFound);
    if (revision.status === 'released') throw new AppError('CONFLICT', M.released(revision.number));
    const assembly = await findAssembly(tx, tenant.companyId, revision.assemblyId);
    if (!assembly) throw new AppError('NOT_FOUND', M.stepNotFound);
    const plans = new Map(
      (
        await plansAmong(
          tx,
          tenant.companyId,
          fields.checks.map((c) => c.planId),
        )
      ).map((p) => [p.plan.id, p.plan]),
    );
    const errors: Record<string, string> = {};
    const seen = new Set<string>();
    fields.checks.forEach((c, i) => {
      const plan = plans.get(c.planId);
      if (plan?.stage !== 'step' || plan.itemId !== assembly.item.id)
        errors[`checks.${i}.planId`] = M.planNotFound;
      else if (seen.has(c.planId)) errors[`checks.${i}.planId`] = M.twice;
      seen.add(c.planId);
    });
    const first = Object.entries(errors)[0];
    if (first) {
      const notFound = first[1] === M.planNotFound;
      throw new AppError(notFound ? 'NOT_FOUND' : 'BAD_REQUEST', first[1], errors);
    }
    const before = await repo.stepChecksOf(tx, tenant.companyId, revision.id);
    const planText = (name: string, required: boolean) => `${name}${required ? ' (required)' : ''}`;
    await repo.deleteStepChecks(tx, tenant.companyId, [stepId]);
    await repo.insertStepChecks(
      tx,
      fields.checks.map((c, i) => ({
        id: uuidv7(),
        companyId: tenant.companyId,
        revisionId: revision.id,
        stepId,
        planId: c.planId,
        position: i + 1,
        required: c.required,
      })),
    );
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'assembly',
      entityId: assembly.assembly.id,
      entityLabel: assembly.item.partNumber,
      action: 'updated',
      before: {
        revision: revision.number,
        step: `${step.position}. ${step.title}`,
        inspections: before
          .filter((l) => l.link.stepId === stepId)
          .map((l) => planText(l.plan.name, l.link.required)),
      },
      after: {
        revision: revision.number,
        step: `${step.position}. ${step.title}`,
        inspections: fields.checks.map((c) => planText(plans.get(c.planId)?.name ?? '', c.required)),
      },
    });
    return revisionChecks(tx, tenant.companyId, revision.id);
  });
}
