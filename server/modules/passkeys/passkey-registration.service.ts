// A signed-in person's passkeys (decision 089): the options to make one, registering it under a name (better-auth's
// plugin checks the attestation, the challenge, the origin and the RP id), the list, and removing one. Each change is
// a security event and an entry in the person's company's audit trail.
import type { FastifyRequest } from 'fastify';
import { AppError } from '#common/errors.ts';
import {
  PASSKEY_MESSAGES,
  type TPasskey,
  type TPasskeyListQuery,
  type TPasskeyOptions,
  type TPasskeyPage,
  type TPasskeyRegister,
  type TPasskeyRename,
} from '#common/schemas/passkeys.ts';
import type { TDb } from '../../db/client.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { actorOf, recordAudit } from '../audit/audit.ts';
import { betterAuthErrorOf } from '../auth/accounts.service.ts';
import type { TAuth } from '../auth/auth.ts';
import { authHeaders, eventOrigin } from '../auth/auth-request.ts';
import { USER_NOT_VERIFIED } from './passkey-plugin.ts';
import * as repo from './passkeys.repo.ts';

/** A row as the person's list shows it. */
export function toPasskey(row: repo.TPasskeyRow): TPasskey {
  return {
    id: row.id,
    name: row.name ?? 'Passkey',
    backedUp: row.backedUp,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The plugin's refusals of a ceremony, in our codes and words. */
function registrationRefusal(error: unknown): AppError {
  const apiError = betterAuthErrorOf(error);
  if (!apiError) throw error;
  switch (apiError.code) {
    case 'SESSION_NOT_FRESH':
      return new AppError('FORBIDDEN', PASSKEY_MESSAGES.notFresh);
    case 'UNAUTHORIZED':
      return new AppError('UNAUTHENTICATED', 'Sign in to continue.');
    case 'CHALLENGE_NOT_FOUND':
      return new AppError('BAD_REQUEST', PASSKEY_MESSAGES.challengeExpired);
    case USER_NOT_VERIFIED:
      return new AppError('BAD_REQUEST', PASSKEY_MESSAGES.notVerified);
    default:
      // A response the plugin could not verify (another challenge, origin or RP id; a broken attestation).
      return new AppError('BAD_REQUEST', PASSKEY_MESSAGES.registrationFailed);
  }
}

/** The options for navigator.credentials.create; better-auth's challenge cookie goes to `forwardCookies`. */
export async function registrationOptions(
  auth: TAuth,
  request: FastifyRequest,
  forwardCookies: (cookies: string[]) => void,
): Promise<TPasskeyOptions> {
  try {
    const result = await auth.api.generatePasskeyRegistrationOptions({
      headers: authHeaders(request),
      returnHeaders: true,
    });
    forwardCookies(result.headers.getSetCookie());
    return result.response as unknown as TPasskeyOptions;
  } catch (error) {
    throw registrationRefusal(error);
  }
}

/** Registers the new credential under `input.name`: the passkey as the list shows it. */
export async function registerPasskey(
  db: TDb,
  auth: TAuth,
  actor: TAuthUser,
  request: FastifyRequest,
  input: TPasskeyRegister,
  forwardCookies: (cookies: string[]) => void,
): Promise<TPasskey> {
  if (await repo.findPasskeyByCredentialId(db, input.response.id)) {
    throw new AppError('CONFLICT', PASSKEY_MESSAGES.alreadyRegistered);
  }
  let created: { id: string };
  try {
    const result = await auth.api.verifyPasskeyRegistration({
      body: { response: input.response, name: input.name },
      headers: authHeaders(request),
      returnHeaders: true,
    });
    forwardCookies(result.headers.getSetCookie());
    created = result.response as { id: string };
  } catch (error) {
    throw registrationRefusal(error);
  }
  const row = await repo.findUserPasskey(db, actor.userId, created.id);
  if (!row) throw new AppError('INTERNAL', 'Something went wrong on our side. Try again.');
  await recordAudit(db, actor.companyId, actorOf(actor), {
    entityType: 'user',
    entityId: actor.userId,
    entityLabel: actor.email,
    action: 'passkey-added',
    after: { passkey: input.name },
  });
  await recordSecurityEvent(db, {
    type: 'passkey_added',
    userId: actor.userId,
    companyId: actor.companyId,
    email: actor.email,
    ...eventOrigin(request),
    details: { passkeyId: row.id, name: input.name, backedUp: row.backedUp },
  });
  return toPasskey(row);
}

/** A page of the person's own passkeys. */
export async function listPasskeys(
  db: TDb,
  actor: TAuthUser,
  query: TPasskeyListQuery,
): Promise<TPasskeyPage> {
  const { rows, total } = await repo.listUserPasskeys(db, actor.userId, query.page, query.pageSize);
  return { items: rows.map(toPasskey), total, page: query.page, pageSize: query.pageSize };
}

/**
 * Renames one of the person's own passkeys (anyone else's id is 404, as an unknown one). A new name is an entry in
 * the audit trail; it is no security event, since what signs in does not change. The same name again changes nothing.
 */
export async function renamePasskey(
  db: TDb,
  actor: TAuthUser,
  id: string,
  input: TPasskeyRename,
): Promise<TPasskey> {
  return db.transaction(async (tx) => {
    const renamed = await repo.renameUserPasskey(tx, actor.userId, id, input.name);
    if (!renamed) throw new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound);
    const before = renamed.before ?? 'Passkey';
    if (before !== input.name) {
      await recordAudit(tx, actor.companyId, actorOf(actor), {
        entityType: 'user',
        entityId: actor.userId,
        entityLabel: actor.email,
        action: 'passkey-renamed',
        before: { passkey: before },
        after: { passkey: input.name },
      });
    }
    return toPasskey(renamed.row);
  });
}

/** Removes one of the person's own passkeys; anyone else's id is 404, as an unknown one. */
export async function removePasskey(
  db: TDb,
  actor: TAuthUser,
  request: FastifyRequest,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.deleteUserPasskey(tx, actor.userId, id);
    if (!row) throw new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound);
    const name = row.name ?? 'Passkey';
    await recordAudit(tx, actor.companyId, actorOf(actor), {
      entityType: 'user',
      entityId: actor.userId,
      entityLabel: actor.email,
      action: 'passkey-removed',
      before: { passkey: name },
    });
    await recordSecurityEvent(tx, {
      type: 'passkey_removed',
      userId: actor.userId,
      companyId: actor.companyId,
      email: actor.email,
      ...eventOrigin(request),
      details: { passkeyId: row.id, name },
    });
  });
}
