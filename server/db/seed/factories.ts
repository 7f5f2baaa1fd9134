// Builders of test data, shared by the API tests and the demo seed (npm run db:seed): both go through the services.
import { randomBytes } from 'node:crypto';
import type { TLabelConfig, TLabelConfigPatch } from '#common/label-config.ts';
import type { TPlanId } from '#common/plans.ts';
import type { TCompanyRow } from '../../modules/companies/companies.repo.ts';
import * as companies from '../../modules/companies/companies.service.ts';
import type { TDb } from '../client.ts';

/** A company name no other test of the run uses (names are unique across companies). */
export function uniqueCompanyName(prefix = 'Test Company'): string {
  return `${prefix} ${randomBytes(4).toString('hex')}`;
}

/** What a test or the seed may choose about a company; everything else takes the service's defaults. */
export interface TCompanyOverrides {
  name?: string;
  planId?: TPlanId;
  timezone?: string;
  /** Settings to change after creation, as an admin of the company would. */
  labelConfig?: TLabelConfigPatch;
}

/** A created company and its label configuration as stored. */
export interface TCreatedCompany {
  company: TCompanyRow;
  labelConfig: TLabelConfig;
}

/** Creates a company through the companies service, then applies any label configuration changes. */
export async function createCompany(db: TDb, overrides: TCompanyOverrides = {}): Promise<TCreatedCompany> {
  const company = await companies.createCompany(db, {
    name: overrides.name ?? uniqueCompanyName(),
    ...(overrides.planId ? { planId: overrides.planId } : {}),
    ...(overrides.timezone ? { timezone: overrides.timezone } : {}),
  });
  // The factory acts as the company's own admin: the same tenant-confined path a PATCH takes.
  const ctx = { companyId: company.id, userId: 'factory', role: 'admin' as const };
  const labelConfig = overrides.labelConfig
    ? await companies.changeLabelConfig(db, ctx, overrides.labelConfig)
    : await companies.getLabelConfig(db, ctx);
  return { company, labelConfig };
}
