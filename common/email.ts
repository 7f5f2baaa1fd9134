// E-mail addresses as SPEC.md section 5 accepts them: trimmed and lowercased, 5 to 254 characters,
// a valid shape, and none of the characters or words SPEC names as unsafe.
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH } from './auth-constants.ts';

/** An address as it is stored and compared: trimmed and lowercased. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

// The local part (before @): RFC 5322 "atext" and dots. < > " and \ are not valid there unquoted, but
// the shape lets them through so that SPEC's more precise "Email contains invalid characters" names them.
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~<>"\\-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~<>"\\-]+)*$/;
// One domain label: letters, digits and inner hyphens, at most 63 characters.
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// The last label (top-level domain) starts with a letter: "example.com", "example.xn--p1ai", not "1.2.3.4".
const TOP_LEVEL_LABEL = /^[a-z][a-z0-9-]*$/;

/** True when a normalized address has a valid shape: no leading, trailing or consecutive dots on either side. */
export function hasValidEmailShape(email: string): boolean {
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local = '', domain = ''] = parts;
  // The local part's own limit (RFC 5321); the pattern refuses leading, trailing and double dots.
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  const topLevel = labels.at(-1) ?? '';
  return (
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    topLevel.length >= 2 &&
    TOP_LEVEL_LABEL.test(topLevel)
  );
}

/**
 * What the account system takes as an address: zod's e-mail pattern, which better-auth's sign-up and sign-in and the
 * mail outbox check. An address of a valid RFC 5322 shape outside it ("a/b@example.com", a punycode top-level domain)
 * could neither register nor sign in, and an invitation to it failed to queue (a 500): it gets SPEC's format message.
 */
const ACCOUNT_EMAIL = z.regexes.email;

/** Words an address may not contain (SPEC.md); "javascript" and "vbscript" also contain "script". */
export const FORBIDDEN_EMAIL_WORDS = ['script', 'javascript', 'vbscript'] as const;
const FORBIDDEN_EMAIL_CHARACTERS = /[<>"'`\\]/;

/** True when a normalized address contains a word or character SPEC.md names as unsafe. */
export function hasInvalidEmailCharacters(email: string): boolean {
  return FORBIDDEN_EMAIL_WORDS.some((word) => email.includes(word)) || FORBIDDEN_EMAIL_CHARACTERS.test(email);
}

/**
 * The first rule a raw address fails, or null. It is trimmed and lowercased first, then checked in
 * SPEC.md's order: required, too long, too short, format, invalid characters.
 */
export function checkEmail(raw: string): string | null {
  const email = normalizeEmail(raw);
  if (email === '') return 'Email is required';
  if (email.length > EMAIL_MAX_LENGTH) return 'Email is too long (maximum 254 characters)';
  if (email.length < EMAIL_MIN_LENGTH) return 'Email is too short (minimum 5 characters)';
  if (!hasValidEmailShape(email)) return 'Invalid email format';
  if (hasInvalidEmailCharacters(email)) return 'Email contains invalid characters';
  if (!ACCOUNT_EMAIL.test(email)) return 'Invalid email format';
  return null;
}

/**
 * checkEmail's rules as one JSON Schema pattern, for the API document: spaces around it (trimmed), no unsafe word in
 * any case or unsafe character, a local part of at most 64 characters in zod's e-mail shape, domain labels of 1 to 63
 * characters without a hyphen at either end, a top-level domain of letters.
 */
export const EMAIL_PATTERN =
  '^(?![\\s\\S]*[sS][cC][rR][iI][pP][tT])(?![\\s\\S]*[\'"<>`\\\\])\\s*(?=[^@\\s]{1,64}@)' +
  "(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@" +
  '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,}\\s*$';

/** An e-mail schema that normalizes and applies `checkEmail`, with its own text for a missing address. */
export function createEmailSchema(requiredMessage = 'Email is required') {
  return z
    .string({ error: requiredMessage })
    .trim()
    .toLowerCase()
    .superRefine((email, ctx) => {
      const message = email === '' ? requiredMessage : checkEmail(email);
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    })
    .meta({
      format: 'email',
      pattern: EMAIL_PATTERN,
      minLength: EMAIL_MIN_LENGTH,
      maxLength: EMAIL_MAX_LENGTH,
    });
}

/** An e-mail address: normalized (trimmed, lowercased), then checked with SPEC.md's messages. */
export const ZEmailSchema = createEmailSchema();
export type TEmail = z.infer<typeof ZEmailSchema>;
