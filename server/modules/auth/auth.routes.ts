// better-auth's endpoints under /api/auth/*, and our own account routes around it under /api/v1/auth/*.

import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '#common/errors.ts';
import {
  CSRF_COOKIE,
  ZAvailabilityResultSchema,
  ZChangePasswordResultSchema,
  ZChangePasswordSchema,
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
import {
  ZFinishRegistrationResultSchema,
  ZFinishRegistrationSchema,
} from '#common/schemas/finish-registration.ts';
import { CSRF_SCHEME } from '../../plugins/api-docs.ts';
import { requireRole } from '../../plugins/auth.ts';
import { systemRoutes } from '../../plugins/route-groups.ts';
import { handleSsoCallback, ssoCallbackProviderId } from '../sso/sso-callback.ts';
import { AUTH_BASE_PATH } from './auth.ts';
import { appendSetCookies, authHeaders, replyWithCookies } from './auth-request.ts';
import { finishRegistration } from './finish-registration.service.ts';
import { changePassword } from './password-change.service.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';
import { checkAvailability, signUp, verifyEmail } from './registration.service.ts';
import { signIn } from './sign-in.service.ts';
import { resendVerification } from './verification-mail.service.ts';

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
export const betterAuthRoutes = systemRoutes(
  { why: "better-auth's own endpoints: sign-in and sessions come before any tenant" },
  (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      schema: { hide: true },
      async handler(request, reply) {
        const webRequest = toWebRequest(request, app.config.appUrl);
        // The single sign-on callback runs inside an attempt of ours: its rules and its security event (decision 086).
        const ssoProvider = ssoCallbackProviderId(request.url);
        const response = ssoProvider
          ? await handleSsoCallback(
              app.database.db,
              app.auth,
              app.config.appUrl,
              request,
              webRequest,
              ssoProvider,
            )
          : await app.auth.handler(webRequest);
        // An endpoint better-auth does not have (or that we closed) answers with no body or a plain-text "Not
        // Found": the API's JSON 404 instead, as for any other path it does not have.
        if (response.status === 404) {
          throw new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`);
        }
        reply.status(response.status);
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie') reply.header(name, value);
        });
        // Every cookie, each in its own header (Headers.get would join them with commas).
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        if (response.body) return reply.send(Buffer.from(await response.arrayBuffer()));
        // No body is no body (a redirect): `send(null)` would answer the JSON text "null", and better-auth's
        // application/json header would announce a body that is not there.
        return reply.removeHeader('content-type').send();
      },
    });
  },
);

/** Our account routes: JSON in the app's usual scope, calling better-auth on the server side. */
export const authRoutes = systemRoutes(
  {
    why: 'sign-up, sign-in and password reset come before any tenant; accounts live in better-auth tables closed to the tenant role',
  },
  (r, db) => {
    // Verification links open the web app's /auth/callback (a GET that only serves the page); the page POSTs the
    // token here. Nothing a mail scanner does with a GET verifies an address or starts a session.
    r.post(
      '/api/v1/auth/verify-email',
      {
        config: { errors: ['BAD_REQUEST'] },
        schema: {
          summary: 'Verifies an e-mail address with the token of a verification link, and signs the user in',
          description:
            "The mail's link opens the web page /auth/callback, which POSTs the link's token here. Verification is this POST only: no GET verifies an address.",
          tags: ['auth'],
          body: ZVerifyEmailSchema,
          response: { 200: ZVerifyEmailResultSchema },
        },
      },
      async (request, reply) =>
        replyWithCookies(reply, await verifyEmail(db, r.auth, request, request.body.token)),
    );

    r.post(
      '/api/v1/auth/sign-in',
      {
        config: {
          errors: [
            'INVALID_CREDENTIALS',
            'CSRF_INVALID',
            'EMAIL_NOT_VERIFIED',
            'ACCOUNT_INACTIVE',
            'PASSWORD_RESET_REQUIRED',
            'SSO_REQUIRED',
            'RATE_LIMITED',
          ],
        },
        schema: {
          summary: 'Signs in with e-mail and password (CSRF double submit, rate limited)',
          tags: ['auth'],
          security: [{ [CSRF_SCHEME]: [] }],
          // The token is checked by the service, so a missing or malformed one is 403 CSRF_INVALID, not 400.
          body: ZLoginSchema.extend({
            csrfToken: z
              .unknown()
              .optional()
              .meta({ description: `The same 64 hex characters as the ${CSRF_COOKIE} cookie` }),
          }),
          response: { 200: ZSignInResultSchema },
        },
      },
      async (request, reply) =>
        signIn(db, r.auth, request, request.body, (cookies) => appendSetCookies(reply, cookies)),
    );

    r.post(
      '/api/v1/auth/check-availability',
      {
        config: { errors: ['RATE_LIMITED'] },
        schema: {
          summary: 'Whether an e-mail address and a company name are still free (before sign-up)',
          tags: ['auth'],
          body: ZCheckAvailabilitySchema,
          response: { 200: ZAvailabilityResultSchema },
        },
      },
      async (request) => checkAvailability(db, request, request.body),
    );

    r.post(
      '/api/v1/auth/sign-up',
      {
        config: {
          errors: ['BAD_REQUEST', 'CONFLICT', 'RATE_LIMITED'],
          rules: [
            'the password is strong enough (8 to 128 characters with upper-case and lower-case letters and a digit)',
            'confirmPassword equals password',
          ],
        },
        schema: {
          summary: 'Registers a new company and its first user; sends the verification mail',
          tags: ['auth'],
          body: ZSignUpSchema,
          response: { 201: ZSignUpResultSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await signUp(db, r.auth, request, request.body, r.config.appUrl)),
    );

    r.post(
      '/api/v1/auth/finish-registration',
      {
        config: {
          errors: ['UNAUTHENTICATED', 'CONFLICT'],
          rules: ['the signed-in user has no company yet', 'no company has that name (in any case)'],
        },
        schema: {
          summary: 'Creates the company of a verified user who has none, with the user as its admin',
          description:
            "For a session whose GET /api/v1/session says 'no-company': the company's name was taken before the address was confirmed, or the sign-up was cut short. Always a new company; a user who has one gets 409.",
          tags: ['auth'],
          body: ZFinishRegistrationSchema,
          response: { 200: ZFinishRegistrationResultSchema },
        },
      },
      async (request) => finishRegistration(db, r.auth, request, request.body),
    );

    r.post(
      '/api/v1/auth/resend-verification',
      {
        config: { errors: ['RATE_LIMITED'] },
        schema: {
          summary: 'Sends a new verification link to an unverified address (the same answer for any address)',
          tags: ['auth'],
          body: ZResendVerificationSchema,
          response: { 200: ZMailSentResultSchema },
        },
      },
      async (request) => resendVerification(db, r.auth, request, request.body),
    );

    r.post(
      '/api/v1/auth/forgot-password',
      {
        config: { errors: ['RATE_LIMITED'] },
        schema: {
          summary: 'Sends a password reset link (the same answer for any address)',
          tags: ['auth'],
          body: ZForgotPasswordSchema,
          response: { 200: ZMailSentResultSchema },
        },
      },
      async (request) => requestPasswordReset(db, r.auth, request, request.body),
    );

    r.post(
      '/api/v1/auth/reset-password',
      {
        config: {
          errors: ['BAD_REQUEST', 'RATE_LIMITED'],
          rules: [
            'the password is strong enough (8 to 128 characters with upper-case and lower-case letters and a digit)',
            'confirmPassword equals password',
          ],
        },
        schema: {
          summary:
            'Sets a new password with the token of a reset (or set-password) link, and signs the user in',
          description:
            'The link proves the mailbox, so the answer signs the user in as POST /api/v1/auth/sign-in would (`signedIn: true`, with the session cookie), unless the account has a second factor (`reason: two-factor-required`: sign in with the password and a code) or is inactive (`reason: account-inactive`); then no session starts. An expired, used or forged link is 400 and changes nothing.',
          tags: ['auth'],
          body: ZResetPasswordSchema,
          response: { 200: ZPasswordSetResultSchema },
        },
      },
      async (request, reply) =>
        replyWithCookies(reply, await resetPassword(db, r.auth, request, request.body)),
    );

    r.post(
      '/api/v1/auth/change-password',
      {
        config: {
          errors: ['UNAUTHENTICATED', 'INVALID_CREDENTIALS', 'BAD_REQUEST', 'RATE_LIMITED'],
          rules: [
            'the new password is strong enough',
            'confirmPassword equals password',
            'the new password differs from the current one',
          ],
        },
        preHandler: requireRole('user'),
        schema: {
          summary: "Changes the signed-in user's password; optionally ends every other session of theirs",
          tags: ['auth'],
          body: ZChangePasswordSchema,
          response: { 200: ZChangePasswordResultSchema },
        },
      },
      async (request, reply) =>
        changePassword(db, r.auth, request, request.body, (cookies) => appendSetCookies(reply, cookies)),
    );
  },
);
