// Our rules around better-auth's TOTP: which user a sign-in challenge belongs to, which 30-second step a code is
// of, and the replay guard that accepts each step once per user (decision 015 section 6, docs/security.md).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TDb } from '../../db/client.ts';
import { twoFactors } from './auth.tables.ts';
import type { TAuth } from './auth.ts';

/** RFC 6238 as better-auth (and every authenticator app) uses it: HMAC-SHA1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** better-auth accepts the step before and after the current one (±30 s of clock drift). */
export const TOTP_WINDOW_STEPS = 1;

/** better-auth's cookie name (before its prefix) for a pending two-factor sign-in. */
const TWO_FACTOR_COOKIE = 'two_factor';

/** The RFC 4226 HOTP value of `key` at `counter`. */
export function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value =
    ((digest[offset]! & 0x7f) << 24) |
    (digest[offset + 1]! << 16) |
    (digest[offset + 2]! << 8) |
    digest[offset + 3]!;
  return (value % 10 ** TOTP_DIGITS).toString().padStart(TOTP_DIGITS, '0');
}

/** The time step of `now`. */
export function totpStep(now: number = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step (current −1, 0, +1, newest first) whose code `code` is, for the key `key`; null when none matches.
 * Newest first: were two steps to give the same code, the later one is claimed, so a replay can never pass.
 */
export function matchingTotpStep(key: Buffer, code: string, now: number = Date.now()): number | null {
  const current = totpStep(now);
  const given = Buffer.from(code);
  for (let step = current + TOTP_WINDOW_STEPS; step >= current - TOTP_WINDOW_STEPS; step -= 1) {
    const expected = Buffer.from(hotp(key, step));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return step;
  }
  return null;
}

/** The user's enrolment row, or null. */
export async function findTwoFactor(db: TDb, userId: string) {
  const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * Which step `code` is of for this user's secret (decrypted as better-auth does: the stored string's UTF-8 bytes are
 * the key), or null when the user has no enrolment or the code matches no step of the window.
 */
export async function stepOfUserCode(
  auth: TAuth,
  db: TDb,
  userId: string,
  code: string,
): Promise<number | null> {
  const row = await findTwoFactor(db, userId);
  if (!row) return null;
  const context = await auth.$context;
  const secret = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  // better-auth also reads secrets stored as 'base32:…' (imported ones); enable never stores them.
  const key = secret.startsWith('base32:')
    ? base32Decode(secret.slice('base32:'.length))
    : Buffer.from(secret, 'utf8');
  return matchingTotpStep(key, code);
}

/**
 * The replay guard: records `step` as this user's last accepted step, only if it is later than the one recorded.
 * One conditional UPDATE, so of two requests with the same code (on any instances) exactly one gets true.
 */
export async function claimTotpStep(db: TDb, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactors.userId, userId),
        or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: twoFactors.id });
  return claimed.length > 0;
}

/** Forgets the last accepted step (a new enrolment has a new secret). */
export async function resetTotpStep(db: TDb, userId: string): Promise<void> {
  await db.update(twoFactors).set({ lastUsedStep: null }).where(eq(twoFactors.userId, userId));
}

/**
 * The user a pending two-factor sign-in belongs to: better-auth's signed `two_factor` cookie names a verification
 * row (stored hashed) whose value is the user id. Null when there is no cookie, its signature is wrong, or the
 * challenge expired or was used.
 */
export async function challengeUserId(auth: TAuth, request: FastifyRequest): Promise<string | null> {
  const context = await auth.$context;
  const name = context.createAuthCookie(TWO_FACTOR_COOKIE).name;
  const raw = request.cookies[name];
  if (!raw) return null;
  const identifier = unsignCookieValue(raw, context.secret);
  if (!identifier) return null;
  const row = await context.internalAdapter.findVerificationValue(identifier);
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return null;
  return row.value;
}

/** better-call's signed cookie: `value.base64(HMAC-SHA256(secret, value))`; the value, or null when forged. */
export function unsignCookieValue(cookie: string, secret: string): string | null {
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return null;
  const value = cookie.slice(0, dot);
  const given = Buffer.from(cookie.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/** RFC 4648 base32 (upper or lower case, padding ignored). */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.toUpperCase().replace(/=+$/, '')) {
    const index = alphabet.indexOf(char);
    if (index < 0) continue;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}
