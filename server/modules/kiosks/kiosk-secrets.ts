// The secrets of kiosks and badges (decision 083): drawn from node:crypto, kept only as SHA-256 digests. A kiosk's key
// is "<kiosk id>.<secret>" (256 random bits, base64url); a badge's code is "FBB" and 24 Crockford base32 characters
// (120 random bits). A digest compared in constant time says whether a presented secret is the one set up; a long
// random secret needs no slow hash, as nobody can guess it from its digest.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_ALPHABET } from '#common/label-codes.ts';
import { BADGE_CODE_LENGTH, BADGE_PREFIX } from '#common/schemas/kiosks.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** A new kiosk secret: what the device keeps after its id. */
export const newKioskSecret = () => randomBytes(32).toString('base64url');

/** The parts of a presented key, or null when it is not shaped like one. */
export function parseKioskKey(key: string | undefined): { id: string; secret: string } | null {
  if (!key) return null;
  const dot = key.indexOf('.');
  const id = key.slice(0, dot);
  const secret = key.slice(dot + 1);
  if (dot < 0 || !UUID.test(id) || !/^[A-Za-z0-9_-]{43}$/.test(secret)) return null;
  return { id, secret };
}

/** Whether `secret` digests to `expected` (hex), compared in constant time. */
export function matchesDigest(secret: string, expected: string): boolean {
  const a = Buffer.from(digest(secret), 'hex');
  const b = Buffer.from(expected, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A new badge code. 32 letters divide 256 evenly, so `byte & 31` draws each one alike. */
export function newBadgeCode(): string {
  let code = BADGE_PREFIX;
  for (const byte of randomBytes(BADGE_CODE_LENGTH)) code += TOKEN_ALPHABET[byte & 31];
  return code;
}
