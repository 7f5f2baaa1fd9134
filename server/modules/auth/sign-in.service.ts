// Sign-in with e-mail and password: the CSRF double submit, the sign-in limits (failures only), better-auth's
// refusals mapped to our codes and messages, and the security event of every outcome.
import type { FastifyRequest } from 'fastify';
import { normalizeEmail } from '#common/email.ts';
import { AppError } from '#common/errors.ts';
import { CSRF_COOKIE, SIGN_IN_MESSAGES, type TSignInResult } from '#common/schemas/auth.ts';
import type { TDb } from '../../db/client.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { refuseIfSsoRequired } from '../sso/sso-required.ts';
import { findUserByEmail, findUserProfile } from './accounts.repo.ts';
import { betterAuthErrorOf, checkCsrf } from './accounts.service.ts';
import type { TAuth } from './auth.ts';
import { authHeaders, eventOrigin } from './auth-request.ts';
import { countCredentialAttempt, passwordCheckLimits } from './credential-limits.ts';

/** The sign-in form's fields; the CSRF token is checked here, so it may be anything. */
export interface TSignInInput {
  email: string;
  password: string;
  csrfToken?: unknown;
}

function signInEmail(auth: TAuth, email: string, password: string, headers: Headers) {
  return auth.api.signInEmail({ body: { email, password }, headers, returnHeaders: true });
}

/**
 * Signs in with e-mail and password: the user's profile, or `twoFactorRequired` when a second factor is due.
 * better-auth's cookies go to `forwardCookies` as soon as the password is accepted.
 */
export async function signIn(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TSignInInput,
  forwardCookies: (cookies: string[]) => void,
): Promise<TSignInResult> {
  const email = normalizeEmail(input.email);
  const origin = eventOrigin(request);
  try {
    checkCsrf(input.csrfToken, request.cookies[CSRF_COOKIE]);
  } catch (error) {
    await recordSecurityEvent(db, {
      type: 'sign_in_failed',
      outcome: 'denied',
      email,
      ...origin,
      details: { reason: 'csrf' },
    });
    throw error;
  }
  // Before the password: the rule is the domain's (public through the SSO start anyway), and no session may start.
  await refuseIfSsoRequired(db, email, origin);
  const attempt = await countCredentialAttempt(db, request, passwordCheckLimits(email, request), {
    email,
    action: 'sign-in',
  });
  let result: Awaited<ReturnType<typeof signInEmail>>;
  try {
    result = await signInEmail(auth, email, input.password, authHeaders(request));
  } catch (error) {
    const apiError = betterAuthErrorOf(error);
    if (!apiError) throw error;
    // Only a wrong password (or unknown address) is a failure; better-auth checks the password before the rest.
    if (apiError.code !== 'INVALID_EMAIL_OR_PASSWORD') await attempt.passed();
    const user = await findUserByEmail(db, email);
    const who = { email, userId: user?.id ?? null, companyId: user?.companyId ?? null, ...origin };
    switch (apiError.code) {
      case 'INVALID_EMAIL_OR_PASSWORD':
        await recordSecurityEvent(db, {
          type: 'sign_in_failed',
          ...who,
          details: { reason: 'credentials' },
        });
        throw new AppError('INVALID_CREDENTIALS', SIGN_IN_MESSAGES.invalidCredentials);
      case 'EMAIL_NOT_VERIFIED':
        await recordSecurityEvent(db, {
          type: 'sign_in_failed',
          ...who,
          details: { reason: 'unverified' },
        });
        throw new AppError('EMAIL_NOT_VERIFIED', SIGN_IN_MESSAGES.emailNotVerified);
      case 'ACCOUNT_INACTIVE':
        await recordSecurityEvent(db, { type: 'inactive_account_attempt', ...who });
        throw new AppError('ACCOUNT_INACTIVE', SIGN_IN_MESSAGES.accountInactive);
      case 'PASSWORD_RESET_REQUIRED':
        await recordSecurityEvent(db, {
          type: 'sign_in_failed',
          outcome: 'denied',
          ...who,
          details: { reason: 'password_reset_required' },
        });
        throw new AppError('PASSWORD_RESET_REQUIRED', SIGN_IN_MESSAGES.passwordResetRequired);
      default:
        throw error;
    }
  }
  forwardCookies(result.headers.getSetCookie());
  const body = result.response as { twoFactorRedirect?: boolean; user?: { id: string } };
  if (body.twoFactorRedirect) {
    // The password was right; the session starts only after the second factor (better-auth's cookie). Until then
    // the failures of this account and address stay: a right password alone must not wipe wrong codes.
    await attempt.passed();
    await recordSecurityEvent(db, {
      type: 'sign_in_succeeded',
      outcome: 'success',
      email,
      ...origin,
      details: { stage: 'password', twoFactorRequired: true },
    });
    return { twoFactorRequired: true as const };
  }
  const profile = body.user ? await findUserProfile(db, body.user.id) : null;
  if (!profile) throw new AppError('INTERNAL', 'Something went wrong on our side. Try again.');
  await attempt.passed({ forget: ['signInPerAccountAddress'] });
  await recordSecurityEvent(db, {
    type: 'sign_in_succeeded',
    email,
    userId: profile.id,
    companyId: profile.companyId,
    ...origin,
  });
  return { user: profile };
}
