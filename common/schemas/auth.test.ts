// The account contracts against SPEC.md section 5: one case per rule, messages as SPEC.md words them.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZForgotPasswordSchema,
  ZLoginSchema,
  ZResendVerificationSchema,
  ZResetPasswordSchema,
  ZSignUpSchema,
} from './auth.ts';

/** The issues of a failed parse as [field path, message] pairs; [] when it passed. */
function issues(result: z.ZodSafeParseResult<unknown>): [string, string][] {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

const MISMATCH = 'Password mismatch: Passwords do not match. Please try again.';
const TOO_WEAK =
  'Password too weak: must contain at least 8 characters, including uppercase, lowercase, and numbers.';
const TERMS_REQUIRED = 'Terms Required: Please accept the Terms of Service and Privacy Policy to continue.';

const signUp = {
  email: 'ada@example.com',
  companyName: 'Acme Fabrication',
  firstName: 'Ada',
  lastName: 'Lovelace',
  password: 'Abcdefg1',
  confirmPassword: 'Abcdefg1',
  termsAccepted: true,
  privacyAccepted: true,
  timezone: 'Europe/London',
};

describe('ZSignUpSchema', () => {
  it('accepts a complete form and normalizes it', () => {
    const parsed = ZSignUpSchema.parse({
      ...signUp,
      email: '  Ada@Example.COM ',
      companyName: '  Acme Fabrication ',
      firstName: ' Ada ',
      planId: 'premium',
    });
    expect(parsed).toMatchObject({
      email: 'ada@example.com',
      companyName: 'Acme Fabrication',
      firstName: 'Ada',
      planId: 'premium',
    });
  });

  it.each([
    ['e-mail missing', { email: '' }, 'email', 'Email is required'],
    ['e-mail malformed', { email: 'ada@example' }, 'email', 'Invalid email format'],
    ['company name missing', { companyName: '   ' }, 'companyName', 'Company name is required'],
    [
      'company name of 1 character',
      { companyName: ' A ' },
      'companyName',
      'Company name must be at least 2 characters',
    ],
    [
      'company name of 121 characters',
      { companyName: 'a'.repeat(121) },
      'companyName',
      'Company name is too long (maximum 120 characters)',
    ],
    ['first name missing', { firstName: '  ' }, 'firstName', 'First name is required'],
    [
      'first name of 101 characters',
      { firstName: 'a'.repeat(101) },
      'firstName',
      'First name is too long (maximum 100 characters)',
    ],
    ['last name missing', { lastName: '' }, 'lastName', 'Last name is required'],
    ['password missing', { password: '' }, 'password', 'Password is required'],
    [
      'password of 7 characters',
      { password: 'Abcde1!', confirmPassword: 'Abcde1!' },
      'password',
      'Password must be at least 8 characters long',
    ],
    ['confirmation missing', { confirmPassword: '' }, 'confirmPassword', 'Please confirm your password'],
    ['passwords differ', { confirmPassword: 'Abcdefg2' }, 'confirmPassword', MISMATCH],
    ['terms not accepted', { termsAccepted: false }, 'termsAccepted', TERMS_REQUIRED],
    ['privacy policy not accepted', { privacyAccepted: false }, 'privacyAccepted', TERMS_REQUIRED],
    ['terms missing', { termsAccepted: undefined }, 'termsAccepted', TERMS_REQUIRED],
    ['an unknown time zone', { timezone: 'Europe/Madrid' }, 'timezone', 'Choose a time zone from the list'],
  ])('refuses %s', (_case, change, path, message) => {
    expect(issues(ZSignUpSchema.safeParse({ ...signUp, ...change }))).toEqual([[path, message]]);
  });

  it.each([
    ['a company name of 2 characters', { companyName: 'AB' }],
    ['a company name of 120 characters', { companyName: 'a'.repeat(120) }],
    ['a first name of 100 characters', { firstName: 'a'.repeat(100) }],
    [
      'a Very weak password of 8 characters (the meter advises only)',
      { password: 'abcdefgh', confirmPassword: 'abcdefgh' },
    ],
  ])('accepts %s', (_case, change) => {
    expect(issues(ZSignUpSchema.safeParse({ ...signUp, ...change }))).toEqual([]);
  });

  it('uses US Eastern when no time zone is sent and leaves the plan out when none was chosen', () => {
    const { timezone: _omitted, ...withoutTimezone } = signUp;
    expect(ZSignUpSchema.parse(withoutTimezone)).toMatchObject({ timezone: 'America/New_York' });
    expect(ZSignUpSchema.parse(signUp).planId).toBeUndefined();
  });

  it('refuses a plan that does not exist', () => {
    expect(
      issues(ZSignUpSchema.safeParse({ ...signUp, planId: 'enterprise' })).map(([path]) => path),
    ).toEqual(['planId']);
  });

  it('reports a mismatch together with the other fields, so the form shows them at once', () => {
    expect(
      issues(ZSignUpSchema.safeParse({ ...signUp, companyName: '', confirmPassword: 'Other123' })),
    ).toEqual([
      ['companyName', 'Company name is required'],
      ['confirmPassword', MISMATCH],
    ]);
  });
});

describe('ZLoginSchema', () => {
  const login = { email: 'ada@example.com', password: 'anything', csrfToken: '0f'.repeat(32) };

  it('accepts an e-mail, any password and a CSRF token, lowercasing the e-mail', () => {
    expect(ZLoginSchema.parse({ ...login, email: ' ADA@example.com' }).email).toBe('ada@example.com');
  });

  it.each([
    ['e-mail missing', { email: '' }, 'email', 'Email is required'],
    ['password missing', { password: '' }, 'password', 'Password is required'],
    [
      'password of 129 characters',
      { password: 'a'.repeat(129) },
      'password',
      'Password is too long (maximum 128 characters)',
    ],
    ['CSRF token missing', { csrfToken: undefined }, 'csrfToken', 'Invalid CSRF token'],
    ['CSRF token of 63 characters', { csrfToken: '0'.repeat(63) }, 'csrfToken', 'Invalid CSRF token'],
    ['CSRF token that is not hex', { csrfToken: 'z'.repeat(64) }, 'csrfToken', 'Invalid CSRF token'],
  ])('refuses %s', (_case, change, path, message) => {
    expect(issues(ZLoginSchema.safeParse({ ...login, ...change }))).toEqual([[path, message]]);
  });
});

describe('ZForgotPasswordSchema', () => {
  it.each([
    ['a blank e-mail', '  ', 'Email required: Please enter your email address to reset your password'],
    ['a malformed e-mail', 'ada.example.com', 'Invalid email format'],
  ])('refuses %s', (_case, email, message) => {
    expect(issues(ZForgotPasswordSchema.safeParse({ email }))).toEqual([['email', message]]);
  });

  it('accepts and normalizes an e-mail', () => {
    expect(ZForgotPasswordSchema.parse({ email: ' Ada@Example.com ' })).toEqual({ email: 'ada@example.com' });
  });
});

describe('ZResetPasswordSchema', () => {
  it.each([
    ['passwords differ', 'Abcdefg1', 'Abcdefg2', 'confirmPassword', MISMATCH],
    ['score 1 (Very weak) at 8 characters', 'abcdefgh', 'abcdefgh', 'password', TOO_WEAK],
    ['score 4 but 7 characters (input minimum 8)', 'Abc1!xy', 'Abc1!xy', 'password', TOO_WEAK],
    ['nothing typed', '', 'x', 'password', 'Password is required'],
    [
      '129 characters',
      `Ab1${'x'.repeat(126)}`,
      `Ab1${'x'.repeat(126)}`,
      'password',
      'Password is too long (maximum 128 characters)',
    ],
  ])('refuses when %s', (_case, password, confirmPassword, path, message) => {
    expect(issues(ZResetPasswordSchema.safeParse({ token: 't0k3n', password, confirmPassword }))).toEqual([
      [path, message],
    ]);
  });

  it.each([
    ['score 3 (Weak), 8 characters', 'abcdefg1'],
    ['score 5 (Strong)', 'Abcdef1!'],
    ['128 characters', `Ab1${'x'.repeat(125)}`],
  ])('accepts %s', (_case, password) => {
    expect(
      issues(ZResetPasswordSchema.safeParse({ token: 't0k3n', password, confirmPassword: password })),
    ).toEqual([]);
  });
});

describe('ZResendVerificationSchema', () => {
  it('needs an e-mail', () => {
    expect(issues(ZResendVerificationSchema.safeParse({ email: '' }))).toEqual([
      ['email', 'Email is required'],
    ]);
  });

  it('accepts and normalizes an e-mail', () => {
    expect(ZResendVerificationSchema.parse({ email: 'Ada@Example.com' })).toEqual({
      email: 'ada@example.com',
    });
  });
});
