// Getting started: the steps offered to the signed-in person (an admin's set-up steps, or an operator's own), each
// ticked from the company's data; steps of areas the company switched off are left out (issue 20).
import { DEFAULT_LABEL_CONFIG, featureFlagsOf } from '#common/label-config.ts';
import {
  audienceOf,
  offeredSteps,
  type TGettingStarted,
  type TGettingStartedStepId,
} from '#common/schemas/help.ts';
import type { TTenant } from '../../db/tenant.ts';
import { findLabelConfig } from '../companies/companies.repo.ts';
import { companyProgress, personProgress } from './help.repo.ts';

export async function gettingStarted(tenant: TTenant): Promise<TGettingStarted> {
  const { companyId, userId } = tenant;
  const audience = audienceOf(tenant.role);
  return tenant.run(async (tx) => {
    const config = await findLabelConfig(tx, companyId);
    // Every company has its row from sign-up; without one the defaults apply, as they do in the web app.
    const offered = offeredSteps(tenant.role, featureFlagsOf(config ?? DEFAULT_LABEL_CONFIG));
    const done: Partial<Record<TGettingStartedStepId, boolean>> =
      audience === 'admin'
        ? await companyProgress(tx, companyId)
        : await personProgress(tx, companyId, userId);
    return { audience, steps: offered.map((step) => ({ id: step.id, done: done[step.id] === true })) };
  });
}
