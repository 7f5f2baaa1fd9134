// The demo data set: what `npm run db:seed` builds, from the same factories the tests use.
import { findCompanyByName } from '../../modules/companies/companies.repo.ts';
import type { TDb } from '../client.ts';
import { createCompany } from './factories.ts';

/** The demo company; also the development sign-in's default company, so signing in lands in it. */
export const DEMO_COMPANY_NAME = 'Demo Manufacturing';

/** What seeding did: each step says whether it created something or found it there already. */
export interface TSeedReport {
  company: { id: string; name: string; created: boolean };
}

/** Builds the demo data set; safe to run again (what exists is left as it is). */
export async function seedDemo(db: TDb): Promise<TSeedReport> {
  const existing = await findCompanyByName(db, DEMO_COMPANY_NAME);
  if (existing) return { company: { id: existing.id, name: existing.name, created: false } };
  // Every area on, maintenance included (off by default), so the demo shows the whole product.
  const { company } = await createCompany(db, {
    name: DEMO_COMPANY_NAME,
    planId: 'beta',
    labelConfig: { enableMaintenanceFeature: true },
  });
  return { company: { id: company.id, name: company.name, created: true } };
}
