// The second step of a two-factor sign-in: a TOTP code (through the replay guard) or a backup code, under the sign-in
// limits of the account and address and the totp limit, with better-auth's refusals mapped to our codes and messages
// and a security event for each.
import type { FastifyRequest } from 'fastify';
import { AppError } from '#common/errors.ts';
import { SIGN_IN_MESSAGES } from '#common/schemas/auth.ts';
import {
  type TTwoFactorVerify,
  type TTwoFactorVerifyResult,
  TWO_FACTOR_MESSAGES,
} from '#common/schemas/two-factor.ts';
import type { TDb } from '../../db/client.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { findUserProfile } from './accounts.repo.ts';
import { betterAuthErrorOf } from './accounts.service.ts';
import type { TAuth } from './auth.ts';
import { authHeaders, eventOrigin } from './auth-request.ts';
import { countCredentialAttempt, secondFactorLimits } from './credential-limits.ts';
import { challengeUserId, claimTotpStep, stepOfUserCode } from './two-factor.service.ts';

const badCode = () => new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.badCode);
const challengeExpired = () => new AppError('UNAUTHENTICATED', TWO_FACTOR_MESSAGES.challengeExpired);

/**
 * Completes a two-factor sign-in with a TOTP code or a backup code: the user's profile.
 * better-auth's cookies go to `forwardCookies`, on success and on its refusals (an ended challenge clears its cookie).
 */
export async function verifyTwoFactor(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TTwoFactorVerify,
  forwardCookies: (cookies: string[]) => void,
): Promise<TTwoFactorVerifyResult> {
  const origin = eventOrigin(request);
  const userId = await challengeUserId(auth, request);
  if (!userId) throw challengeExpired();
  const profileBefore = await findUserProfile(db, userId);
  const who = {
    userId,
    email: profileBefore?.email ?? null,
    companyId: profileBefore?.companyId ?? null,
    ...origin,
  };
  // The pair is the account's e-mail and this address, as at the password step (the user id if the user is gone).
  const attempt = await countCredentialAttempt(
    db,
    request,
    secondFactorLimits(profileBefore?.email ?? userId, userId, request),
    { email: profileBefore?.email ?? null, action: 'totp' },
  );
  const { code, backupCode, trustDevice } = input;
  const method = code === undefined ? 'backup_code' : 'totp';
  const failed = async (details: Record<string, unknown>) => {
    await recordSecurityEvent(db, {
      type: 'sign_in_failed',
      ...who,
      details: { reason: 'totp', method, ...details },
    });
  };

  if (code !== undefined) {
    const step = await stepOfUserCode(auth, db, userId, code);
    // A code of no step in the window goes on to better-auth, so its own failure counts (5 per challenge,
    // 10 in a row locks the account for 15 minutes) see it.
    if (step !== null && !(await claimTotpStep(db, userId, step))) {
      await failed({ replay: true });
      throw badCode();
    }
  }

  let result: { headers: Headers; response: { user?: { id: string } } };
  try {
    const body = { ...(trustDevice === undefined ? {} : { trustDevice }) };
    result =
      code !== undefined
        ? await auth.api.verifyTOTP({
            body: { code, ...body },
            headers: authHeaders(request),
            returnHeaders: true,
          })
        : await auth.api.verifyBackupCode({
            body: { code: backupCode ?? '', ...body },
            headers: authHeaders(request),
            returnHeaders: true,
          });
  } catch (error) {
    const apiError = betterAuthErrorOf(error);
    if (!apiError) throw error;
    // Cookies better-auth set on the way out (an ended challenge clears its cookie).
    const headers = (error as { headers?: Headers }).headers;
    if (headers instanceof Headers) forwardCookies(headers.getSetCookie());
    switch (apiError.code) {
      case 'INVALID_CODE':
      case 'INVALID_BACKUP_CODE':
        await failed({});
        throw badCode();
      case 'INVALID_TWO_FACTOR_COOKIE':
      case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
        await failed({ challenge: apiError.code });
        throw challengeExpired();
      case 'ACCOUNT_TEMPORARILY_LOCKED':
        await attempt.passed(); // no code was checked
        await recordSecurityEvent(db, { type: 'locked_out', ...who, details: { action: 'totp' } });
        throw AppError.rateLimited(SIGN_IN_MESSAGES.tooManyAttempts, 15 * 60_000);
      case 'ACCOUNT_INACTIVE':
        await attempt.passed(); // the code was right
        await recordSecurityEvent(db, { type: 'inactive_account_attempt', ...who });
        throw new AppError('ACCOUNT_INACTIVE', SIGN_IN_MESSAGES.accountInactive);
      case 'PASSWORD_RESET_REQUIRED':
        await attempt.passed(); // the code was right
        throw new AppError('PASSWORD_RESET_REQUIRED', SIGN_IN_MESSAGES.passwordResetRequired);
      default:
        throw error;
    }
  }
  forwardCookies(result.headers.getSetCookie());
  const profile = await findUserProfile(db, result.response.user?.id ?? userId);
  if (!profile) throw new AppError('INTERNAL', 'Something went wrong on our side. Try again.');
  // A finished sign-in: the failures of this account from this address, and its wrong codes, are forgotten.
  await attempt.passed({ forget: ['signInPerAccountAddress', 'totpPerAccount'] });
  await recordSecurityEvent(db, {
    type: 'sign_in_succeeded',
    userId: profile.id,
    email: profile.email,
    companyId: profile.companyId,
    ...origin,
    details: { mfa: true, method },
  });
  return { user: profile };
}
