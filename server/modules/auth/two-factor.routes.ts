// TOTP second factor (issue 3 "Login"): enrol, confirm, verify at sign-in (code or backup code), disable — our routes
// around better-auth's twoFactor plugin, with the replay guard, the totp rate limit and the MFA security events.
// better-auth's own HTTP copies under /api/auth/two-factor/* are closed (auth.ts disabledPaths).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#common/errors.ts';
import {
  SIGN_IN_MESSAGES,
  TWO_FACTOR_MESSAGES,
  ZTwoFactorConfirmSchema,
  ZTwoFactorEnableResultSchema,
  ZTwoFactorPasswordSchema,
  ZTwoFactorStatusSchema,
  ZTwoFactorVerifyResultSchema,
  ZTwoFactorVerifySchema,
} from '#common/schemas/auth.ts';
import { appendSetCookies, authOf } from '../../plugins/auth.ts';
import { resetRateLimit } from '../../security/rate-limit.ts';
import { RATE_LIMITS, rateLimitKey } from '../../security/rate-limits.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { findUserProfile } from './accounts.repo.ts';
import { betterAuthErrorOf, enforceRateLimits } from './accounts.service.ts';
import { authHeaders, eventOrigin } from './auth-request.ts';
import {
  challengeUserId,
  claimTotpStep,
  findTwoFactor,
  resetTotpStep,
  stepOfUserCode,
} from './two-factor.service.ts';

const badCode = () => new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.badCode);
const wrongPassword = () => new AppError('INVALID_CREDENTIALS', TWO_FACTOR_MESSAGES.wrongPassword);
const challengeExpired = () => new AppError('UNAUTHENTICATED', TWO_FACTOR_MESSAGES.challengeExpired);

export async function twoFactorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  function enableTwoFactor(password: string, headers: Headers) {
    return app.auth.api.enableTwoFactor({ body: { password }, headers, returnHeaders: true });
  }

  /** The signed-in user of a better-auth session (the development sign-in has no account to protect). */
  function accountUser(request: FastifyRequest) {
    const auth = authOf(request);
    if (auth.source !== 'account') throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.accountRequired);
    return auth;
  }

  /** A password re-authentication counts against the account's sign-in limit, like a sign-in. */
  async function limitPasswordCheck(request: FastifyRequest, email: string, action: string) {
    await enforceRateLimits(db, request, [{ name: 'signInPerAccount', subject: email }], { email, action });
  }

  r.post(
    '/api/v1/auth/two-factor/enable',
    {
      schema: {
        summary:
          'Starts TOTP enrolment after re-entering the password: the otpauth:// URI and ten backup codes',
        tags: ['auth'],
        body: ZTwoFactorPasswordSchema,
        response: { 200: ZTwoFactorEnableResultSchema },
      },
    },
    async (request, reply) => {
      const user = accountUser(request);
      await limitPasswordCheck(request, user.email, 'two-factor-enable');
      let result: Awaited<ReturnType<typeof enableTwoFactor>>;
      try {
        result = await enableTwoFactor(request.body.password, authHeaders(request));
      } catch (error) {
        const apiError = betterAuthErrorOf(error);
        if (apiError?.code === 'INVALID_PASSWORD') throw wrongPassword();
        if (apiError?.code === 'TOTP_ALREADY_ENABLED') {
          throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.alreadyEnabled);
        }
        throw error;
      }
      await resetRateLimit(db, rateLimitKey(RATE_LIMITS.signInPerAccount, user.email));
      // A new secret: the steps accepted under the old one say nothing about it.
      await resetTotpStep(db, user.userId);
      appendSetCookies(reply, result.headers.getSetCookie());
      const answer = result.response;
      if (!('totpURI' in answer))
        throw new AppError('INTERNAL', 'Something went wrong on our side. Try again.');
      return { totpUri: answer.totpURI, backupCodes: answer.backupCodes };
    },
  );

  r.post(
    '/api/v1/auth/two-factor/confirm',
    {
      schema: {
        summary:
          'Confirms TOTP enrolment with the first code from the authenticator app; TOTP is on from now',
        tags: ['auth'],
        body: ZTwoFactorConfirmSchema,
        response: { 200: ZTwoFactorStatusSchema },
      },
    },
    async (request, reply) => {
      const user = accountUser(request);
      const row = await findTwoFactor(db, user.userId);
      if (!row) throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.notEnrolling);
      if (row.verified !== false) throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.alreadyEnabled);
      const { code } = request.body;
      const step = await stepOfUserCode(app.auth, db, user.userId, code);
      if (step === null) throw badCode();
      // The confirming code is used: the first sign-in code must be of a later step.
      if (!(await claimTotpStep(db, user.userId, step))) throw badCode();
      let result: { headers: Headers };
      try {
        result = await app.auth.api.verifyTOTP({
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
      appendSetCookies(reply, result.headers.getSetCookie());
      await recordSecurityEvent(db, {
        type: 'mfa_enabled',
        userId: user.userId,
        companyId: user.companyId,
        email: user.email,
        ...eventOrigin(request),
        details: { method: 'totp' },
      });
      return { enabled: true };
    },
  );

  r.post(
    '/api/v1/auth/two-factor/verify',
    {
      schema: {
        summary:
          'Completes a two-factor sign-in with a TOTP code or a backup code (rate limited, each code once)',
        tags: ['auth'],
        body: ZTwoFactorVerifySchema,
        response: { 200: ZTwoFactorVerifyResultSchema },
      },
    },
    async (request, reply) => {
      const origin = eventOrigin(request);
      const userId = await challengeUserId(app.auth, request);
      if (!userId) throw challengeExpired();
      const profileBefore = await findUserProfile(db, userId);
      const who = {
        userId,
        email: profileBefore?.email ?? null,
        companyId: profileBefore?.companyId ?? null,
        ...origin,
      };
      await enforceRateLimits(db, request, [{ name: 'totpPerAccount', subject: userId }], {
        ...(profileBefore ? { email: profileBefore.email } : {}),
        action: 'totp',
      });
      const { code, backupCode, trustDevice } = request.body;
      const method = code === undefined ? 'backup_code' : 'totp';
      const failed = async (details: Record<string, unknown>) => {
        await recordSecurityEvent(db, {
          type: 'sign_in_failed',
          ...who,
          details: { reason: 'totp', method, ...details },
        });
      };

      if (code !== undefined) {
        const step = await stepOfUserCode(app.auth, db, userId, code);
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
            ? await app.auth.api.verifyTOTP({
                body: { code, ...body },
                headers: authHeaders(request),
                returnHeaders: true,
              })
            : await app.auth.api.verifyBackupCode({
                body: { code: backupCode ?? '', ...body },
                headers: authHeaders(request),
                returnHeaders: true,
              });
      } catch (error) {
        const apiError = betterAuthErrorOf(error);
        if (!apiError) throw error;
        // Cookies better-auth set on the way out (an ended challenge clears its cookie).
        const headers = (error as { headers?: Headers }).headers;
        if (headers instanceof Headers) appendSetCookies(reply, headers.getSetCookie());
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
            await recordSecurityEvent(db, { type: 'locked_out', ...who, details: { action: 'totp' } });
            throw AppError.rateLimited(SIGN_IN_MESSAGES.tooManyAttempts, 15 * 60_000);
          case 'ACCOUNT_INACTIVE':
            await recordSecurityEvent(db, { type: 'inactive_account_attempt', ...who });
            throw new AppError('ACCOUNT_INACTIVE', SIGN_IN_MESSAGES.accountInactive);
          case 'PASSWORD_RESET_REQUIRED':
            throw new AppError('PASSWORD_RESET_REQUIRED', SIGN_IN_MESSAGES.passwordResetRequired);
          default:
            throw error;
        }
      }
      appendSetCookies(reply, result.headers.getSetCookie());
      const profile = await findUserProfile(db, result.response.user?.id ?? userId);
      if (!profile) throw new AppError('INTERNAL', 'Something went wrong on our side. Try again.');
      await resetRateLimit(db, rateLimitKey(RATE_LIMITS.totpPerAccount, userId));
      await resetRateLimit(db, rateLimitKey(RATE_LIMITS.signInPerAccount, profile.email));
      await recordSecurityEvent(db, {
        type: 'sign_in_succeeded',
        userId: profile.id,
        email: profile.email,
        companyId: profile.companyId,
        ...origin,
        details: { mfa: true, method },
      });
      return { user: profile };
    },
  );

  r.post(
    '/api/v1/auth/two-factor/disable',
    {
      schema: {
        summary: 'Turns TOTP off after re-entering the password (the secret and backup codes are deleted)',
        tags: ['auth'],
        body: ZTwoFactorPasswordSchema,
        response: { 200: ZTwoFactorStatusSchema },
      },
    },
    async (request, reply) => {
      const user = accountUser(request);
      await limitPasswordCheck(request, user.email, 'two-factor-disable');
      let result: { headers: Headers };
      try {
        result = await app.auth.api.disableTwoFactor({
          body: { password: request.body.password },
          headers: authHeaders(request),
          returnHeaders: true,
        });
      } catch (error) {
        if (betterAuthErrorOf(error)?.code === 'INVALID_PASSWORD') throw wrongPassword();
        throw error;
      }
      await resetRateLimit(db, rateLimitKey(RATE_LIMITS.signInPerAccount, user.email));
      // better-auth rotated the session (new cookie) and ended any trusted-device record.
      appendSetCookies(reply, result.headers.getSetCookie());
      await recordSecurityEvent(db, {
        type: 'mfa_disabled',
        userId: user.userId,
        companyId: user.companyId,
        email: user.email,
        ...eventOrigin(request),
        details: { method: 'totp' },
      });
      return { enabled: false };
    },
  );
}
