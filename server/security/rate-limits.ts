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
  /** 'account': the e-mail address (the user id for TOTP); 'ip': the client's address (its /64 for IPv6). */
  scope: 'account' | 'ip';
}

/**
 * Every limit. Per account slows guessing one person's password; per address slows one machine trying many
 * accounts. Mail-sending actions are limited to protect people's inboxes and our sending reputation.
 */
export const RATE_LIMITS = {
  signInPerAccount: {
    action: 'sign-in',
    scope: 'account',
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

/** The bucket key of `subject` (an e-mail, a user id or a client address) under `definition`. */
export function rateLimitKey(definition: TRateLimitDefinition, subject: string): string {
  const part = definition.scope === 'ip' ? rateLimitAddress(subject) : subject.trim().toLowerCase();
  return `${definition.action}:${definition.scope}:${part}`;
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
