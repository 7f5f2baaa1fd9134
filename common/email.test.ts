// E-mail rules of SPEC.md sections 5 and 9, with the messages written out as SPEC.md words them.
import { describe, expect, it } from 'vitest';
import { checkEmail, EMAIL_PATTERN, normalizeEmail, ZEmailSchema } from './email.ts';

/** A valid address of exactly `length` characters (65 to 254): a 64-letter local part and a long domain. */
function emailOfLength(length: number): string {
  const domainLength = length - 65; // 64 letters and the @
  const last = domainLength - 4 - 61 * 2; // two 60-letter labels with their dots, then "d…d.com"
  return `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(last)}.com`;
}

describe('checkEmail', () => {
  it.each([
    ['nothing', '', 'Email is required'],
    ['only spaces', '   ', 'Email is required'],
    ['255 characters', emailOfLength(255), 'Email is too long (maximum 254 characters)'],
    ['4 characters', 'a@bc', 'Email is too short (minimum 5 characters)'],
    ['4 characters once its spaces are trimmed', '  a@bc  ', 'Email is too short (minimum 5 characters)'],
    ['5 characters but a one-letter top-level domain', 'a@b.c', 'Invalid email format'],
    ['no @', 'john.example.com', 'Invalid email format'],
    ['two @', 'john@@example.com', 'Invalid email format'],
    ['nothing before the @', '@example.com', 'Invalid email format'],
    ['nothing after the @', 'john@', 'Invalid email format'],
    ['no dot in the domain', 'john@example', 'Invalid email format'],
    ['a space inside', 'jo hn@example.com', 'Invalid email format'],
    ['consecutive dots in the local part', 'john..doe@example.com', 'Invalid email format'],
    ['consecutive dots in the domain', 'john@example..com', 'Invalid email format'],
    ['a leading dot in the local part', '.john@example.com', 'Invalid email format'],
    ['a trailing dot in the local part', 'john.@example.com', 'Invalid email format'],
    ['a leading dot in the domain', 'john@.example.com', 'Invalid email format'],
    ['a trailing dot in the domain', 'john@example.com.', 'Invalid email format'],
    ['a comma', 'john,doe@example.com', 'Invalid email format'],
    // RFC 5322 allows these, but better-auth's sign-up and sign-in and the mail outbox refuse them.
    ['a slash', 'john/doe@example.com', 'Invalid email format'],
    ['an exclamation mark', 'john!@example.com', 'Invalid email format'],
    [
      'an internationalized top-level domain in punycode',
      'anna@xn--80ak6aa92e.xn--p1ai',
      'Invalid email format',
    ],
    ['"script"', 'script@example.com', 'Email contains invalid characters'],
    ['"javascript"', 'my.javascript@example.com', 'Email contains invalid characters'],
    ['"vbscript"', 'vbscript@example.com', 'Email contains invalid characters'],
    ['"SCRIPT" in capitals', 'SCRIPT@example.com', 'Email contains invalid characters'],
    ['an opening angle bracket', 'a<b@example.com', 'Email contains invalid characters'],
    ['a closing angle bracket', 'a>b@example.com', 'Email contains invalid characters'],
    ['a double quote', 'a"b@example.com', 'Email contains invalid characters'],
    ['a single quote', "o'brien@example.com", 'Email contains invalid characters'],
    ['a backtick', 'a`b@example.com', 'Email contains invalid characters'],
    ['a backslash', 'a\\b@example.com', 'Email contains invalid characters'],
  ])('refuses %s', (_case, raw, message) => {
    expect(checkEmail(raw)).toBe(message);
  });

  it.each([
    ['exactly 254 characters', emailOfLength(254)],
    ['6 characters', 'a@b.co'],
    ['dots, a plus and subdomains', 'first.last+tag@mail.example.co.uk'],
    ['upper-case letters (lowercased first)', 'John.Doe@Example.COM'],
    ['spaces around it (trimmed first)', '  john@example.com  '],
    ['an internationalized domain name in punycode', 'anna@xn--80ak6aa92e.example'],
  ])('accepts %s', (_case, raw) => {
    expect(checkEmail(raw)).toBeNull();
  });

  it('builds its boundary addresses at the lengths asked for', () => {
    expect([emailOfLength(254).length, emailOfLength(255).length]).toEqual([254, 255]);
  });
});

describe('normalizeEmail', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmail('  John.Doe@Example.COM \t')).toBe('john.doe@example.com');
  });
});

describe('ZEmailSchema', () => {
  it('outputs the normalized address', () => {
    expect(ZEmailSchema.parse('  John.Doe@Example.COM ')).toBe('john.doe@example.com');
  });

  it.each([
    [undefined, 'Email is required'],
    ['  ', 'Email is required'],
    ['a@bc', 'Email is too short (minimum 5 characters)'],
    ['john..doe@example.com', 'Invalid email format'],
    ['<script>@example.com', 'Email contains invalid characters'],
  ])('refuses %j with one message: %s', (raw, message) => {
    expect(ZEmailSchema.safeParse(raw).error?.issues.map((i) => i.message)).toEqual([message]);
  });
});

describe('EMAIL_PATTERN (the API document)', () => {
  it.each([
    'a@b.co',
    ' John.Doe@Example.COM ',
    'first.last+tag@mail.example.co.uk',
    `${'a'.repeat(64)}@example.com`,
    'a@b',
    'sCript@example.com',
    "o'neil@example.com",
    'a!b@example.com',
    'a..b@example.com',
    '.a@example.com',
    'a@x.xn--p1ai',
    'a@-x.example.com',
    'a@x-.example.com',
    `${'a'.repeat(65)}@example.com`,
  ])('agrees with checkEmail on %j', (raw) => {
    expect(new RegExp(EMAIL_PATTERN, 'u').test(raw)).toBe(checkEmail(raw) === null);
  });
});
