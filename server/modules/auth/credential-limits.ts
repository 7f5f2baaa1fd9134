// The limits on checking a password or a second-factor code (sign-in, password change, re-authentication, the TOTP
// step): counted per account and address, per address, and per account across all addresses, and only when the
// credential turns out wrong (decision 036).
import type { FastifyRequest } from 'fastify';
import { AppError } from '#common/errors.ts';
import { SIGN_IN_MESSAGES } from '#common/schemas/auth.ts';
import type { TDb } from '../../db/client.ts';
import { refundRateLimit, resetRateLimit } from '../../security/rate-limit.ts';
import {
  accountAddressSubject,
  consumeNamedRateLimit,
  RATE_LIMITS,
  rateLimitKey,
  type TRateLimitName,
} from '../../security/rate-limits.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { eventOrigin } from './auth-request.ts';

/** One limit an attempt counts against, and who it counts (an e-mail, a user id, an address, or a pair). */
export interface TLimitUse {
  name: TRateLimitName;
  subject: string;
}

/** The limits a password check counts against, in the order they are counted. */
export function passwordCheckLimits(email: string, request: FastifyRequest): TLimitUse[] {
  return [
    { name: 'signInPerAccountAddress', subject: accountAddressSubject(email, request.ip) },
    { name: 'signInPerAddress', subject: request.ip },
    { name: 'signInPerAccount', subject: email },
  ];
}

/**
 * The limits a second-factor code counts against: the same pair and address as the password, and the TOTP limit of
 * the account, which only someone who knows the password can reach.
 */
export function secondFactorLimits(email: string, userId: string, request: FastifyRequest): TLimitUse[] {
  return [
    { name: 'signInPerAccountAddress', subject: accountAddressSubject(email, request.ip) },
    { name: 'signInPerAddress', subject: request.ip },
    { name: 'totpPerAccount', subject: userId },
  ];
}

/** An attempt counted against its limits, until it is known not to have failed. */
export interface TCountedAttempt {
  /**
   * The credential was right, or the check stopped for a reason that is not a wrong credential (an unverified or
   * inactive account): the attempt is given back to every limit, and the limits named in `forget` forget their
   * earlier failures too (a finished sign-in or re-authentication forgets the failures of its account and address).
   */
  passed(options?: { forget?: readonly TRateLimitName[] }): Promise<void>;
}

/**
 * Counts one attempt against each limit in turn and refuses with 429 and Retry-After, recording a rate_limited
 * event, at the first one over; the limits counted before it get their attempt back (nothing was checked). Counted
 * first and given back on success, so attempts running at once on any number of instances never get more failures
 * through than a limit allows. An attempt the caller does not give back stays counted: a failure, or an error.
 */
export async function countCredentialAttempt(
  db: TDb,
  request: FastifyRequest,
  limits: readonly TLimitUse[],
  event: { email?: string | null; action: string },
): Promise<TCountedAttempt> {
  const counted: { name: TRateLimitName; key: string }[] = [];
  for (const { name, subject } of limits) {
    const verdict = await consumeNamedRateLimit(db, name, subject);
    if (!verdict.allowed) {
      for (const { key } of counted) await refundRateLimit(db, key);
      await recordSecurityEvent(db, {
        type: 'rate_limited',
        email: event.email ?? null,
        ...eventOrigin(request),
        details: { limit: name, action: event.action },
      });
      throw AppError.rateLimited(SIGN_IN_MESSAGES.tooManyAttempts, verdict.retryAfterMs);
    }
    counted.push({ name, key: rateLimitKey(RATE_LIMITS[name], subject) });
  }
  return {
    async passed(options = {}) {
      for (const { name, key } of counted) {
        if (options.forget?.includes(name)) await resetRateLimit(db, key);
        else await refundRateLimit(db, key);
      }
    },
  };
}
