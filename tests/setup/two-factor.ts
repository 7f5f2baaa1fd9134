// Two-factor set-up for API tests: a signed-in account enrols TOTP through the real routes, with codes from an
// independent generator (oathtool), never from our own code.
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { SESSION_COOKIE, TEST_APP_URL, type TTestApp } from './test-app.ts';

/** Fails (never skips) when oathtool is missing: the codes must come from a generator we did not write. */
export function requireOathtool(): void {
  try {
    execFileSync('oathtool', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('oathtool is missing: install it (apt-get install -y oathtool) to run the TOTP tests');
  }
}

/** oathtool's TOTP code for the base32 `secret` at `ms` (RFC 6238, SHA-1, 6 digits, 30 s). */
export function oathCode(secret: string, ms: number = Date.now()): string {
  return execFileSync('oathtool', ['--totp', '-b', secret, '--now', `@${Math.floor(ms / 1000)}`], {
    encoding: 'utf8',
  }).trim();
}

/** The session cookie (name=value) a response sets, if any. */
export function sessionCookieOf(response: { headers: Record<string, unknown> }): string | undefined {
  const headers = [response.headers['set-cookie'] ?? []].flat() as string[];
  return headers
    .map((h) => h.split(';')[0]!)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1);
}

/** What an enrolment left: the base32 secret, the ten backup codes, and the session cookie to go on with. */
export interface TEnrolled {
  secret: string;
  backupCodes: string[];
  /** better-auth rotates the session when confirm turns TOTP on: the new cookie (or the old one if it did not). */
  cookie: string;
}

/**
 * Turns TOTP on for the account signed in with `cookie`: enable with `password`, then confirm with oathtool's code
 * for now. The confirming step is spent (the replay guard), so a TOTP sign-in right after needs the next step's.
 */
export async function enrolTwoFactor(t: TTestApp, cookie: string, password: string): Promise<TEnrolled> {
  const post = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: TEST_APP_URL, cookie },
      // An address of its own, so no per-address limit counts test set-up.
      remoteAddress: `10.252.${randomInt(256)}.${randomInt(1, 255)}`,
    });
  const enable = await post('/api/v1/auth/two-factor/enable', { password });
  if (enable.statusCode !== 200) throw new Error(`enable failed: ${enable.statusCode} ${enable.body}`);
  const { totpUri, backupCodes } = enable.json() as { totpUri: string; backupCodes: string[] };
  const secret = new URL(totpUri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpUri}`);
  const confirm = await post('/api/v1/auth/two-factor/confirm', { code: oathCode(secret) });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.statusCode} ${confirm.body}`);
  return { secret, backupCodes, cookie: sessionCookieOf(confirm) ?? cookie };
}
