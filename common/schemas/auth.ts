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
    });
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

/** POST reset (or set) password: the new password twice. The accounts issue adds the token or session. */
export const ZResetPasswordSchema = z
  .object({ password: ZResetPasswordValueSchema, confirmPassword: ZConfirmPasswordSchema })
  .refine((form) => form.password === form.confirmPassword, PASSWORDS_MATCH);
export type TResetPassword = z.infer<typeof ZResetPasswordSchema>;

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
