// Registration: whether an address and a company name are free, the sign-up that leaves a
// pending registration and sends the verification mail, and the e-mail verification that completes it.
import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
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
import { isUniqueViolation } from '../../db/errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { insertCredentialAccount, insertUser } from '../users/users.repo.ts';
import { companyNameExists, findPendingRegistration, findUserByEmail } from './accounts.repo.ts';
import { companyNameTaken, completeRegistration, enforceRateLimits } from './accounts.service.ts';
import { pendingRegistrations, sessions } from './auth.tables.ts';
import type { TAuth } from './auth.ts';
import { VERIFICATION_LINK_HOURS, verificationLink, verificationMail } from './auth-mail.ts';
import { authHeaders, eventOrigin, type TWithCookies } from './auth-request.ts';
import { hashPassword } from './password-hash.ts';

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

/**
 * Registers the user, their pending registration and the verification mail in ONE transaction (decision 041): the
 * account exists complete or not at all, whatever stops the request. better-auth only signs the link's token.
 */
export async function signUp(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TSignUp,
  appUrl: string,
): Promise<TSignUpResult> {
  const email = normalizeEmail(input.email);
  await enforceRateLimits(db, request, [{ name: 'signUpPerAddress', subject: request.ip }], {
    email,
    action: 'sign-up',
  });
  if (await findUserByEmail(db, email)) throw emailTaken();
  if (await companyNameExists(db, input.companyName)) throw companyNameTaken();
  // Hashing and signing take time on purpose; both happen before the transaction opens.
  const passwordHash = await hashPassword(input.password);
  const userId = uuidv7();
  const context = await auth.$context;
  // The token better-auth's own sign-up would mail (its verifyEmail checks exactly this JWT).
  const token = await createEmailVerificationToken(
    context.secret,
    email,
    undefined,
    VERIFICATION_LINK_HOURS * 60 * 60,
    { userId },
  );
  const now = new Date();
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as TDb;
      await insertUser(tx, {
        id: userId,
        name: `${input.firstName} ${input.lastName}`,
        email,
        emailVerified: false,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'user',
        active: true,
      });
      await insertCredentialAccount(tx, { id: uuidv7(), userId, passwordHash });
      await tx.insert(pendingRegistrations).values({
        userId,
        companyName: input.companyName,
        firstName: input.firstName,
        lastName: input.lastName,
        timezone: input.timezone,
        planId: input.planId ?? DEFAULT_PLAN_ID,
        termsAcceptedAt: now,
        privacyAcceptedAt: now,
      });
      await enqueueMail(
        tx,
        verificationMail({
          to: email,
          firstName: input.firstName,
          link: verificationLink(appUrl, token),
        }),
      );
    });
  } catch (error) {
    // A sign-up racing this one with the same address committed first.
    if (isUniqueViolation(error)) throw emailTaken();
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
