// Password hashing for better-auth's credential accounts: Node's scrypt at OWASP's cost, in a self-describing string.
import { randomBytes, type ScryptOptions, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

/** The cost of a new hash: N = 2^17, r = 8, p = 1 (OWASP's scrypt row), a 16-byte salt and a 64-byte key. */
export const PASSWORD_HASH_PARAMS = { logN: 17, r: 8, p: 1, saltBytes: 16, keyBytes: 64 } as const;

/** Enough memory for N = 2^17, r = 8 (128 MiB) with room to spare; Node's default limit is 32 MiB. */
const MAX_MEMORY = 256 * 1024 * 1024;

// scrypt$<log2 N>$<r>$<p>$<salt base64>$<key base64>. Bounds keep a bad row from asking for absurd work.
const FORMAT = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

function scrypt(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, keyBytes, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The parameters of a hash; verification reads them back from the stored string. */
export type TPasswordHashParams = { logN: number; r: number; p: number; saltBytes: number; keyBytes: number };

/** What new hashes cost in this process: the defaults, or PASSWORD_HASH_COST as the server started with it. */
let processParams: TPasswordHashParams = PASSWORD_HASH_PARAMS;

/**
 * Sets log2 N of new hashes from the configuration (server/env.ts, which refuses less than the default in
 * production). Once per process at start-up: stored hashes name their own cost, so old ones still verify.
 */
export function setPasswordHashCost(logN: number): void {
  processParams = { ...PASSWORD_HASH_PARAMS, logN };
}

/**
 * Hashes `password` with a fresh salt: `scrypt$17$8$1$<salt>$<key>` at the process's cost. Only test factories pass
 * cheaper `params` of their own.
 */
export async function hashPassword(
  password: string,
  params: TPasswordHashParams = processParams,
): Promise<string> {
  const { logN, r, p, saltBytes, keyBytes } = params;
  const salt = randomBytes(saltBytes);
  const key = await scrypt(password, salt, keyBytes, { N: 2 ** logN, r, p, maxmem: MAX_MEMORY });
  return `scrypt$${logN}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * True when `password` matches `hash`, compared in constant time. Never throws: a hash in any other format (or
 * with parameters out of bounds) is false, because better-auth turns a throw into a 500 at sign-in.
 */
export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const match = FORMAT.exec(hash);
  if (!match) return false;
  const [logN, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(match[4] ?? '', 'base64');
  const expected = Buffer.from(match[5] ?? '', 'base64');
  if (salt.length < 8 || expected.length < 16) return false;
  try {
    const actual = await scrypt(password, salt, expected.length, { N: 2 ** logN, r, p, maxmem: MAX_MEMORY });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/** The parameters a stored hash was made with, or null when it is not one of ours (for tests and rehash checks). */
export function passwordHashParams(
  hash: string,
): { logN: number; r: number; p: number; saltBytes: number; keyBytes: number } | null {
  const match = FORMAT.exec(hash);
  if (!match) return null;
  return {
    logN: Number(match[1]),
    r: Number(match[2]),
    p: Number(match[3]),
    saltBytes: Buffer.from(match[4] ?? '', 'base64').length,
    keyBytes: Buffer.from(match[5] ?? '', 'base64').length,
  };
}
