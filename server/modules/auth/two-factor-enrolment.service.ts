// TOTP enrolment for a signed-in account: enable (password re-entered, otpauth URI and backup codes), confirm with
// the first code (the replay guard claims its step), new backup codes and disable — with the password-check limits
// and the MFA security events.
import type { FastifyRequest } from 'fastify';
import { AppError } from '#common/errors.ts';
import {
  type TTwoFactorBackupCodes,
  type TTwoFactorConfirm,
  type TTwoFactorEnableResult,
  type TTwoFactorPassword,
  type TTwoFactorStatus,
  TWO_FACTOR_MESSAGES,
} from '#common/schemas/two-factor.ts';
import type { TDb } from '../../db/client.ts';
import { authOf } from '../../plugins/auth.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { betterAuthErrorOf } from './accounts.service.ts';
import type { TAuth } from './auth.ts';
import { authHeaders, eventOrigin } from './auth-request.ts';
import { countCredentialAttempt, passwordCheckLimits } from './credential-limits.ts';
import { claimTotpStep, findTwoFactor, resetTotpStep, stepOfUserCode } from './two-factor.service.ts';

const badCode = () => new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.badCode);
const wrongPassword = () => new AppError('INVALID_CREDENTIALS', TWO_FACTOR_MESSAGES.wrongPassword);

function callEnableTwoFactor(auth: TAuth, password: string, headers: Headers) {
  return auth.api.enableTwoFactor({ body: { password }, headers, returnHeaders: true });
}

/** A password re-authentication counts against the sign-in limits, like a sign-in. */
function limitPasswordCheck(db: TDb, request: FastifyRequest, email: string, action: string) {
  return countCredentialAttempt(db, request, passwordCheckLimits(email, request), { email, action });
}

/** A right password: not a failure, and the failures from this address are forgotten. */
const FORGET_PAIR = { forget: ['signInPerAccountAddress'] } as const;

/**
 * Starts TOTP enrolment after the password is re-entered: the otpauth:// URI and ten backup codes.
 * better-auth's cookies go to `forwardCookies` once the enrolment is stored.
 */
export async function enableTwoFactor(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TTwoFactorPassword,
  forwardCookies: (cookies: string[]) => void,
): Promise<TTwoFactorEnableResult> {
  const user = authOf(request);
  const attempt = await limitPasswordCheck(db, request, user.email, 'two-factor-enable');
  let result: Awaited<ReturnType<typeof callEnableTwoFactor>>;
  try {
    result = await callEnableTwoFactor(auth, input.password, authHeaders(request));
  } catch (error) {
    const apiError = betterAuthErrorOf(error);
    if (apiError?.code === 'INVALID_PASSWORD') throw wrongPassword();
    if (apiError?.code === 'TOTP_ALREADY_ENABLED') {
      await attempt.passed();
      throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.alreadyEnabled);
    }
    throw error;
  }
  await attempt.passed(FORGET_PAIR);
  // A new secret: the steps accepted under the old one say nothing about it.
  await resetTotpStep(db, user.userId);
  forwardCookies(result.headers.getSetCookie());
  const answer = result.response;
  if (!('totpURI' in answer)) throw new AppError('INTERNAL', 'Something went wrong on our side. Try again.');
  return { totpUri: answer.totpURI, backupCodes: answer.backupCodes };
}

/**
 * Confirms TOTP enrolment with the first code from the authenticator app; TOTP is on from now.
 * better-auth's cookies (it rotates the session) go to `forwardCookies`.
 */
export async function confirmTwoFactor(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TTwoFactorConfirm,
  forwardCookies: (cookies: string[]) => void,
): Promise<TTwoFactorStatus> {
  const user = authOf(request);
  const row = await findTwoFactor(db, user.userId);
  if (!row) throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.notEnrolling);
  if (row.verified !== false) throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.alreadyEnabled);
  const { code } = input;
  const step = await stepOfUserCode(auth, db, user.userId, code);
  if (step === null) throw badCode();
  // The confirming code is used: the first sign-in code must be of a later step.
  if (!(await claimTotpStep(db, user.userId, step))) throw badCode();
  let result: { headers: Headers };
  try {
    result = await auth.api.verifyTOTP({
      body: { code },
      headers: authHeaders(request),
      returnHeaders: true,
    });
  } catch (error) {
    const apiError = betterAuthErrorOf(error);
    if (apiError?.code === 'INVALID_CODE') throw badCode();
    if (apiError?.code === 'TOTP_NOT_ENABLED') {
      throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.notEnrolling);
    }
    throw error;
  }
  // better-auth rotated the session (new cookie) when it turned the flag on.
  forwardCookies(result.headers.getSetCookie());
  await recordSecurityEvent(db, {
    type: 'mfa_enabled',
    userId: user.userId,
    companyId: user.companyId,
    email: user.email,
    ...eventOrigin(request),
    details: { method: 'totp' },
  });
  return { enabled: true };
}

/**
 * Turns TOTP off after the password is re-entered (the secret and backup codes are deleted).
 * better-auth's cookies (it rotates the session) go to `forwardCookies`.
 */
export async function disableTwoFactor(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TTwoFactorPassword,
  forwardCookies: (cookies: string[]) => void,
): Promise<TTwoFactorStatus> {
  const user = authOf(request);
  const attempt = await limitPasswordCheck(db, request, user.email, 'two-factor-disable');
  let result: { headers: Headers };
  try {
    result = await auth.api.disableTwoFactor({
      body: { password: input.password },
      headers: authHeaders(request),
      returnHeaders: true,
    });
  } catch (error) {
    if (betterAuthErrorOf(error)?.code === 'INVALID_PASSWORD') throw wrongPassword();
    throw error;
  }
  await attempt.passed(FORGET_PAIR);
  // better-auth rotated the session (new cookie) and ended any trusted-device record.
  forwardCookies(result.headers.getSetCookie());
  await recordSecurityEvent(db, {
    type: 'mfa_disabled',
    userId: user.userId,
    companyId: user.companyId,
    email: user.email,
    ...eventOrigin(request),
    details: { method: 'totp' },
  });
  return { enabled: false };
}

/**
 * Replaces the backup codes with ten new ones after the password is re-entered; the old ones stop working at once
 * (better-auth overwrites the stored list). Only with a confirmed second factor. Cookies go to `forwardCookies`.
 */
export async function regenerateBackupCodes(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TTwoFactorPassword,
  forwardCookies: (cookies: string[]) => void,
): Promise<TTwoFactorBackupCodes> {
  const user = authOf(request);
  const attempt = await limitPasswordCheck(db, request, user.email, 'two-factor-backup-codes');
  let result: { headers: Headers; response: { backupCodes: string[] } };
  try {
    result = await auth.api.generateBackupCodes({
      body: { password: input.password },
      headers: authHeaders(request),
      returnHeaders: true,
    });
  } catch (error) {
    const apiError = betterAuthErrorOf(error);
    if (apiError?.code === 'INVALID_PASSWORD') throw wrongPassword();
    if (apiError?.code === 'TWO_FACTOR_NOT_ENABLED') {
      await attempt.passed();
      throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.notEnabled);
    }
    throw error;
  }
  await attempt.passed(FORGET_PAIR);
  forwardCookies(result.headers.getSetCookie());
  const { backupCodes } = result.response;
  await recordSecurityEvent(db, {
    type: 'mfa_backup_codes_regenerated',
    userId: user.userId,
    companyId: user.companyId,
    email: user.email,
    ...eventOrigin(request),
    details: { method: 'totp', count: backupCodes.length },
  });
  return { backupCodes };
}
