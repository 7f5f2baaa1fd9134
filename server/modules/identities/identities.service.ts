// The signed-in person's own sign-in methods (decision 088): the list, a first password for an account that signs in
// only through single sign-on, and unlinking one — never the last, so nobody locks themselves out. Each refusal is a
// 4xx that leaves the session alone (SPEC.md section 8); each change is a security event and an audit entry.
import type { FastifyRequest } from 'fastify';
import { AppError } from '#common/errors.ts';
import {
  IDENTITY_MESSAGES,
  IDENTITY_REAUTH_MINUTES,
  type TIdentity,
  type TIdentityList,
  type TIdentityPassword,
} from '#common/schemas/identities.ts';
import type { TDb } from '../../db/client.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { actorOf, recordAudit } from '../audit/audit.ts';
import type { TAuth } from '../auth/auth.ts';
import { authHeaders, eventOrigin } from '../auth/auth-request.ts';
import {
  CREDENTIAL_PROVIDER,
  countUserAccounts,
  deleteUserAccount,
  findUserAccount,
  hasAccountOf,
  insertCredentialAccount,
  listUserAccounts,
  lockUser,
} from './identities.repo.ts';
import { providerFor } from './identity-link.ts';

function labelOf(kind: TIdentity['kind'], issuer: string | null): string {
  if (kind === 'password') return 'Password';
  if (!issuer) return 'Single sign-on (provider removed)';
  try {
    return `Single sign-on (${new URL(issuer).host})`;
  } catch {
    return 'Single sign-on';
  }
}

/** The company's provider for the person's address, or null when there is none. */
async function providerOrNull(db: TDb, user: TAuthUser): Promise<string | null> {
  try {
    return await providerFor(db, user);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

export async function listIdentities(db: TDb, user: TAuthUser): Promise<TIdentityList> {
  const rows = await listUserAccounts(db, user.userId);
  const identities = rows.map((row): TIdentity => {
    const kind = row.providerId === CREDENTIAL_PROVIDER ? 'password' : 'sso';
    return { id: row.id, kind, label: labelOf(kind, row.issuer), linkedAt: row.createdAt.toISOString() };
  });
  const providerId = await providerOrNull(db, user);
  return {
    identities,
    canLinkSso: providerId !== null && !rows.some((r) => r.providerId === providerId),
    canSetPassword: !rows.some((r) => r.providerId === CREDENTIAL_PROVIDER),
  };
}

const who = (user: TAuthUser, request: FastifyRequest) => ({
  userId: user.userId,
  email: user.email,
  companyId: user.companyId,
  ...eventOrigin(request),
});

/**
 * A first password. Anyone holding the browser could otherwise add a password to an account that had none and keep
 * a way in after the company's provider shut the person out; so the session must be a recent sign-in (SPEC.md's
 * /reauthenticate, here: signed in within the last minutes), else 403 REAUTHENTICATION_NEEDED and nothing changes.
 */
export async function setFirstPassword(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  user: TAuthUser,
  input: TIdentityPassword,
): Promise<TIdentityList> {
  if (await hasAccountOf(db, user.userId, CREDENTIAL_PROVIDER))
    throw new AppError('CONFLICT', IDENTITY_MESSAGES.hasPassword);
  const found = await auth.api.getSession({ headers: authHeaders(request) });
  if (!found) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  const age = Date.now() - new Date(found.session.createdAt).getTime();
  if (age > IDENTITY_REAUTH_MINUTES * 60_000)
    throw new AppError('REAUTHENTICATION_NEEDED', IDENTITY_MESSAGES.reauthenticate);
  // Hashed before the transaction: scrypt takes long and must not hold the user's lock.
  const hash = await (await auth.$context).password.hash(input.password);
  await db.transaction(async (tx) => {
    await lockUser(tx, user.userId);
    if (await hasAccountOf(tx, user.userId, CREDENTIAL_PROVIDER))
      throw new AppError('CONFLICT', IDENTITY_MESSAGES.hasPassword);
    await insertCredentialAccount(tx, user.userId, hash);
    await recordAudit(tx, user.companyId, actorOf(user), {
      entityType: 'user',
      entityId: user.userId,
      entityLabel: user.email,
      action: 'identity-linked',
      after: { signInMethod: 'Password' },
    });
  });
  await recordSecurityEvent(db, {
    ...who(user, request),
    type: 'identity_linked',
    details: { method: 'password' },
  });
  return listIdentities(db, user);
}

/** Unlinks one of the person's identities; another person's id is unknown (404), the last one stays (409). */
export async function unlinkIdentity(
  db: TDb,
  request: FastifyRequest,
  user: TAuthUser,
  id: string,
): Promise<TIdentityList> {
  const method = await db.transaction(async (tx) => {
    // One unlink at a time per person: two at once must not both see "two left" and remove both.
    await lockUser(tx, user.userId);
    const account = await findUserAccount(tx, user.userId, id);
    if (!account) throw new AppError('IDENTITY_NOT_FOUND', IDENTITY_MESSAGES.notFound);
    if ((await countUserAccounts(tx, user.userId)) <= 1)
      throw new AppError('SINGLE_IDENTITY_NOT_DELETABLE', IDENTITY_MESSAGES.singleNotDeletable);
    await deleteUserAccount(tx, user.userId, id);
    const kind = account.providerId === CREDENTIAL_PROVIDER ? 'Password' : 'Single sign-on';
    await recordAudit(tx, user.companyId, actorOf(user), {
      entityType: 'user',
      entityId: user.userId,
      entityLabel: user.email,
      action: 'identity-unlinked',
      before: { signInMethod: kind },
    });
    return account.providerId === CREDENTIAL_PROVIDER ? 'password' : 'sso';
  });
  await recordSecurityEvent(db, { ...who(user, request), type: 'identity_unlinked', details: { method } });
  return listIdentities(db, user);
}
