// Getting started: the steps offered to the signed-in person (an admin's set-up steps, or an operator's own), each
// ticked from the company's data; steps of areas the company switched off are left out (issue 20).
import { featureFlagsOf } from '#common/label-config.ts';
import { hasRole } from '#common/roles.ts';
import {
  GETTING_STARTED_STEPS,
  type TGettingStarted,
  type TGettingStartedAudience,
  type TGettingStartedStepId,
} from '#common/schemas/help.ts';
import type { TTenant } from '../../db/tenant.ts';
import { findLabelConfig } from '../companies/companies.repo.ts';
import { companyProgress, personProgress } from './help.repo.ts';

export async function gettingStarted(tenant: TTenant): Promise<TGettingStarted> {
  const { companyId, userId } = tenant;
  const audience: TGettingStartedAudience = hasRole(tenant.role, 'admin') ? 'admin' : 'operator';
  return tenant.run(async (tx) => {
    const config = await findLabelConfig(tx, companyId);
    const flags = config ? featureFlagsOf(config) : null;
    const offered = GETTING_STARTED_STEPS.filter(
      (step) => step.audience === audience && (step.feature === null || flags?.[step.feature] === true),
    );
    const done: Partial<Record<TGettingStartedStepId, boolean>> =
      audience === 'admin'
        ? await companyProgress(tx, companyId)
        : await personProgress(tx, companyId, userId);
    return { audience, steps: offered.map((step) => ({ id: step.id, done: done[step.id] === true })) };
  });
}
