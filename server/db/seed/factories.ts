// Builders of test data, shared by the API tests and the demo seed (npm run db:seed).
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { normalizeEmail } from '#common/email.ts';
import type { TLabelConfig, TLabelConfigPatch } from '#common/label-config.ts';
import type { TPlanId } from '#common/plans.ts';
import type { TRole } from '#common/roles.ts';
import { systemActor } from '../../modules/audit/audit.ts';
import { hashPassword, type TPasswordHashParams } from '../../modules/auth/password-hash.ts';
import type { TCompanyRow } from '../../modules/companies/companies.repo.ts';
import * as companies from '../../modules/companies/companies.service.ts';
import { items } from '../../modules/inventory/inventory.tables.ts';
import type { TUserRow } from '../../modules/users/users.repo.ts';
import * as usersRepo from '../../modules/users/users.repo.ts';
import type { TDb } from '../client.ts';
import { tenantFor } from '../tenant.ts';

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
  const tenant = tenantFor(
    db,
    { companyId: company.id, userId: 'factory', role: 'admin' },
    systemActor('Forgeboard setup'),
  );
  const labelConfig = overrides.labelConfig
    ? await companies.changeLabelConfig(tenant, overrides.labelConfig)
    : await companies.getLabelConfig(tenant);
  return { company, labelConfig };
}

/** What a test or the seed may choose about a user; the rest takes defaults. */
export interface TUserOverrides {
  email?: string;
  role?: TRole;
  firstName?: string;
  lastName?: string;
  password?: string;
  burdenedLaborRate?: string;
  active?: boolean;
  /** Cheaper hashing for test accounts (see hashPassword); the demo seed keeps the real cost. */
  hashParams?: TPasswordHashParams;
}

/** The password factory users get unless a test chooses one; it passes both password policies. */
export const FACTORY_PASSWORD = 'Sturdy-Anvil-42';

/**
 * A verified user of `companyId` who has set their own password, as if they had signed up or followed their
 * invitation: the users row and its credential account, written directly (the admin route's rules and mail
 * belong to the tests of that route).
 */
export async function createUser(
  db: TDb,
  companyId: string,
  overrides: TUserOverrides = {},
): Promise<TUserRow> {
  const firstName = overrides.firstName ?? 'Pat';
  const lastName = overrides.lastName ?? 'Example';
  const email = normalizeEmail(overrides.email ?? `user.${randomBytes(4).toString('hex')}@example.test`);
  const passwordHash = await hashPassword(overrides.password ?? FACTORY_PASSWORD, overrides.hashParams);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDb;
    const id = uuidv7();
    const user = await usersRepo.insertUser(tx, {
      id,
      name: `${firstName} ${lastName}`,
      email,
      emailVerified: true,
      companyId,
      role: overrides.role ?? 'user',
      firstName,
      lastName,
      active: overrides.active ?? true,
      burdenedLaborRate: overrides.burdenedLaborRate ?? '0',
      needsPasswordReset: false,
    });
    // As the admin route does: every user has a rate from their first day (decision 080).
    await usersRepo.insertLaborRate(tx, {
      companyId,
      userId: id,
      rate: overrides.burdenedLaborRate ?? '0',
      setBy: null,
    });
    await usersRepo.insertCredentialAccount(tx, { id: uuidv7(), userId: id, passwordHash });
    return user;
  });
}

/** `n` active items of `companyId` with part numbers `<prefix>-0001`…, written in one statement (for limit tests). */
export async function createItems(db: TDb, companyId: string, n: number, prefix = 'ITEM'): Promise<void> {
  if (n === 0) return;
  await db.insert(items).values(
    Array.from({ length: n }, (_, i) => ({
      id: uuidv7(),
      companyId,
      partNumber: `${prefix}-${String(i + 1).padStart(4, '0')}`,
      name: `Factory item ${i + 1}`,
    })),
  );
}
