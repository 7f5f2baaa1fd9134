// Forgotten passwords: the reset link sent to a known address, and the new password set with
// its token (also the set-password link of an invited user).
import type { FastifyRequest } from 'fastify';
import { normalizeEmail } from '#common/email.ts';
import { AppError } from '#common/errors.ts';
import {
  PASSWORD_LINK_INVALID_TEXT,
  type TForgotPassword,
  type TMailSentResult,
  type TPasswordSetResult,
  type TResetPassword,
} from '#common/schemas/auth.ts';
import type { TDb } from '../../db/client.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { findUserByEmail } from './accounts.repo.ts';
import { betterAuthErrorOf, enforceRateLimits } from './accounts.service.ts';
import { passwordResetObserver, type TAuth } from './auth.ts';
import { authHeaders, eventOrigin } from './auth-request.ts';

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

/** Sets the new password of a reset (or set-password) link's token; a bad or used token is 400. */
export async function resetPassword(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TResetPassword,
): Promise<TPasswordSetResult> {
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
  await recordSecurityEvent(db, {
    type: 'password_changed',
    userId: resetUserId,
    details: { via: 'reset-link' },
    ...eventOrigin(request),
  });
  return { status: 'password-set' as const };
}
