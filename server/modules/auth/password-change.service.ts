// A signed-in user's password change (user menu): the current password checked under the sign-in limits, the new
// one under the reset rule, and, when asked, every other session of the user ended in the same transaction.
import { and, count, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#common/errors.ts';
import {
  CHANGE_PASSWORD_MESSAGES,
  type TChangePassword,
  type TChangePasswordResult,
} from '#common/schemas/auth.ts';
import type { TDb } from '../../db/client.ts';
import { authOf } from '../../plugins/auth.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { betterAuthErrorOf } from './accounts.service.ts';
import { sessions } from './auth.tables.ts';
import type { TAuth } from './auth.ts';
import { authHeaders, eventOrigin } from './auth-request.ts';
import { countCredentialAttempt, passwordCheckLimits } from './credential-limits.ts';

/** How many sessions the user has besides the one with `token`. */
async function countOtherSessions(db: TDb, userId: string, token: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.token, token)));
  return row?.n ?? 0;
}

/** The session token this request is signed in with (better-auth's session row), or null. */
async function currentSessionToken(auth: TAuth, request: FastifyRequest): Promise<string | null> {
  const found = await auth.api.getSession({ headers: authHeaders(request) });
  return found?.session.token ?? null;
}

/**
 * Changes the signed-in user's password. With `endOtherSessions` better-auth deletes every session of the user and
 * starts a fresh one for this browser (its cookie goes to `forwardCookies`), so only this browser stays signed in.
 */
export async function changePassword(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TChangePassword,
  forwardCookies: (cookies: string[]) => void,
): Promise<TChangePasswordResult> {
  const user = authOf(request);
  const attempt = await countCredentialAttempt(db, request, passwordCheckLimits(user.email, request), {
    email: user.email,
    action: 'password-change',
  });
  const token = await currentSessionToken(auth, request);
  const others = token ? await countOtherSessions(db, user.userId, token) : 0;
  let result: { headers: Headers };
  try {
    result = await auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.password,
        revokeOtherSessions: input.endOtherSessions,
      },
      headers: authHeaders(request),
      returnHeaders: true,
    });
  } catch (error) {
    const code = betterAuthErrorOf(error)?.code;
    if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') await attempt.passed(); // no password to check: not a failure
    if (code === 'INVALID_PASSWORD') {
      throw new AppError('BAD_REQUEST', CHANGE_PASSWORD_MESSAGES.wrongCurrent, {
        currentPassword: CHANGE_PASSWORD_MESSAGES.wrongCurrent,
      });
    }
    if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND')
      throw new AppError('BAD_REQUEST', CHANGE_PASSWORD_MESSAGES.noPassword);
    throw error;
  }
  // The right password is not a failed attempt, and the failures from this address are forgotten.
  await attempt.passed({ forget: ['signInPerAccountAddress'] });
  forwardCookies(result.headers.getSetCookie());
  const ended = input.endOtherSessions ? others : 0;
  const event = {
    userId: user.userId,
    companyId: user.companyId,
    email: user.email,
    ...eventOrigin(request),
  };
  await recordSecurityEvent(db, { ...event, type: 'password_changed', details: { via: 'user-menu' } });
  if (ended > 0)
    await recordSecurityEvent(db, { ...event, type: 'sessions_revoked', details: { count: ended } });
  return { status: 'password-changed', otherSessionsEnded: ended };
}
