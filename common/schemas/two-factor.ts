// The two-factor contracts the server routes and the web forms share: enrolment, confirmation, sign-in with a code
// or a backup code, new backup codes, switching it off.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../auth-constants.ts';
import { ZUserProfileSchema } from './session.ts';

// Two-factor sign-in (TOTP, RFC 6238: SHA-1, 6 digits, 30 s; docs/security.md "Two-factor sign-in").

/** A six-digit code from an authenticator app. */
export const ZTotpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/** A backup code as shown at enrolment (e.g. `lLeFC-ruAwc`). */
export const ZBackupCodeSchema = z
  .string({ error: 'Enter a backup code' })
  .trim()
  .min(1, 'Enter a backup code')
  .max(64, 'That backup code is not right.');

/** POST /api/v1/auth/two-factor/enable, /disable and /backup-codes: the password again (re-authentication). */
export const ZTwoFactorPasswordSchema = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH * 4),
});
export type TTwoFactorPassword = z.infer<typeof ZTwoFactorPasswordSchema>;

/** The 200 of enable: the otpauth:// URI to show as a QR code (and its secret), and ten single-use backup codes. */
export const ZTwoFactorEnableResultSchema = z.object({
  totpUri: z.string(),
  backupCodes: z.array(z.string()),
});
export type TTwoFactorEnableResult = z.infer<typeof ZTwoFactorEnableResultSchema>;

/** The 200 of backup-codes: ten new single-use backup codes; the previous ones no longer work. */
export const ZTwoFactorBackupCodesSchema = z.object({ backupCodes: z.array(z.string()) });
export type TTwoFactorBackupCodes = z.infer<typeof ZTwoFactorBackupCodesSchema>;

/** POST /api/v1/auth/two-factor/confirm: the first code, which turns TOTP on. */
export const ZTwoFactorConfirmSchema = z.object({ code: ZTotpCodeSchema });
export type TTwoFactorConfirm = z.infer<typeof ZTwoFactorConfirmSchema>;

/** The 200 of confirm and disable. */
export const ZTwoFactorStatusSchema = z.object({ enabled: z.boolean() });
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatusSchema>;

/**
 * POST /api/v1/auth/two-factor/verify: the second step of a sign-in that answered `{ twoFactorRequired: true }`.
 * Exactly one of `code` (the app's six digits) and `backupCode`; `trustDevice` skips the code on this browser for
 * 30 days.
 */
export const ZTwoFactorVerifySchema = z
  .object({
    code: ZTotpCodeSchema.optional(),
    backupCode: ZBackupCodeSchema.optional(),
    trustDevice: z.boolean().optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.backupCode === undefined), {
    message: 'Enter either the code from your authenticator app or a backup code',
    path: ['code'],
  })
  .meta({ oneOf: [{ required: ['code'] }, { required: ['backupCode'] }] });
export type TTwoFactorVerify = z.infer<typeof ZTwoFactorVerifySchema>;

/** The 200 of verify: the signed-in user (the session cookie comes with it). */
export const ZTwoFactorVerifyResultSchema = z.object({ user: ZUserProfileSchema });
export type TTwoFactorVerifyResult = z.infer<typeof ZTwoFactorVerifyResultSchema>;

/** Messages of the two-factor routes. */
export const TWO_FACTOR_MESSAGES = {
  /** 400 BAD_REQUEST: a wrong, reused or expired code (TOTP or backup). */
  badCode: "That code is not right. Check your authenticator app's clock and try again.",
  /** 400 INVALID_CREDENTIALS: the password of enable, disable or backup-codes is wrong. */
  wrongPassword: 'That password is not right.',
  /** 401 UNAUTHENTICATED: verify without a live challenge (none, expired after 10 minutes, or used up). */
  challengeExpired: 'Your sign-in has expired. Log in again.',
  /** 400 BAD_REQUEST: enable while a confirmed second factor is on. */
  alreadyEnabled: 'Two-factor authentication is already on. Turn it off first to set it up again.',
  /** 400 BAD_REQUEST: confirm without a pending enrolment. */
  notEnrolling: 'Start the set-up again: there is no authenticator waiting for its first code.',
  /** 400 BAD_REQUEST: new backup codes while no confirmed second factor is on. */
  notEnabled: 'Two-factor authentication is off: there are no backup codes to replace. Turn it on first.',
} as const;
