// The account contracts the server routes and the web forms share: sign-up, login, forgot and reset password,
// resend verification.
//
// Which password policy applies where (docs/decisions/013-password-policies.md):
// - Sign-up and reset use SPEC.md's minimum-8 policy with the strength meter. Sign-up refuses only what is
//   shorter than 8 (or longer than 128); reset also asks for a strength score of at least 3.
// - The strict 12-to-128 policy (ZStrictPasswordSchema in common/password.ts) is what the server applies when
//   an admin sets an initial password for a user they create. Login checks no policy: it only needs a password.
//
// Where SPEC.md quotes a message as "Title: message", the field error is that whole text, so the web can show
// it on the field or as the toast of the same name (common/auth-messages.ts).
import { z } from 'zod';
import { CSRF_TOKEN_PATTERN, PASSWORD_MAX_LENGTH } from '../auth-constants.ts';
import { AUTH_MESSAGES, formatAuthMessage } from '../auth-messages.ts';
import { createEmailSchema, ZEmailSchema } from '../email.ts';
import {
  checkResetPasswordValue,
  PASSWORD_MISMATCH_TEXT,
  passwordLength,
  ZSignUpPasswordSchema,
} from '../password.ts';
import { ZPlanIdSchema } from '../plans.ts';
import { DEFAULT_TIMEZONE, ZTimezoneSchema } from '../timezones.ts';
import { trimmedLengthPattern } from './json-schema.ts';
import { ZUserProfileSchema } from './session.ts';

// Counted in characters (code points), as common/password.ts counts them.
const isWithinMaxLength = (password: string) => passwordLength(password) <= PASSWORD_MAX_LENGTH;

const TERMS_REQUIRED_TEXT = formatAuthMessage(AUTH_MESSAGES.termsRequired);
const FORGOT_EMAIL_REQUIRED_TEXT = formatAuthMessage(AUTH_MESSAGES.emailRequiredForReset);

/** A trimmed name of `min` to `max` characters, with messages naming the field; only the first failure. */
function nameSchema(field: string, min: number, max: number) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .superRefine((name, ctx) => {
      const message =
        name === ''
          ? `${field} is required`
          : name.length < min
            ? `${field} must be at least ${min} characters`
            : name.length > max
              ? `${field} is too long (maximum ${max} characters)`
              : null;
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    })
    .meta({ pattern: trimmedLengthPattern(min, max) });
}

/** The confirmation field: required; whether it matches is checked on the whole form. */
const ZConfirmPasswordSchema = z
  .string({ error: 'Please confirm your password' })
  .min(1, 'Please confirm your password');

// Runs the "passwords match" check even when other fields failed, so the form shows it at once, but only
// once both passwords were typed (an empty one already has its own "required" message).
function hasBothPasswords(payload: { value: unknown }): boolean {
  const value = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
  return (
    typeof value?.password === 'string' &&
    typeof value.confirmPassword === 'string' &&
    value.password !== '' &&
    value.confirmPassword !== ''
  );
}

const PASSWORDS_MATCH = {
  message: PASSWORD_MISMATCH_TEXT,
  path: ['confirmPassword'],
  when: hasBothPasswords,
};

/** POST sign-up: a new company, its first user (an admin), and the accepted terms. */
export const ZSignUpSchema = z
  .object({
    email: ZEmailSchema,
    companyName: nameSchema('Company name', 2, 120),
    firstName: nameSchema('First name', 1, 100),
    lastName: nameSchema('Last name', 1, 100),
    password: ZSignUpPasswordSchema,
    confirmPassword: ZConfirmPasswordSchema,
    termsAccepted: z.literal(true, { error: TERMS_REQUIRED_TEXT }),
    privacyAccepted: z.literal(true, { error: TERMS_REQUIRED_TEXT }),
    timezone: ZTimezoneSchema.default(DEFAULT_TIMEZONE),
    planId: ZPlanIdSchema.optional(),
  })
  .refine((form) => form.password === form.confirmPassword, PASSWORDS_MATCH);
export type TSignUp = z.infer<typeof ZSignUpSchema>;
export type TSignUpInput = z.input<typeof ZSignUpSchema>;

/** POST login: e-mail and password, with the browser session's CSRF token (64 hex characters). */
export const ZLoginSchema = z.object({
  email: ZEmailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .refine(isWithinMaxLength, 'Password is too long (maximum 128 characters)'),
  csrfToken: z.string({ error: 'Invalid CSRF token' }).regex(CSRF_TOKEN_PATTERN, 'Invalid CSRF token'),
});
export type TLogin = z.infer<typeof ZLoginSchema>;

/** POST forgot password: the address to send a reset link to. */
export const ZForgotPasswordSchema = z.object({ email: createEmailSchema(FORGOT_EMAIL_REQUIRED_TEXT) });
export type TForgotPassword = z.infer<typeof ZForgotPasswordSchema>;

/** A new password under the reset rule: at least 8 characters and a strength score of at least 3. */
export const ZResetPasswordValueSchema = z
  .string({ error: 'Password is required' })
  .superRefine((password, ctx) => {
    const message = checkResetPasswordValue(password);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });

/** POST reset (or set) password: the token of the e-mailed link and the new password twice. */
export const ZResetPasswordSchema = z
  .object({
    token: z
      .string({ error: 'The password link token is missing' })
      .min(1, 'The password link token is missing')
      .max(512),
    password: ZResetPasswordValueSchema,
    confirmPassword: ZConfirmPasswordSchema,
  })
  .refine((form) => form.password === form.confirmPassword, PASSWORDS_MATCH);
export type TResetPassword = z.infer<typeof ZResetPasswordSchema>;

/** The answers of a password change from the user menu. */
export const CHANGE_PASSWORD_MESSAGES = {
  wrongCurrent: 'Your current password is not right.',
  sameAsCurrent: 'The new password must be different from your current one.',
  noPassword: 'Your account has no password yet: use the link in your invitation or "Forgot password?".',
} as const;

/** POST change password (signed in): the current password, the new one twice, and whether to end other sessions. */
export const ZChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .refine(isWithinMaxLength, 'Password is too long (maximum 128 characters)'),
    password: ZResetPasswordValueSchema,
    confirmPassword: ZConfirmPasswordSchema,
    /** Sign out every other browser and device (on by default in the form). */
    endOtherSessions: z.boolean().default(true),
  })
  .refine((form) => form.password === form.confirmPassword, PASSWORDS_MATCH)
  .refine((form) => form.password !== form.currentPassword, {
    message: CHANGE_PASSWORD_MESSAGES.sameAsCurrent,
    path: ['password'],
    when: (payload) => {
      const value = payload.value as { currentPassword?: unknown; password?: unknown } | null;
      return typeof value?.currentPassword === 'string' && typeof value.password === 'string';
    },
  });
export type TChangePassword = z.infer<typeof ZChangePasswordSchema>;
export type TChangePasswordInput = z.input<typeof ZChangePasswordSchema>;

/** The answer to a password change: how many other sessions were ended. */
export const ZChangePasswordResultSchema = z.object({
  status: z.literal('password-changed'),
  otherSessionsEnded: z.number().int(),
});
export type TChangePasswordResult = z.infer<typeof ZChangePasswordResultSchema>;

/** POST resend verification: the address to send a new verification link to. */
export const ZResendVerificationSchema = z.object({ email: ZEmailSchema });
export type TResendVerification = z.infer<typeof ZResendVerificationSchema>;

/** The text the web shows (and sends the user to /verify-expired with) when a verification link is no good. */
export const VERIFICATION_LINK_INVALID_TEXT = 'This verification link has expired or is invalid.';

/** POST /api/v1/auth/verify-email: the token of a verification link, as /auth/callback read it from the URL. */
export const ZVerifyEmailSchema = z.object({
  token: z
    .string({ error: 'The verification token is missing' })
    .min(1, 'The verification token is missing')
    .max(4096),
});
export type TVerifyEmail = z.infer<typeof ZVerifyEmailSchema>;

/**
 * Its answer. `signedIn` is true when this request verified the address and started a session (the cookie comes
 * with it); false when the address was already verified (a second click, or a mail scanner was first): log in.
 */
export const ZVerifyEmailResultSchema = z.object({ verified: z.literal(true), signedIn: z.boolean() });
export type TVerifyEmailResult = z.infer<typeof ZVerifyEmailResultSchema>;

/** POST /api/v1/auth/check-availability: whether an address and a company name are still free. */
export const ZCheckAvailabilitySchema = z.object({
  email: ZEmailSchema,
  companyName: nameSchema('Company name', 2, 120),
});
export type TCheckAvailability = z.infer<typeof ZCheckAvailabilitySchema>;

/** Its answer: true where the value is already taken (company names compared case-insensitively). */
export const ZAvailabilityResultSchema = z.object({ emailExists: z.boolean(), companyExists: z.boolean() });
export type TAvailabilityResult = z.infer<typeof ZAvailabilityResultSchema>;

/** The 201 of POST /api/v1/auth/sign-up: the verification mail went to `email`. */
export const ZSignUpResultSchema = z.object({ status: z.literal('verification-sent'), email: z.string() });
export type TSignUpResult = z.infer<typeof ZSignUpResultSchema>;

/**
 * The 200 of POST /api/v1/auth/sign-in: the signed-in user's profile (the session cookie comes with it), or a
 * second factor is needed first (better-auth's two-factor cookie comes with it).
 */
export const ZSignInResultSchema = z.union([
  z.object({ user: ZUserProfileSchema }),
  z.object({ twoFactorRequired: z.literal(true) }),
]);
export type TSignInResult = z.infer<typeof ZSignInResultSchema>;

/** The answer of resend-verification and forgot-password: the same whether or not the address has an account. */
export const ZMailSentResultSchema = z.object({ status: z.literal('sent') });
export type TMailSentResult = z.infer<typeof ZMailSentResultSchema>;

/** Why setting a password did not also sign the user in (SPEC.md section 4 sends a signed-in user on to /). */
export const PASSWORD_SET_NOT_SIGNED_IN_REASONS = ['two-factor-required', 'account-inactive'] as const;
export type TPasswordSetNotSignedInReason = (typeof PASSWORD_SET_NOT_SIGNED_IN_REASONS)[number];

/**
 * The answer of reset-password: the password is set. Signed in (the session cookie comes with it, as with a
 * sign-in), or not: an account with a second factor signs in with it (`two-factor-required`), an inactive account
 * never (`account-inactive`).
 */
export const ZPasswordSetResultSchema = z.union([
  z.object({ status: z.literal('password-set'), signedIn: z.literal(true) }),
  z.object({
    status: z.literal('password-set'),
    signedIn: z.literal(false),
    reason: z.enum(PASSWORD_SET_NOT_SIGNED_IN_REASONS),
  }),
]);
export type TPasswordSetResult = z.infer<typeof ZPasswordSetResultSchema>;

/** The cookie that carries the browser session's copy of the CSRF token (double submit, docs/security.md). */
export const CSRF_COOKIE = 'fb_csrf';

/** The message of 400 BAD_REQUEST when a reset (or set-password) link is expired, used or forged. */
export const PASSWORD_LINK_INVALID_TEXT = 'This password link has expired or is invalid.';

/** Messages of the sign-in refusals (SPEC.md section 8). */
export const SIGN_IN_MESSAGES = {
  invalidCredentials: AUTH_MESSAGES.invalidCredentials.message,
  emailNotVerified: 'Please verify your email address before logging in.',
  accountInactive: AUTH_MESSAGES.accountInactive.message,
  passwordResetRequired: AUTH_MESSAGES.passwordResetRequired.message,
  csrfInvalid: 'Your session security token is missing or invalid. Reload the page and try again.',
  tooManyAttempts: AUTH_MESSAGES.tooManyAttempts.message,
} as const;

/** 409 field errors of sign-up (SPEC.md section 8). */
export const COMPANY_NAME_UNAVAILABLE_TEXT = formatAuthMessage(AUTH_MESSAGES.companyNameUnavailable);
export const EMAIL_ALREADY_REGISTERED_TEXT =
  'Email already registered: This email is already registered. Please sign in or reset your password.';
