// Registration: whether an address and a company name are free, the sign-up that leaves a
// pending registration and sends the verification mail, and the e-mail verification that completes it.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { normalizeEmail } from '#common/email.ts';
import { AppError } from '#common/errors.ts';
import { DEFAULT_PLAN_ID } from '#common/plans.ts';
import {
  EMAIL_ALREADY_REGISTERED_TEXT,
  type TAvailabilityResult,
  type TCheckAvailability,
  type TSignUp,
  type TSignUpResult,
  type TVerifyEmailResult,
  VERIFICATION_LINK_INVALID_TEXT,
} from '#common/schemas/auth.ts';
import type { TDb } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { companyNameExists, findPendingRegistration, findUserByEmail } from './accounts.repo.ts';
import {
  betterAuthErrorOf,
  companyNameTaken,
  completeRegistration,
  enforceRateLimits,
} from './accounts.service.ts';
import { pendingRegistrations, sessions } from './auth.tables.ts';
import type { TAuth } from './auth.ts';
import { authHeaders, eventOrigin, type TWithCookies } from './auth-request.ts';

/** better-auth's answers to a verification token that cannot verify anything. */
const BAD_TOKEN_CODES = new Set(['TOKEN_EXPIRED', 'INVALID_TOKEN', 'USER_NOT_FOUND']);

function emailTaken(): AppError {
  return new AppError('CONFLICT', EMAIL_ALREADY_REGISTERED_TEXT, { email: EMAIL_ALREADY_REGISTERED_TEXT });
}

/** Whether the address and the company name are taken already (rate limited per client address). */
export async function checkAvailability(
  db: TDb,
  request: FastifyRequest,
  input: TCheckAvailability,
): Promise<TAvailabilityResult> {
  await enforceRateLimits(db, request, [{ name: 'signUpPerAddress', subject: request.ip }], {
    action: 'check-availability',
  });
  return {
    emailExists: (await findUserByEmail(db, normalizeEmail(input.email))) !== null,
    companyExists: await companyNameExists(db, input.companyName),
  };
}

/** Registers the user with better-auth (which sends the verification mail) and keeps the company for later. */
export async function signUp(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TSignUp,
): Promise<TSignUpResult> {
  const email = normalizeEmail(input.email);
  await enforceRateLimits(db, request, [{ name: 'signUpPerAddress', subject: request.ip }], {
    email,
    action: 'sign-up',
  });
  if (await findUserByEmail(db, email)) throw emailTaken();
  if (await companyNameExists(db, input.companyName)) throw companyNameTaken();
  let userId: string;
  try {
    const created = await auth.api.signUpEmail({
      body: {
        email,
        password: input.password,
        name: `${input.firstName} ${input.lastName}`,
        firstName: input.firstName,
        lastName: input.lastName,
      },
      headers: authHeaders(request),
    });
    userId = created.user.id;
  } catch (error) {
    const apiError = betterAuthErrorOf(error);
    if (
      apiError?.code === 'USER_ALREADY_EXISTS' ||
      apiError?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'
    )
      throw emailTaken();
    if (apiError && apiError.statusCode < 500) {
      throw new AppError('VALIDATION', 'Registration failed. Check the form and try again.');
    }
    throw error;
  }
  const now = new Date();
  try {
    await db.insert(pendingRegistrations).values({
      userId,
      companyName: input.companyName,
      firstName: input.firstName,
      lastName: input.lastName,
      timezone: input.timezone,
      planId: input.planId ?? DEFAULT_PLAN_ID,
      termsAcceptedAt: now,
      privacyAcceptedAt: now,
    });
  } catch (error) {
    // better-auth answers a duplicate address (a sign-up racing this one) with a made-up user.
    if (isForeignKeyViolation(error)) throw emailTaken();
    throw error;
  }
  await recordSecurityEvent(db, { type: 'sign_up', userId, email, ...eventOrigin(request) });
  return { status: 'verification-sent' as const, email };
}

/**
 * Verifies an address with the token of a verification link and completes a pending registration; the cookies
 * are better-auth's session, to forward.
 */
export async function verifyEmail(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  token: string,
): Promise<TWithCookies<TVerifyEmailResult>> {
  const response = await auth.api.verifyEmail({
    query: { token },
    headers: authHeaders(request),
    asResponse: true,
  });
  if (response.status !== 200) {
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    if (response.status < 500 && BAD_TOKEN_CODES.has(body?.code ?? '')) {
      throw new AppError('BAD_REQUEST', VERIFICATION_LINK_INVALID_TEXT);
    }
    request.log.error({ status: response.status, code: body?.code }, 'e-mail verification failed');
    throw new AppError('INTERNAL', 'Something went wrong on our side. Try again.');
  }
  const cookies = response.headers.getSetCookie();
  // The token was accepted, so its payload (a signed JWT: { email, … }) names the verified address.
  const email = emailOfVerificationToken(token);
  const user = email ? await findUserByEmail(db, email) : null;
  if (user && (await findPendingRegistration(db, user.id))) {
    // Completes the sign-up: company, admin role, names. A name taken meanwhile: 409, no cookie (the user is
    // verified and can sign in; GET /api/v1/session then says 'no-company').
    try {
      await completeRegistration(db, user.id);
    } catch (error) {
      // The session this verification started is never handed out: end it (the user could not have had
      // another before being verified).
      await db.delete(sessions).where(eq(sessions.userId, user.id));
      throw error;
    }
    await recordSecurityEvent(db, {
      type: 'email_verified',
      userId: user.id,
      email: user.email,
      ...eventOrigin(request),
    });
  }
  return {
    body: { verified: true as const, signedIn: cookies.some((c) => /session_token=[^;]/.test(c)) },
    cookies,
  };
}

/** The `email` claim of a verification JWT (only read after better-auth accepted the token). */
function emailOfVerificationToken(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      email?: unknown;
    };
    return typeof payload.email === 'string' ? normalizeEmail(payload.email) : null;
  } catch {
    return null;
  }
}
