// Password rules of SPEC.md sections 5 and 9: the strength meter, the reset rule and the strict policy.
// Expected messages are written out as SPEC.md words them, not imported from the module under test.
import { describe, expect, it } from 'vitest';
import {
  checkResetPassword,
  checkResetPasswordValue,
  checkStrictPassword,
  isStrongEnoughForReset,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_MISMATCH_TEXT,
  PASSWORD_MISMATCH_TITLE,
  PASSWORD_REQUIREMENTS,
  PASSWORD_TOO_WEAK_MESSAGE,
  PASSWORD_TOO_WEAK_TEXT,
  PASSWORD_TOO_WEAK_TITLE,
  passwordStrength,
  strictPasswordErrors,
  ZSignUpPasswordSchema,
  ZStrictPasswordSchema,
} from './password.ts';

/** A password of `length` characters that passes every strict rule. */
const strictPassword = (length: number) => `Ab1!${'xy'.repeat(length)}`.slice(0, length);

describe('password strength meter', () => {
  it.each([
    ['nothing typed', '', 0, 1, 'Very weak'],
    ['7 lower-case letters (1 check)', 'abcdefg', 1, 1, 'Very weak'],
    ['8 lower-case letters (2 checks)', 'abcdefgh', 2, 1, 'Very weak'],
    ['8 upper-case letters (2 checks)', 'ABCDEFGH', 2, 1, 'Very weak'],
    ['length, lower and a digit (3 checks)', 'abcdefg1', 3, 3, 'Weak'],
    ['length, lower, upper and a digit (4 checks)', 'Abcdefg1', 4, 4, 'Good'],
    ['all five checks', 'Abcdef1!', 5, 5, 'Strong'],
    ['four checks but only 4 characters', 'Ab1!', 4, 4, 'Good'],
    ['7 characters: every check but length', 'Abc1!xy', 4, 4, 'Good'],
    ['8 characters: every check', 'Abc1!xyz', 5, 5, 'Strong'],
    ['a space is not a special character', 'abcd efgh', 2, 1, 'Very weak'],
    ['accented letters count as letters', 'Ünïcödé1', 4, 4, 'Good'],
    ['an emoji counts as one special character', '😀😀😀😀😀😀😀a', 3, 3, 'Weak'],
    ['7 emoji-and-letter characters are under 8', '😀😀😀😀😀😀a', 2, 1, 'Very weak'],
  ])('rates %s', (_case, password, checksMet, score, label) => {
    expect(passwordStrength(password)).toMatchObject({ checksMet, score, label });
  });

  it('reports each check so a meter can tick them', () => {
    expect(passwordStrength('Abcdefgh').checks).toEqual({
      length: true,
      lowercase: true,
      uppercase: true,
      number: false,
      special: false,
    });
  });

  it('lists only four requirements to the user: length, lower, upper, number', () => {
    expect(PASSWORD_REQUIREMENTS.map((r) => [r.id, r.text])).toEqual([
      ['length', 'At least 8 characters'],
      ['lowercase', 'One lowercase letter'],
      ['uppercase', 'One uppercase letter'],
      ['number', 'One number'],
    ]);
  });
});

describe('reset password rule', () => {
  it.each([
    ['score 3 (Weak) and 8 characters', 'abcdefg1', true],
    ['score 3 without lower-case letters', 'ABCDEFG1', true],
    ['score 4 (Good)', 'Abcdefg1', true],
    ['score 1 (Very weak)', 'abcdefgh', false],
    ['score 4 but 7 characters', 'Abc1!xy', false],
    ['nothing', '', false],
  ])('%s: strong enough is %s', (_case, password, expected) => {
    expect(isStrongEnoughForReset(password)).toBe(expected);
  });

  it.each([
    [
      'passwords differ',
      'Abcdefg1',
      'Abcdefg2',
      'Password mismatch',
      'Passwords do not match. Please try again.',
    ],
    [
      'a matching password is too weak',
      'abcdefgh',
      'abcdefgh',
      'Password too weak',
      'must contain at least 8 characters, including uppercase, lowercase, and numbers.',
    ],
    [
      'mismatch is reported before weakness',
      'abc',
      'abd',
      'Password mismatch',
      'Passwords do not match. Please try again.',
    ],
  ])('toasts when %s', (_case, password, confirm, title, message) => {
    expect(checkResetPassword(password, confirm)).toEqual({ title, message });
  });

  it.each([
    ['nothing', '', 'Password is required'],
    ['129 characters', `Ab1${'x'.repeat(126)}`, 'Password is too long (maximum 128 characters)'],
    [
      '7 characters',
      'Abc1!xy',
      'Password too weak: must contain at least 8 characters, including uppercase, lowercase, and numbers.',
    ],
  ])('gives the reset field one message for %s', (_case, password, message) => {
    expect(checkResetPasswordValue(password)).toBe(message);
  });

  it('accepts a matching password strong enough', () => {
    expect(checkResetPassword('Abcdefg1', 'Abcdefg1')).toBeNull();
  });

  it('words the two reset messages as SPEC.md does, whole and split', () => {
    expect(PASSWORD_MISMATCH_TEXT).toBe('Password mismatch: Passwords do not match. Please try again.');
    expect([PASSWORD_MISMATCH_TITLE, PASSWORD_MISMATCH_MESSAGE]).toEqual([
      'Password mismatch',
      'Passwords do not match. Please try again.',
    ]);
    expect(PASSWORD_TOO_WEAK_TEXT).toBe(
      'Password too weak: must contain at least 8 characters, including uppercase, lowercase, and numbers.',
    );
    expect([PASSWORD_TOO_WEAK_TITLE, PASSWORD_TOO_WEAK_MESSAGE]).toEqual([
      'Password too weak',
      'must contain at least 8 characters, including uppercase, lowercase, and numbers.',
    ]);
  });
});

describe('strict password policy', () => {
  it.each([
    ['required', '', 'Password is required'],
    ['11 characters', 'Abcdefgh1!x', 'Password must be at least 12 characters long'],
    ['129 characters', strictPassword(129), 'Password is too long (maximum 128 characters)'],
    ['all numbers', '135792468013', 'Password cannot be all numbers'],
    ['all letters', 'Abcdefghijkl', 'Password cannot be all letters'],
    ['no lower-case letter', 'ABCDEFGH12!@', 'Password must contain at least one lowercase letter'],
    ['no upper-case letter', 'abcdefgh12!@', 'Password must contain at least one uppercase letter'],
    ['no number', 'Abcdefghij!@', 'Password must contain at least one number'],
    ['no special character', 'Abcdefghij12', 'Password must contain at least one special character'],
    ['containing 123456', 'Xy!123456abc', 'Password is too common'],
    ['containing password in any case', 'MyPassWord9!', 'Password is too common'],
    ['containing qwerty', 'Qwerty9!zxcv', 'Password is too common'],
    ['containing admin', 'ADMIN9!zxcvb', 'Password is too common'],
    ['containing letmein', 'LetMeIn9!zxc', 'Password is too common'],
    ['a character 3 times in a row', 'Abcdef1!xxx9', 'Password cannot have repeated characters'],
    ['a character 4 times in a row', 'Abcdef1!9999', 'Password cannot have repeated characters'],
  ])('refuses a password %s', (_case, password, message) => {
    expect(checkStrictPassword(password)).toBe(message);
  });

  it.each([
    ['exactly 12 characters', strictPassword(12)],
    ['exactly 128 characters', strictPassword(128)],
    ['a character twice in a row ("aa", not "aaa")', 'Abcdef1!xx9y'],
    ['"xxX": a repeat must be the same character, case included', 'Abcdef1!xxX9'],
    ['spaces as part of a passphrase', 'Correct horse 9 staple!'],
  ])('accepts %s', (_case, password) => {
    expect(checkStrictPassword(password)).toBeNull();
  });

  it('lists every rule a password fails, in order, for a form', () => {
    expect(strictPasswordErrors('abc')).toEqual([
      'Password must be at least 12 characters long',
      'Password cannot be all letters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
  });

  it('lists only "required" for an empty password', () => {
    expect(strictPasswordErrors('')).toEqual(['Password is required']);
  });

  it('validates with the same messages as a zod schema', () => {
    const result = ZStrictPasswordSchema.safeParse('password');
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Password must be at least 12 characters long',
      'Password cannot be all letters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
      'Password is too common',
    ]);
    expect(ZStrictPasswordSchema.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual([
      'Password is required',
    ]);
    expect(ZStrictPasswordSchema.parse(strictPassword(12))).toBe(strictPassword(12));
  });
});

describe('sign-up password schema', () => {
  it.each([
    ['nothing', '', 'Password is required'],
    ['7 characters', 'Abcde1!', 'Password must be at least 8 characters long'],
    ['129 characters', 'a'.repeat(129), 'Password is too long (maximum 128 characters)'],
  ])('refuses %s', (_case, password, message) => {
    expect(ZSignUpPasswordSchema.safeParse(password).error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it.each([
    ['8 characters, even Very weak (the meter advises)', 'abcdefgh'],
    ['128 characters', 'a'.repeat(128)],
  ])('accepts %s', (_case, password) => {
    expect(ZSignUpPasswordSchema.safeParse(password).success).toBe(true);
  });
});
