// Signing in with a passkey (decision 089): on its own from the login view, or as the second factor of a password
// sign-in in place of a TOTP code. better-auth's plugin checks the signature, the challenge (single use, bound to the
// browser by its signed cookie), the origin, the RP id and the counter; its afterVerification hook the person's
// verification (passkey-plugin.ts). Ours: the address's limit, which account a second factor may be of, the
// challenge of the password step ended, and a security event for every outcome.
import type { FastifyRequest } from 'fastify';
import { AppError } from '#common/errors.ts';
import { SIGN_IN_MESSAGES } from '#common/schemas/auth.ts';
import {
  PASSKEY_MESSAGES,
  type TPasskeyOptions,
  type TPasskeySignIn,
  type TPasskeySignInResult,
  type TTwoFactorPasskeyOptions,
} from '#common/schemas/passkeys.ts';
import { TWO_FACTOR_MESSAGES } from '#common/schemas/two-factor.ts';
import type { TDb } from '../../db/client.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { findUserProfile } from '../auth/accounts.repo.ts';
import { betterAuthErrorOf } from '../auth/accounts.service.ts';
import type { TAuth } from '../auth/auth.ts';
import { authHeaders, eventOrigin } from '../auth/auth-request.ts';
import { countCredentialAttempt, type TLimitUse } from '../auth/credential-limits.ts';
import { challengeUserId } from '../auth/two-factor.service.ts';
import { USER_NOT_VERIFIED } from './passkey-plugin.ts';
import * as repo from './passkeys.repo.ts';
import { endTwoFactorChallenge } from './two-factor-challenge.ts';

type TForward = (cookies: string[]) => void;

/** The options of an authentication ceremony (better-auth's challenge cookie goes to `forward`). */
async function authenticationOptions(auth: TAuth, request: FastifyRequest, forward: TForward) {
  const result = await auth.api.generatePasskeyAuthenticationOptions({
    headers: authHeaders(request),
    returnHeaders: true,
  });
  forward(result.headers.getSetCookie());
  return result.response as unknown as TPasskeyOptions;
}

/** The options for navigator.credentials.get at the login view: any of this site's passkeys may answer. */
export async function signInOptions(auth: TAuth, request: FastifyRequest, forward: TForward) {
  return authenticationOptions(auth, request, forward);
}

/**
 * The options for the second factor of the password sign-in pending in this browser, naming that account's passkeys;
 * `options: null` when it has none (the challenge then offers the TOTP code only).
 */
export async function twoFactorPasskeyOptions(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  forward: TForward,
): Promise<TTwoFactorPasskeyOptions> {
  const userId = await challengeUserId(auth, request);
  if (!userId) throw new AppError('UNAUTHENTICATED', TWO_FACTOR_MESSAGES.challengeExpired);
  const credentials = await repo.userCredentials(db, userId);
  if (credentials.length === 0) return { options: null };
  const options = await authenticationOptions(auth, request, forward);
  // The browser offers only this account's passkeys; the server checks the answer's credential is one of them.
  return {
    options: { ...options, allowCredentials: credentials.map((c) => ({ type: 'public-key', ...c })) },
  };
}

/** Signs in with a passkey at the login view: the profile, and the session cookie through `forward`. */
export function signInWithPasskey(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TPasskeySignIn,
  forward: TForward,
): Promise<TPasskeySignInResult> {
  return verifyPasskey(db, auth, request, input, forward, null);
}

/**
 * Completes the password sign-in pending in this browser with a passkey of the same account in place of a TOTP code:
 * the profile, the session cookie, and the pending challenge ended.
 */
export async function verifyTwoFactorPasskey(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TPasskeySignIn,
  forward: TForward,
): Promise<TPasskeySignInResult> {
  const userId = await challengeUserId(auth, request);
  if (!userId) throw new AppError('UNAUTHENTICATED', TWO_FACTOR_MESSAGES.challengeExpired);
  const result = await verifyPasskey(db, auth, request, input, forward, userId);
  await endTwoFactorChallenge(auth, request, forward);
  return result;
}

/** The ceremony's check, its outcome recorded; `pendingUserId` is the account a second factor must be of. */
async function verifyPasskey(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TPasskeySignIn,
  forward: TForward,
  pendingUserId: string | null,
): Promise<TPasskeySignInResult> {
  const origin = eventOrigin(request);
  const step = pendingUserId ? 'second-factor' : 'sign-in';
  const passkey = await repo.findPasskeyByCredentialId(db, input.response.id);
  const ownerId = passkey?.userId ?? pendingUserId;
  const owner = ownerId ? await findUserProfile(db, ownerId) : null;
  const who = {
    userId: ownerId,
    email: owner?.email ?? null,
    companyId: owner?.companyId ?? null,
    ...origin,
  };
  const limits: TLimitUse[] = [{ name: 'signInPerAddress', subject: request.ip }];
  if (pendingUserId) limits.push({ name: 'totpPerAccount', subject: pendingUserId });
  const attempt = await countCredentialAttempt(db, request, limits, { email: who.email, action: 'passkey' });
  const failed = async (reason: string) => {
    await recordSecurityEvent(db, {
      type: 'sign_in_failed',
      ...who,
      details: { reason: 'passkey', method: 'passkey', step, refusal: reason },
    });
  };
  if (!passkey) {
    await failed('unknown_passkey');
    throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.notAccepted);
  }
  if (pendingUserId && passkey.userId !== pendingUserId) {
    await failed('other_account');
    throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.notThisAccount);
  }
  let result: { headers: Headers; response: { user?: { id: string } } };
  try {
    result = await auth.api.verifyPasskeyAuthentication({
      body: { response: input.response },
      headers: authHeaders(request),
      returnHeaders: true,
    });
  } catch (error) {
    const apiError = betterAuthErrorOf(error);
    if (!apiError) throw error;
    switch (apiError.code) {
      case 'CHALLENGE_NOT_FOUND':
        await failed('challenge');
        throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.challengeExpired);
      case USER_NOT_VERIFIED:
        await failed('user_not_verified');
        throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.notVerified);
      case 'ACCOUNT_INACTIVE':
        await attempt.passed(); // the passkey was right
        await recordSecurityEvent(db, {
          type: 'inactive_account_attempt',
          ...who,
          details: { method: 'passkey' },
        });
        throw new AppError('ACCOUNT_INACTIVE', SIGN_IN_MESSAGES.accountInactive);
      case 'PASSWORD_RESET_REQUIRED':
        await attempt.passed();
        throw new AppError('PASSWORD_RESET_REQUIRED', SIGN_IN_MESSAGES.passwordResetRequired);
      default:
        // A signature over another challenge, another origin or RP id, a counter that did not grow.
        await failed('verification');
        throw new AppError('BAD_REQUEST', PASSKEY_MESSAGES.notAccepted);
    }
  }
  forward(result.headers.getSetCookie());
  await repo.markPasskeyUsed(db, passkey.id);
  const profile = await findUserProfile(db, result.response.user?.id ?? passkey.userId);
  if (!profile) throw new AppError('INTERNAL', 'Something went wrong on our side. Try again.');
  await attempt.passed({ forget: pendingUserId ? ['totpPerAccount'] : [] });
  await recordSecurityEvent(db, {
    type: 'sign_in_succeeded',
    userId: profile.id,
    email: profile.email,
    companyId: profile.companyId,
    ...origin,
    // A passkey that verified its person is two factors (decision 089).
    details: { mfa: true, method: 'passkey', step, passkeyId: passkey.id },
  });
  return { user: profile };
}
