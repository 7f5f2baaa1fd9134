// The demo data set: what `npm run db:seed` builds, from the same factories the tests use.
import type { TRole } from '#common/roles.ts';
import { actorOf } from '../../modules/audit/audit.ts';
import { findUserByEmail } from '../../modules/auth/accounts.repo.ts';
import { findCompanyByName } from '../../modules/companies/companies.repo.ts';
import type { TDb } from '../client.ts';
import { type TTenant, tenantFor } from '../tenant.ts';
import { seedDemoBuild, type TBuildSeedReport } from './demo-build.ts';
import { seedDemoInventory, type TInventorySeedReport } from './demo-inventory.ts';
import { seedDemoJobs, type TJobsSeedReport } from './demo-jobs.ts';
import { seedDemoMaintenance, type TMaintenanceSeedReport } from './demo-maintenance.ts';
import { seedDemoQuality, seedDemoSuppliers, type TQualitySeedReport } from './demo-quality.ts';
import { seedDemoStockChecks } from './demo-stock-check.ts';
import { demoCalendar } from './demo-time.ts';
import { seedDemoTimeEntries, type TTimeSeedReport } from './demo-time-entries.ts';
import { createCompany, createUser } from './factories.ts';
import { seededRandom } from './random.ts';

/** The demo company. */
export const DEMO_COMPANY_NAME = 'Demo Manufacturing';

/** The demo's password (printed by the seed): a demo database is for trying the app, never for real data. */
export const DEMO_PASSWORD = 'Demo-Forge-2026!';

/** The demo's people: an admin who sets things up and an operator on the floor. */
export const DEMO_ACCOUNTS: readonly {
  email: string;
  role: TRole;
  firstName: string;
  lastName: string;
  /** The rate from the user's first day (decision 080); Build's history dates the operator's from before it. */
  burdenedLaborRate?: string;
}[] = [
  // The admin is the shop's planner and lead hand: her hours on a job are cost too.
  {
    email: 'admin@demo.forgeboard.test',
    role: 'admin',
    firstName: 'Dana',
    lastName: 'Admin',
    burdenedLaborRate: '48',
  },
  {
    email: 'operator@demo.forgeboard.test',
    role: 'user',
    firstName: 'Omar',
    lastName: 'Operator',
    burdenedLaborRate: '32',
  },
];

/** What seeding did: each step says whether it created something or found it there already. */
export interface TSeedReport {
  company: { id: string; name: string; created: boolean };
  accounts: { email: string; role: TRole; created: boolean }[];
  /** The shop's inventory, or null when the company already had items (left as they are). */
  inventory: TInventorySeedReport | null;
  /** The stock checks made (a posted one and one under way); 0 when the inventory was kept. */
  stockChecks: number;
  /** The Build area (assemblies, an order planned through both levels, work run on the floor), or null when kept. */
  build: TBuildSeedReport | null;
  /** Jobs, an order linked and stock issued to one, one closed; null when the company had jobs already. */
  jobs: TJobsSeedReport | null;
  /** The people's time on the jobs, or null when the company had some already. */
  time: TTimeSeedReport | null;
  /** Machines, PM plans done over the weeks, breakdowns; null when the company had machines already. */
  maintenance: TMaintenanceSeedReport | null;
  /** Suppliers made (0 when the company had some). */
  suppliers: number;
  /** Defect codes, the held lot, and the plans, inspections and nonconformances. */
  quality: TQualitySeedReport;
}

/**
 * How much history the demo carries: `full` for a newcomer (`npm run db:seed`), `small` for the end-to-end spec that
 * reads every screen of a seeded server (same areas and states, fewer weeks), chosen by DEMO_SIZE (decision 068).
 */
export const DEMO_SIZES = { full: { weeks: 16 }, small: { weeks: 4 } } as const;
export type TDemoSize = keyof typeof DEMO_SIZES;

/** Builds the demo data set; safe to run again (what exists is left as it is). */
export async function seedDemo(
  db: TDb,
  now = new Date(),
  options: { size?: TDemoSize; appUrl?: string } = {},
): Promise<TSeedReport> {
  const { weeks } = DEMO_SIZES[options.size ?? 'full'];
  const existing = await findCompanyByName(db, DEMO_COMPANY_NAME);
  // Every area on, maintenance included (off by default), so the demo shows the whole product.
  const company =
    existing ??
    (
      await createCompany(db, {
        name: DEMO_COMPANY_NAME,
        planId: 'beta',
        labelConfig: { enableMaintenanceFeature: true },
      })
    ).company;
  const accounts: TSeedReport['accounts'] = [];
  // The demo's history names its people (the ledger's "posted by", the audit trail), as if they had done it.
  const actors: TTenant[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const found = await findUserByEmail(db, account.email);
    const user = found ?? (await createUser(db, company.id, { ...account, password: DEMO_PASSWORD }));
    accounts.push({ email: account.email, role: account.role, created: !found });
    actors.push(
      tenantFor(
        db,
        { companyId: company.id, userId: user.id, role: account.role },
        actorOf({
          userId: user.id,
          email: user.email,
          firstName: account.firstName,
          lastName: account.lastName,
        }),
      ),
    );
  }
  const roles = { admin: actors[0]!, operator: actors[1]! };
  // The history is dated back from `now` on the company's own days (its zone).
  const calendar = demoCalendar(now, company.timezone);
  // Suppliers first: the inventory history's purchase-order receipts name them.
  const suppliers = await seedDemoSuppliers(roles.admin);
  const inventory = await seedDemoInventory(roles, now, suppliers.supplierOf);
  // Counted before Build's parts arrive on the assembly cell: the counts hold the shop's own stock.
  const stockChecks = inventory ? await seedDemoStockChecks(roles) : 0;
  const build = await seedDemoBuild(roles, calendar, weeks);
  const maintenance = await seedDemoMaintenance(
    roles,
    calendar,
    weeks,
    seededRandom(20261130),
    options.appUrl ?? 'http://localhost:3000',
  );
  // Last: the held lot is one Build and Maintenance did not take from.
  const quality = await seedDemoQuality(roles, calendar, weeks);
  // After every other area: the jobs take the open customer orders and a few units no other area counts on.
  const jobs = await seedDemoJobs(roles);
  // On the jobs: weeks of the people's time, so /time opens on a living week.
  const time = await seedDemoTimeEntries(roles, calendar, now);
  return {
    company: { id: company.id, name: company.name, created: !existing },
    accounts,
    inventory,
    stockChecks,
    build,
    maintenance,
    suppliers: suppliers.created,
    quality,
    jobs,
    time,
  };
}
