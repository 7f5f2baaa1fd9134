// better-auth's endpoints under /api/auth/*, and our own account routes around it under /api/v1/auth/*.

import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeEmail } from '#common/email.ts';
import { AppError } from '#common/errors.ts';
import { DEFAULT_PLAN_ID } from '#common/plans.ts';
import {
  CSRF_COOKIE,
  EMAIL_ALREADY_REGISTERED_TEXT,
  PASSWORD_LINK_INVALID_TEXT,
  SIGN_IN_MESSAGES,
  VERIFICATION_LINK_INVALID_TEXT,
  ZAvailabilityResultSchema,
  ZCheckAvailabilitySchema,
  ZForgotPasswordSchema,
  ZLoginSchema,
  ZMailSentResultSchema,
  ZPasswordSetResultSchema,
  ZResendVerificationSchema,
  ZResetPasswordSchema,
  ZSignInResultSchema,
  ZSignUpResultSchema,
  ZSignUpSchema,
  ZVerifyEmailResultSchema,
  ZVerifyEmailSchema,
} from '#common/schemas/auth.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { appendSetCookies } from '../../plugins/auth.ts';
import { resetRateLimit } from '../../security/rate-limit.ts';
import { RATE_LIMITS, rateLimitKey } from '../../security/rate-limits.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import {
  companyNameExists,
  findPendingRegistration,
  findUserByEmail,
  findUserProfile,
} from './accounts.repo.ts';
import {
  betterAuthErrorOf,
  checkCsrf,
  companyNameTaken,
  completeRegistration,
  enforceRateLimits,
  eventOrigin,
} from './accounts.service.ts';
import { pendingRegistrations, sessions } from './auth.tables.ts';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, passwordResetObserver, type TAuth } from './auth.ts';

/**
 * The request's headers for better-auth: every header but a client's own CLIENT_IP_HEADER, which is replaced by
 * Fastify's client address (after our TRUST_PROXY), so better-auth never reads an address a client made up.
 */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

function toWebRequest(request: FastifyRequest, appUrl: string): Request {
  const body = request.body as Buffer | undefined;
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined && body.length > 0;
  return new Request(new URL(request.url, appUrl), {
    method: request.method,
    headers: authHeaders(request),
    ...(hasBody ? { body: new Uint8Array(body) } : {}),
  });
}

/**
 * Mounts better-auth's handler. Encapsulated (no fastify-plugin): this scope alone drops Fastify's body parsers and
 * hands better-auth the exact bytes, so an empty JSON POST or a form post reaches it as the client sent it.
 */
export async function betterAuthRoutes(app: FastifyInstance, opts: { auth: TAuth; appUrl: string }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    async handler(request, reply) {
      const response = await opts.auth.handler(toWebRequest(request, opts.appUrl));
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      // Every cookie, each in its own header (Headers.get would join them with commas).
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}

/** better-auth's answers to a verification token that cannot verify anything. */
const BAD_TOKEN_CODES = new Set(['TOKEN_EXPIRED', 'INVALID_TOKEN', 'USER_NOT_FOUND']);

/** Our account routes: JSON in the app's usual scope, calling better-auth on the server side. */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  // Verification links open the web app's /auth/callback (a GET that only serves the page); the page POSTs the
  // token here. Nothing a mail scanner does with a GET verifies an address or starts a session.
  r.post(
    '/api/v1/auth/verify-email',
    {
      schema: {
        summary: 'Verifies an e-mail address with the token of a verification link, and signs the user in',
        tags: ['auth'],
        body: ZVerifyEmailSchema,
        response: { 200: ZVerifyEmailResultSchema },
      },
    },
    async (request, reply) => {
      const response = await app.auth.api.verifyEmail({
        query: { token: request.body.token },
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
      const email = emailOfVerificationToken(request.body.token);
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
      appendSetCookies(reply, cookies);
      return { verified: true as const, signedIn: cookies.some((c) => /session_token=[^;]/.test(c)) };
    },
  );

  r.post(
    '/api/v1/auth/sign-in',
    {
      schema: {
        summary: 'Signs in with e-mail and password (CSRF double submit, rate limited)',
        tags: ['auth'],
        // The token is checked by the handler, so a missing or malformed one is 403 CSRF_INVALID, not 400.
        body: ZLoginSchema.extend({ csrfToken: z.unknown().optional() }),
        response: { 200: ZSignInResultSchema },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const origin = eventOrigin(request);
      try {
        checkCsrf(request.body.csrfToken, request.cookies[CSRF_COOKIE]);
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
      await enforceRateLimits(
        db,
        request,
        [
          { name: 'signInPerAccount', subject: email },
          { name: 'signInPerAddress', subject: request.ip },
        ],
        { email, action: 'sign-in' },
      );
      let result: Awaited<ReturnType<typeof signInEmail>>;
      try {
        result = await signInEmail(email, request.body.password, authHeaders(request));
      } catch (error) {
        const apiError = betterAuthErrorOf(error);
        if (!apiError) throw error;
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
      appendSetCookies(reply, result.headers.getSetCookie());
      const body = result.response as { twoFactorRedirect?: boolean; user?: { id: string } };
      if (body.twoFactorRedirect) {
        // The password was right; the session starts only after the second factor (better-auth's cookie).
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
      await resetRateLimit(db, rateLimitKey(RATE_LIMITS.signInPerAccount, email));
      await recordSecurityEvent(db, {
        type: 'sign_in_succeeded',
        email,
        userId: profile.id,
        companyId: profile.companyId,
        ...origin,
      });
      return { user: profile };
    },
  );

  r.post(
    '/api/v1/auth/check-availability',
    {
      schema: {
        summary: 'Whether an e-mail address and a company name are still free (before sign-up)',
        tags: ['auth'],
        body: ZCheckAvailabilitySchema,
        response: { 200: ZAvailabilityResultSchema },
      },
    },
    async (request) => {
      await enforceRateLimits(db, request, [{ name: 'signUpPerAddress', subject: request.ip }], {
        action: 'check-availability',
      });
      return {
        emailExists: (await findUserByEmail(db, normalizeEmail(request.body.email))) !== null,
        companyExists: await companyNameExists(db, request.body.companyName),
      };
    },
  );

  r.post(
    '/api/v1/auth/sign-up',
    {
      schema: {
        summary: 'Registers a new company and its first user; sends the verification mail',
        tags: ['auth'],
        body: ZSignUpSchema,
        response: { 201: ZSignUpResultSchema },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const email = normalizeEmail(input.email);
      await enforceRateLimits(db, request, [{ name: 'signUpPerAddress', subject: request.ip }], {
        email,
        action: 'sign-up',
      });
      if (await findUserByEmail(db, email)) throw emailTaken();
      if (await companyNameExists(db, input.companyName)) throw companyNameTaken();
      let userId: string;
      try {
        const created = await app.auth.api.signUpEmail({
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
      return reply.status(201).send({ status: 'verification-sent' as const, email });
    },
  );

  r.post(
    '/api/v1/auth/resend-verification',
    {
      schema: {
        summary: 'Sends a new verification link to an unverified address (the same answer for any address)',
        tags: ['auth'],
        body: ZResendVerificationSchema,
        response: { 200: ZMailSentResultSchema },
      },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      await enforceRateLimits(
        db,
        request,
        [
          { name: 'resendVerificationPerAccount', subject: email },
          { name: 'resendVerificationPerAddress', subject: request.ip },
        ],
        { email, action: 'resend-verification' },
      );
      const user = await findUserByEmail(db, email);
      if (user && !user.emailVerified) {
        await app.auth.api.sendVerificationEmail({ body: { email }, headers: authHeaders(request) });
      }
      return { status: 'sent' as const };
    },
  );

  r.post(
    '/api/v1/auth/forgot-password',
    {
      schema: {
        summary: 'Sends a password reset link (the same answer for any address)',
        tags: ['auth'],
        body: ZForgotPasswordSchema,
        response: { 200: ZMailSentResultSchema },
      },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
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
        await app.auth.api.requestPasswordReset({ body: { email }, headers: authHeaders(request) });
        await recordSecurityEvent(db, {
          type: 'password_reset_requested',
          email,
          userId: user.id,
          companyId: user.companyId,
          ...eventOrigin(request),
        });
      }
      return { status: 'sent' as const };
    },
  );

  r.post(
    '/api/v1/auth/reset-password',
    {
      schema: {
        summary: 'Sets a new password with the token of a reset (or set-password) link',
        tags: ['auth'],
        body: ZResetPasswordSchema,
        response: { 200: ZPasswordSetResultSchema },
      },
    },
    async (request) => {
      let resetUserId: string | null = null;
      try {
        await passwordResetObserver.run(
          (userId) => {
            resetUserId = userId;
          },
          () =>
            app.auth.api.resetPassword({
              body: { token: request.body.token, newPassword: request.body.password },
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
    },
  );

  function signInEmail(email: string, password: string, headers: Headers) {
    return app.auth.api.signInEmail({ body: { email, password }, headers, returnHeaders: true });
  }
}

function emailTaken(): AppError {
  return new AppError('CONFLICT', EMAIL_ALREADY_REGISTERED_TEXT, { email: EMAIL_ALREADY_REGISTERED_TEXT });
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
