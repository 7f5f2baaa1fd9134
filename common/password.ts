// Password rules of SPEC.md section 5: the strength meter (sign-up and reset), the reset rule, and the strict policy.
//
// Characters are counted as Unicode code points, so an emoji counts once. Letters are Unicode letters
// (é is a lower-case letter); a number is 0-9; a special character is anything that is neither a letter,
// a number nor white space. Passwords are never trimmed: a space is part of the password.
import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_PASSWORD_MIN_SCORE,
  STRICT_PASSWORD_MIN_LENGTH,
} from './auth-constants.ts';
import { AUTH_MESSAGES, formatAuthMessage, type TAuthMessage } from './auth-messages.ts';

const LOWERCASE = /\p{Ll}/u;
const UPPERCASE = /\p{Lu}/u;
const DIGIT = /[0-9]/;
const SPECIAL = /[^\p{L}\p{N}\s]/u;

/** The length of a password in characters (code points, not UTF-16 units). */
export function passwordLength(password: string): number {
  return [...password].length;
}

/** The five strength checks, in the order the meter ticks them. */
export const STRENGTH_CHECK_IDS = ['length', 'lowercase', 'uppercase', 'number', 'special'] as const;
export type TStrengthCheckId = (typeof STRENGTH_CHECK_IDS)[number];

/** The four requirements listed under the meter (SPEC: length, lower, upper, number; special is not listed). */
export const PASSWORD_REQUIREMENTS: readonly { id: TStrengthCheckId; text: string }[] = [
  { id: 'length', text: 'At least 8 characters' },
  { id: 'lowercase', text: 'One lowercase letter' },
  { id: 'uppercase', text: 'One uppercase letter' },
  { id: 'number', text: 'One number' },
];

/** The meter's labels. */
export type TStrengthLabel = 'Very weak' | 'Weak' | 'Good' | 'Strong';

/** The result of the strength meter. */
export interface TPasswordStrength {
  /** How many of the five checks the password meets, 0 to 5. */
  checksMet: number;
  /** 1 when fewer than 3 checks are met, otherwise the number met (3, 4 or 5). */
  score: 1 | 3 | 4 | 5;
  label: TStrengthLabel;
  /** Each check's result, so a meter can tick them. */
  checks: Record<TStrengthCheckId, boolean>;
}

/** Rates a password by SPEC.md's five checks: under 3 met is Very weak (1); 3 Weak; 4 Good; 5 Strong. */
export function passwordStrength(password: string): TPasswordStrength {
  const checks: Record<TStrengthCheckId, boolean> = {
    length: passwordLength(password) >= PASSWORD_MIN_LENGTH,
    lowercase: LOWERCASE.test(password),
    uppercase: UPPERCASE.test(password),
    number: DIGIT.test(password),
    special: SPECIAL.test(password),
  };
  const checksMet = Object.values(checks).filter(Boolean).length;
  if (checksMet < 3) return { checksMet, score: 1, label: 'Very weak', checks };
  if (checksMet === 3) return { checksMet, score: 3, label: 'Weak', checks };
  if (checksMet === 4) return { checksMet, score: 4, label: 'Good', checks };
  return { checksMet, score: 5, label: 'Strong', checks };
}

/** True when a new password passes the reset rule: at least 8 characters and a strength score of at least 3. */
export function isStrongEnoughForReset(password: string): boolean {
  return (
    passwordLength(password) >= PASSWORD_MIN_LENGTH &&
    passwordStrength(password).score >= RESET_PASSWORD_MIN_SCORE
  );
}

/** "Password mismatch", the title of the reset and sign-up mismatch toast. */
export const PASSWORD_MISMATCH_TITLE = AUTH_MESSAGES.passwordMismatch.title;
/** "Passwords do not match. Please try again." */
export const PASSWORD_MISMATCH_MESSAGE = AUTH_MESSAGES.passwordMismatch.message;
/** The mismatch text as SPEC.md writes it, title and message in one line. */
export const PASSWORD_MISMATCH_TEXT = formatAuthMessage(AUTH_MESSAGES.passwordMismatch);

/** "Password too weak", the title of the reset toast for a weak password. */
export const PASSWORD_TOO_WEAK_TITLE = AUTH_MESSAGES.passwordTooWeak.title;
/** "must contain at least 8 characters, including uppercase, lowercase, and numbers." */
export const PASSWORD_TOO_WEAK_MESSAGE = AUTH_MESSAGES.passwordTooWeak.message;
/** The too-weak text as SPEC.md writes it, title and message in one line. */
export const PASSWORD_TOO_WEAK_TEXT = formatAuthMessage(AUTH_MESSAGES.passwordTooWeak);

// Only SPEC's two toasts; ZResetPasswordSchema also refuses an empty or over-long password on the field.
/** The toast a reset form shows, or null: a mismatch first (as SPEC lists it), then a password too weak. */
export function checkResetPassword(password: string, confirmPassword: string): TAuthMessage | null {
  if (password !== confirmPassword) return AUTH_MESSAGES.passwordMismatch;
  if (!isStrongEnoughForReset(password)) return AUTH_MESSAGES.passwordTooWeak;
  return null;
}

/** The first message a new reset password fails, or null: required, at most 128, then strong enough. */
export function checkResetPasswordValue(password: string): string | null {
  if (password === '') return 'Password is required';
  if (passwordLength(password) > PASSWORD_MAX_LENGTH) return 'Password is too long (maximum 128 characters)';
  if (!isStrongEnoughForReset(password)) return PASSWORD_TOO_WEAK_TEXT;
  return null;
}

/** Words a strict password may not contain, in any case. */
export const COMMON_PASSWORD_PARTS = ['123456', 'password', 'qwerty', 'admin', 'letmein'] as const;

// The strict rules in the order they are reported. "All numbers" and "all letters" come before the
// composition rules: they name the real problem, and after them they could never be the first message
// (a password of digits always lacks a letter first). The rest follow SPEC.md's order.
const STRICT_RULES: readonly { message: string; fails: (password: string) => boolean }[] = [
  { message: 'Password is required', fails: (p) => p === '' },
  {
    message: 'Password must be at least 12 characters long',
    fails: (p) => passwordLength(p) < STRICT_PASSWORD_MIN_LENGTH,
  },
  {
    message: 'Password is too long (maximum 128 characters)',
    fails: (p) => passwordLength(p) > PASSWORD_MAX_LENGTH,
  },
  { message: 'Password cannot be all numbers', fails: (p) => /^[0-9]+$/.test(p) },
  { message: 'Password cannot be all letters', fails: (p) => /^\p{L}+$/u.test(p) },
  { message: 'Password must contain at least one lowercase letter', fails: (p) => !LOWERCASE.test(p) },
  { message: 'Password must contain at least one uppercase letter', fails: (p) => !UPPERCASE.test(p) },
  { message: 'Password must contain at least one number', fails: (p) => !DIGIT.test(p) },
  { message: 'Password must contain at least one special character', fails: (p) => !SPECIAL.test(p) },
  {
    message: 'Password is too common',
    fails: (p) => COMMON_PASSWORD_PARTS.some((part) => p.toLowerCase().includes(part)),
  },
  // The same character three or more times in a row; case matters ("aaA" passes).
  { message: 'Password cannot have repeated characters', fails: (p) => /(.)\1\1/su.test(p) },
];

/** Every strict-policy message a password fails, in order; an empty password fails only "required". */
export function strictPasswordErrors(password: string): string[] {
  if (password === '') return ['Password is required'];
  return STRICT_RULES.filter((rule) => rule.fails(password)).map((rule) => rule.message);
}

/** The first strict-policy message a password fails, or null when it passes. */
export function checkStrictPassword(password: string): string | null {
  return strictPasswordErrors(password)[0] ?? null;
}

/** A password under the strict policy (12 to 128 characters and the rules above), reporting every failure. */
export const ZStrictPasswordSchema = z
  .string({ error: 'Password is required' })
  .superRefine((password, ctx) => {
    for (const message of strictPasswordErrors(password)) ctx.addIssue({ code: 'custom', message });
  });

/** The first sign-up-policy message a password fails (required, at least 8, at most 128), or null. */
export function checkSignUpPassword(password: string): string | null {
  if (password === '') return 'Password is required';
  if (passwordLength(password) < PASSWORD_MIN_LENGTH) return 'Password must be at least 8 characters long';
  if (passwordLength(password) > PASSWORD_MAX_LENGTH) return 'Password is too long (maximum 128 characters)';
  return null;
}

// One check that reports only the first failure. (Zod's `abort` would also do that, but an aborted field
// stops the form-level "passwords match" check from running, and the form should show both at once.)
/** A password under the sign-up policy: 8 to 128 characters; the strength meter advises, it does not refuse. */
export const ZSignUpPasswordSchema = z
  .string({ error: 'Password is required' })
  .superRefine((password, ctx) => {
    const message = checkSignUpPassword(password);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
