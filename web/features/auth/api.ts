// The account calls of the web app, one function each, over the shared zod contracts.
import type {
  TChangePassword,
  TChangePasswordResult,
  TLogin,
  TPasswordSetResult,
  TResetPassword,
  TSignUp,
  TVerifyEmailResult,
} from '#common/schemas/auth.ts';
import type { TFinishRegistration, TFinishRegistrationResult } from '#common/schemas/finish-registration.ts';
import type { TUserProfile } from '#common/schemas/session.ts';
import type { TTwoFactorBackupCodes } from '#common/schemas/two-factor.ts';
import { api } from '../../lib/api-client.ts';

/** The answer to a sign-in: the user, or a second factor to ask for. */
export type TSignInResult = { user: TUserProfile } | { twoFactorRequired: true };

export const signInWithPassword = (body: TLogin) =>
  api<TSignInResult>('/api/v1/auth/sign-in', { method: 'POST', body });

export const checkAvailability = (body: { email: string; companyName: string }) =>
  api<{ emailExists: boolean; companyExists: boolean }>('/api/v1/auth/check-availability', {
    method: 'POST',
    body,
  });

export const signUp = (body: TSignUp) =>
  api<{ status: 'verification-sent'; email: string }>('/api/v1/auth/sign-up', { method: 'POST', body });

export const verifyEmail = (token: string) =>
  api<TVerifyEmailResult>('/api/v1/auth/verify-email', { method: 'POST', body: { token } });

/** Creates the company of a verified user who has none (GET /api/v1/session said 'no-company'). */
export const finishRegistration = (body: TFinishRegistration) =>
  api<TFinishRegistrationResult>('/api/v1/auth/finish-registration', { method: 'POST', body });

export const resendVerification = (email: string) =>
  api<{ status: 'sent' }>('/api/v1/auth/resend-verification', { method: 'POST', body: { email } });

export const requestPasswordReset = (email: string) =>
  api<{ status: 'sent' }>('/api/v1/auth/forgot-password', { method: 'POST', body: { email } });

/** Sets the password with a mailed link's token; the answer says whether it also signed the user in. */
export const resetPassword = (body: TResetPassword & { token: string }) =>
  api<TPasswordSetResult>('/api/v1/auth/reset-password', { method: 'POST', body });

/** Changes the signed-in user's password; with `endOtherSessions` every other browser is signed out. */
export const changePassword = (body: TChangePassword) =>
  api<TChangePasswordResult>('/api/v1/auth/change-password', { method: 'POST', body });

/** Starts enrolment of an authenticator app (re-authenticating with the password). */
export const enableTwoFactor = (password: string) =>
  api<{ totpUri: string; backupCodes: string[] }>('/api/v1/auth/two-factor/enable', {
    method: 'POST',
    body: { password },
  });

/** Turns the second factor on with a first code from the app. */
export const confirmTwoFactor = (code: string) =>
  api<{ enabled: true }>('/api/v1/auth/two-factor/confirm', { method: 'POST', body: { code } });

/** The second step of a sign-in: a code from the app, or one of the backup codes. */
export const verifyTwoFactor = (body: { code: string } | { backupCode: string }) =>
  api<{ user: TUserProfile }>('/api/v1/auth/two-factor/verify', { method: 'POST', body });

/** Turns the second factor off (re-authenticating with the password). */
export const disableTwoFactor = (password: string) =>
  api<{ enabled: false }>('/api/v1/auth/two-factor/disable', { method: 'POST', body: { password } });

/** Replaces the backup codes with ten new ones (re-authenticating with the password); the old ones stop working. */
export const regenerateBackupCodes = (password: string) =>
  api<TTwoFactorBackupCodes>('/api/v1/auth/two-factor/backup-codes', { method: 'POST', body: { password } });

/** Starts a single sign-on for `email` (decision 086): the provider's address to send the browser to. */
export const startSingleSignOn = (email: string) =>
  api<{ url: string }>('/api/v1/auth/sso/start', { method: 'POST', body: { email } });
