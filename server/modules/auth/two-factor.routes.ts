import {
  ZTwoFactorBackupCodesSchema,
  ZTwoFactorConfirmSchema,
  ZTwoFactorEnableResultSchema,
  ZTwoFactorPasswordSchema,
  ZTwoFactorStatusSchema,
  ZTwoFactorVerifyResultSchema,
  ZTwoFactorVerifySchema,
} from '#common/schemas/two-factor.ts';
import { systemRoutes } from '../../plugins/route-groups.ts';
import { appendSetCookies } from './auth-request.ts';
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  regenerateBackupCodes,
} from './two-factor-enrolment.service.ts';
import { verifyTwoFactor } from './two-factor-sign-in.service.ts';

/** The two-factor routes under /api/v1/auth/two-factor/*. */
export const twoFactorRoutes = systemRoutes(
  {
    why: 'second factors live in better-auth tables closed to the tenant role; sign-in with a second factor comes before any tenant',
  },
  (r, db) => {
    r.post(
      '/api/v1/auth/two-factor/enable',
      {
        config: { errors: ['UNAUTHENTICATED', 'INVALID_CREDENTIALS', 'BAD_REQUEST', 'RATE_LIMITED'] },
        schema: {
          summary:
            'Starts TOTP enrolment after re-entering the password: the otpauth:// URI and ten backup codes',
          tags: ['auth'],
          body: ZTwoFactorPasswordSchema,
          response: { 200: ZTwoFactorEnableResultSchema },
        },
      },
      async (request, reply) =>
        enableTwoFactor(db, r.auth, request, request.body, (cookies) => appendSetCookies(reply, cookies)),
    );

    r.post(
      '/api/v1/auth/two-factor/confirm',
      {
        config: { errors: ['UNAUTHENTICATED', 'INVALID_CREDENTIALS', 'BAD_REQUEST', 'RATE_LIMITED'] },
        schema: {
          summary:
            'Confirms TOTP enrolment with the first code from the authenticator app; TOTP is on from now',
          tags: ['auth'],
          body: ZTwoFactorConfirmSchema,
          response: { 200: ZTwoFactorStatusSchema },
        },
      },
      async (request, reply) =>
        confirmTwoFactor(db, r.auth, request, request.body, (cookies) => appendSetCookies(reply, cookies)),
    );

    r.post(
      '/api/v1/auth/two-factor/verify',
      {
        config: {
          errors: [
            'UNAUTHENTICATED',
            'INVALID_CREDENTIALS',
            'BAD_REQUEST',
            'ACCOUNT_INACTIVE',
            'PASSWORD_RESET_REQUIRED',
            'RATE_LIMITED',
          ],
        },
        schema: {
          summary:
            'Completes a two-factor sign-in with a TOTP code or a backup code (rate limited, each code once)',
          tags: ['auth'],
          body: ZTwoFactorVerifySchema,
          response: { 200: ZTwoFactorVerifyResultSchema },
        },
      },
      async (request, reply) =>
        verifyTwoFactor(db, r.auth, request, request.body, (cookies) => appendSetCookies(reply, cookies)),
    );

    r.post(
      '/api/v1/auth/two-factor/backup-codes',
      {
        config: { errors: ['UNAUTHENTICATED', 'INVALID_CREDENTIALS', 'BAD_REQUEST', 'RATE_LIMITED'] },
        schema: {
          summary:
            'Replaces the backup codes with ten new ones after re-entering the password; the old ones stop working',
          tags: ['auth'],
          body: ZTwoFactorPasswordSchema,
          response: { 200: ZTwoFactorBackupCodesSchema },
        },
      },
      async (request, reply) =>
        regenerateBackupCodes(db, r.auth, request, request.body, (cookies) =>
          appendSetCookies(reply, cookies),
        ),
    );

    r.post(
      '/api/v1/auth/two-factor/disable',
      {
        config: { errors: ['UNAUTHENTICATED', 'INVALID_CREDENTIALS', 'BAD_REQUEST', 'RATE_LIMITED'] },
        schema: {
          summary: 'Turns TOTP off after re-entering the password (the secret and backup codes are deleted)',
          tags: ['auth'],
          body: ZTwoFactorPasswordSchema,
          response: { 200: ZTwoFactorStatusSchema },
        },
      },
      async (request, reply) =>
        disableTwoFactor(db, r.auth, request, request.body, (cookies) => appendSetCookies(reply, cookies)),
    );
  },
);
