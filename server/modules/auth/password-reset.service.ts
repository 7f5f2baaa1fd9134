// Forgotten passwords: the reset link sent to a known address, and the new password set with
// its token (also the set-password link of an invited user), which then signs the user in as a sign-in would.
import type { FastifyRequest } from 'fastify';
import { normalizeEmail } from '#common/email.ts';
import { AppError } from '#common/errors.ts';
import {
  PASSWORD_LINK_INVALID_TEXT,
  type TForgotPassword,
  type TMailSentResult,
  type TPasswordSetNotSignedInReason,
  type TPasswordSetResult,
  type TResetPassword,
} from '#common/schemas/auth.ts';
import type { TDb } from '../../db/client.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { findUserByEmail, findUserProfile } from './accounts.repo.ts';
import { betterAuthErrorOf, enforceRateLimits } from './accounts.service.ts';
import { passwordResetObserver, type TAuth } from './auth.ts';
import { authHeaders, eventOrigin, type TWithCookies } from './auth-request.ts';

/** Sends a reset link when the address is known; the same answer either way (rate limited). */
export async function requestPasswordReset(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TForgotPassword,
): Promise<TMailSentResult> {
  const email = normalizeEmail(input.email);
  await enforceRateLimits(
    db,
    request,
    [
      { name: 'passwordResetPerAccount', subject: email },
      { name: 'passwordResetPerAddress', subject: request.ip },
    ],
    { email, action: 'password-reset' },
  );
  const user = await findUserByEmail(db, email);
  if (user) {
    await auth.api.requestPasswordReset({ body: { email }, headers: authHeaders(request) });
    await recordSecurityEvent(db, {
      type: 'password_reset_requested',
      email,
      userId: user.id,
      companyId: user.companyId,
      ...eventOrigin(request),
    });
  }
  return { status: 'sent' as const };
}

/**
 * Sets the new password of a reset (or set-password) link's token; a bad or used token is 400 and changes nothing.
 * Then signs the user in (SPEC.md section 4: "set password ... go to /"); the cookies are the session, to forward.
 */
export async function resetPassword(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TResetPassword,
): Promise<TWithCookies<TPasswordSetResult>> {
  let resetUserId: string | null = null;
  try {
    await passwordResetObserver.run(
      (userId) => {
        resetUserId = userId;
      },
      () =>
        auth.api.resetPassword({
          body: { token: input.token, newPassword: input.password },
          headers: authHeaders(request),
        }),
    );
  } catch (error) {
    const apiError = betterAuthErrorOf(error);
    if (apiError && apiError.statusCode < 500) {
      throw new AppError('BAD_REQUEST', PASSWORD_LINK_INVALID_TEXT);
    }
    throw error;
  }
  // better-auth calls onPasswordReset (auth.ts) after every successful reset, and that names the user.
  if (resetUserId === null) throw new Error('the password reset did not name its user');
  await recordSecurityEvent(db, {
    type: 'password_changed',
    userId: resetUserId,
    details: { via: 'reset-link' },
    ...eventOrigin(request),
  });
  return signInAfterPasswordSet(db, auth, request, resetUserId, input.password);
}

const notSignedIn = (reason: TPasswordSetNotSignedInReason): TWithCookies<TPasswordSetResult> => ({
  body: { status: 'password-set', signedIn: false, reason },
  cookies: [],
});

/**
 * The sign-in that follows a password set through a mailed link: the same better-auth sign-in as the login form's
 * (its checks and its session cookie), with the password just chosen. The link proves the mailbox, not the second
 * factor: a user who has one is not signed in here and logs in with both. An inactive user is never signed in.
 */
async function signInAfterPasswordSet(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  userId: string,
  password: string,
): Promise<TWithCookies<TPasswordSetResult>> {
  const user = await findUserProfile(db, userId);
  if (!user) throw new Error('the user whose password was just set is gone');
  // Checked before signing in, so that no second-factor challenge (better-auth's cookie) is started for a sign-in
  // the user did not ask for; the session hook and better-auth's answer below still cover a change meanwhile.
  if (user.mfaEnabled) return notSignedIn('two-factor-required');
  if (!user.active) return notSignedIn('account-inactive');
  let result: { headers: Headers; response: unknown };
  try {
    result = await auth.api.signInEmail({
      body: { email: user.email, password },
      headers: authHeaders(request),
      returnHeaders: true,
    });
  } catch (error) {
    if (betterAuthErrorOf(error)?.code === 'ACCOUNT_INACTIVE') return notSignedIn('account-inactive');
    throw error;
  }
  // A second factor turned on meanwhile: the challenge's cookie is dropped with the rest.
  if ((result.response as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
    return notSignedIn('two-factor-required');
  }
  await recordSecurityEvent(db, {
    type: 'sign_in_succeeded',
    email: user.email,
    userId: user.id,
    companyId: user.companyId,
    ...eventOrigin(request),
    details: { via: 'password-set' },
  });
  return { body: { status: 'password-set', signedIn: true }, cookies: result.headers.getSetCookie() };
}
