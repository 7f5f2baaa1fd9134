// The signed-in user's profile and company configuration, as the web app draws its shell from them.
import type { TSession } from '#common/schemas/session.ts';
import { safeTimeZone } from '#common/time/calendar.ts';
import type { TDb } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import type { TAuthState, TAuthUser } from '../../plugins/auth.ts';
import { findUserProfile } from '../auth/accounts.repo.ts';
import * as companiesRepo from '../companies/companies.repo.ts';

/**
 * What the web app needs to draw the shell: the user (from the users row) and their company's configuration.
 * `state` 'no-company' (a verified user whose registration has no company) has no user.
 */
export async function getSession(
  db: TDb,
  auth: TAuthUser | null,
  state: TAuthState = auth ? 'signed-in' : 'signed-out',
): Promise<TSession> {
  const signedOut: TSession = {
    state: state === 'no-company' ? 'no-company' : 'signed-out',
    user: null,
    labelConfig: null,
    timeZone: null,
  };
  if (!auth) return signedOut;
  const found = await withTenant(db, auth.companyId, async (tx) => ({
    company: await companiesRepo.findCompany(tx, auth.companyId),
    labelConfig: await companiesRepo.findLabelConfig(tx, auth.companyId),
  }));
  // The company is gone: the session is worth nothing.
  if (!found.company || !found.labelConfig) return { ...signedOut, state: 'signed-out' };
  const profile = await findUserProfile(db, auth.userId);
  if (!profile) return { ...signedOut, state: 'signed-out' };
  return {
    state: 'signed-in',
    user: profile,
    labelConfig: found.labelConfig,
    timeZone: safeTimeZone(found.company.timezone),
  };
}
