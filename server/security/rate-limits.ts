// The rate limits the accounts flows use, as data; docs/security.md "Rate limits" lists the same numbers.
import type { TDb } from '../db/client.ts';
import { rateLimitAddress } from './client-address.ts';
import { consumeRateLimit, type TRateLimitResult, type TRateLimitRule } from './rate-limit.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** One limit: what it guards, what it counts by, and its numbers. */
export interface TRateLimitDefinition extends TRateLimitRule {
  /** The first part of the key, and the action's name in the docs. */
  action: 'sign-in' | 'sign-up' | 'resend-verification' | 'password-reset' | 'totp' | 'analytics';
  /**
   * 'account': the e-mail address (the user id for TOTP); 'ip': the client's address (its /64 for IPv6);
   * 'account-ip': the two together, `<e-mail>|<address>` (see `accountAddressSubject`).
   */
  scope: 'account' | 'ip' | 'account-ip';
}

/**
 * Every limit. A wrong password or second-factor code counts per account AND address: that pair is where guessing
 * is stopped, so someone failing on purpose from their own address cannot keep the owner out of theirs. Per address
 * slows one machine trying many accounts. Per account, across all addresses, is a much higher ceiling that bounds a
 * guess spread over many addresses. Only failures count: a right password or code gives its attempt back
 * (`server/modules/auth/credential-limits.ts`). Mail-sending actions are limited to protect people's inboxes and
 * our sending reputation.
 */
export const RATE_LIMITS = {
  // 5 failures, then 15 minutes out: at most about 20 guesses an hour from one address at one account.
  signInPerAccountAddress: {
    action: 'sign-in',
    scope: 'account-ip',
    limit: 5,
    windowMs: 15 * MINUTE,
    blockMs: 15 * MINUTE,
  },
  signInPerAddress: {
    action: 'sign-in',
    scope: 'ip',
    limit: 20,
    windowMs: 15 * MINUTE,
    blockMs: 15 * MINUTE,
  },
  // The ceiling: 100 failures an hour, far beyond an owner's typos. Reaching it takes at least five addresses each
  // failing at the pair's full rate for the whole hour; then the account's sign-in is shut for the rest of the hour
  // (docs/security.md, decision 036).
  signInPerAccount: {
    action: 'sign-in',
    scope: 'account',
    limit: 100,
    windowMs: HOUR,
  },
  signUpPerAddress: { action: 'sign-up', scope: 'ip', limit: 5, windowMs: HOUR },
  resendVerificationPerAccount: {
    action: 'resend-verification',
    scope: 'account',
    limit: 3,
    windowMs: 15 * MINUTE,
  },
  resendVerificationPerAddress: { action: 'resend-verification', scope: 'ip', limit: 10, windowMs: HOUR },
  passwordResetPerAccount: { action: 'password-reset', scope: 'account', limit: 3, windowMs: HOUR },
  passwordResetPerAddress: { action: 'password-reset', scope: 'ip', limit: 10, windowMs: HOUR },
  // 5 guesses, then 15 minutes out: about 480 guesses a day; with three codes valid at once (±30 s), a guesser's
  // odds stay under 1 in 600 a day.
  totpPerAccount: { action: 'totp', scope: 'account', limit: 5, windowMs: 5 * MINUTE, blockMs: 15 * MINUTE },
  // Analytics events need no sign-in: the limit keeps one machine from filling the table. A person moving
  // quickly through the app sends a page view every few seconds, far below it.
  analyticsPerAddress: { action: 'analytics', scope: 'ip', limit: 120, windowMs: 5 * MINUTE },
} as const satisfies Record<string, TRateLimitDefinition>;

/** The name of one of the limits above. */
export type TRateLimitName = keyof typeof RATE_LIMITS;

/** The longest window in use: buckets older than this (and not blocked) can be deleted. */
export const LONGEST_RATE_LIMIT_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((r) => r.windowMs));

/** The subject of an 'account-ip' limit: an account (e-mail) and a client address together. */
export function accountAddressSubject(email: string, address: string): string {
  return `${email}|${address}`;
}

/** The bucket key of `subject` (an e-mail, a user id, a client address, or both) under `definition`. */
export function rateLimitKey(definition: TRateLimitDefinition, subject: string): string {
  return `${definition.action}:${definition.scope}:${keyPart(definition.scope, subject)}`;
}

function keyPart(scope: TRateLimitDefinition['scope'], subject: string): string {
  if (scope === 'ip') return rateLimitAddress(subject);
  if (scope === 'account') return subject.trim().toLowerCase();
  // An address never holds '|'; an e-mail may, so the address is what follows the last one.
  const split = subject.lastIndexOf('|');
  return `${keyPart('account', subject.slice(0, split))}|${rateLimitAddress(subject.slice(split + 1))}`;
}

/** Counts one attempt by `subject` against the named limit. */
export function consumeNamedRateLimit(
  db: TDb,
  name: TRateLimitName,
  subject: string,
  now?: Date,
): Promise<TRateLimitResult> {
  const definition: TRateLimitDefinition = RATE_LIMITS[name];
  return consumeRateLimit(db, {
    key: rateLimitKey(definition, subject),
    limit: definition.limit,
    windowMs: definition.windowMs,
    ...(definition.blockMs === undefined ? {} : { blockMs: definition.blockMs }),
    ...(now ? { now } : {}),
  });
}
