// The fast session read checks cookie signatures itself: it must accept exactly what better-call signs, nothing else.
import { serializeSignedCookie } from 'better-call';
import { describe, expect, it } from 'vitest';
import { verifiedValue } from './session-read.ts';

const SECRET = 'a-test-secret-of-more-than-thirty-two-characters';

/** The cookie value as better-call writes it and a browser sends it back (decoded, as cookie parsers give it). */
async function signedByBetterCall(value: string, secret = SECRET): Promise<string> {
  const header = await serializeSignedCookie('fb.session_token', value, secret);
  return decodeURIComponent(header.split(';')[0]!.split('=').slice(1).join('='));
}

describe('verifiedValue', () => {
  it('gives back the token of a cookie better-call signed with the same secret', async () => {
    const token = 'Qm9vdHN0cmFwVG9rZW4xMjM0NTY3ODkw';
    expect(verifiedValue(await signedByBetterCall(token), SECRET)).toBe(token);
  });

  it('refuses a cookie signed with another secret', async () => {
    expect(
      verifiedValue(await signedByBetterCall('token123', 'another-secret-entirely-of-enough-length'), SECRET),
    ).toBe(null);
  });

  it('refuses a token swapped under a valid signature', async () => {
    const signed = await signedByBetterCall('token123');
    const signature = signed.slice(signed.lastIndexOf('.'));
    expect(verifiedValue(`token124${signature}`, SECRET)).toBe(null);
  });

  it('refuses a signature in any other spelling (URL-safe alphabet), leaving such a cookie to better-auth', async () => {
    // Find a token whose signature has a + or /, so the URL-safe spelling differs.
    for (let i = 0; i < 200; i++) {
      const signed = await signedByBetterCall(`token${i}`);
      const dot = signed.lastIndexOf('.');
      const signature = signed.slice(dot + 1);
      if (!/[+/]/.test(signature)) continue;
      const urlSafe = signature.replaceAll('+', '-').replaceAll('/', '_');
      expect(verifiedValue(`${signed.slice(0, dot)}.${urlSafe}`, SECRET)).toBe(null);
      return;
    }
    throw new Error('no signature with + or / in 200 tries');
  });

  it.each([['no-signature'], ['.AAAA'], ['token.short='], [`token.${'A'.repeat(44)}`]])(
    'refuses %j',
    (cookie) => {
      expect(verifiedValue(cookie, SECRET)).toBe(null);
    },
  );
});
