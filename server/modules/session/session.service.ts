// The signed-in user's profile and company configuration, and the development-only sign-in.
import { createHash } from 'node:crypto';
import { AppError } from '#common/errors.ts';
import type { TDevSignIn, TSession } from '#common/schemas/session.ts';
import type { TDb } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import type { TAuthState, TAuthUser } from '../../plugins/auth.ts';
import { findUserProfile } from '../auth/accounts.repo.ts';
import * as companiesRepo from '../companies/companies.repo.ts';
import { createCompany } from '../companies/companies.service.ts';

/**
 * What the web app needs to draw the shell: the user and their company's configuration. A better-auth session's
 * profile comes from the users row; the development sign-in's from its cookie. `state` 'no-company' (a verified
 * user whose registration has no company) has no user.
 */
export async function getSession(
  db: TDb,
  auth: TAuthUser | null,
  devSignIn: boolean,
  state: TAuthState = auth ? 'signed-in' : 'signed-out',
): Promise<TSession> {
  const signedOut: TSession = {
    state: state === 'no-company' ? 'no-company' : 'signed-out',
    user: null,
    labelConfig: null,
    devSignIn,
  };
  if (!auth) return signedOut;
  const found = await withTenant(db, auth.companyId, async (tx) => ({
    company: await companiesRepo.findCompany(tx, auth.companyId),
    labelConfig: await companiesRepo.findLabelConfig(tx, auth.companyId),
  }));
  // The company is gone (or the cookie names one this database never had): the session is worth nothing.
  if (!found.company || !found.labelConfig) return { ...signedOut, state: 'signed-out' };
  if (auth.source === 'account') {
    const profile = await findUserProfile(db, auth.userId);
    if (!profile) return { ...signedOut, state: 'signed-out' };
    return { state: 'signed-in', user: profile, labelConfig: found.labelConfig, devSignIn };
  }
  return {
    state: 'signed-in',
    user: {
      id: auth.userId,
      email: auth.email,
      role: auth.role,
      company: found.company.name,
      companyId: found.company.id,
      active: true,
      burdenedLaborRate: 0,
      firstName: auth.firstName,
      lastName: auth.lastName,
      mfaEnabled: false,
    },
    labelConfig: found.labelConfig,
    devSignIn,
  };
}

async function findOrCreateCompany(db: TDb, name: string) {
  const found = await companiesRepo.findCompanyByName(db, name);
  if (found) return found;
  try {
    return await createCompany(db, { name });
  } catch (error) {
    // Another sign-in created it a moment ago: use that one.
    const created =
      error instanceof AppError && error.code === 'CONFLICT'
        ? await companiesRepo.findCompanyByName(db, name)
        : null;
    if (created) return created;
    throw error;
  }
}

/**
 * Development sign-in: become any user of any (possibly new) company. Registered only when DEV_SIGN_IN is on,
 * which the configuration refuses in production; the accounts issue replaces it with real accounts.
 */
export async function devSignIn(db: TDb, input: TDevSignIn): Promise<TAuthUser> {
  const company = await findOrCreateCompany(db, input.companyName);
  const email = input.email.trim().toLowerCase();
  return {
    userId: `dev-${createHash('sha256').update(`${company.id}:${email}`).digest('hex').slice(0, 24)}`,
    companyId: company.id,
    role: input.role,
    email,
    firstName: input.firstName,
    lastName: input.lastName,
  };
}
