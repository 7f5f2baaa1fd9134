// Ends the pending two-factor sign-in of a browser once a passkey answered it (decision 089): better-auth's own
// verify-totp does the same when a code answers it. The challenge row is consumed and its cookie cleared, so the
// password step cannot be completed a second time.
import type { FastifyRequest } from 'fastify';
import type { TAuth } from '../auth/auth.ts';
import { unsignCookieValue } from '../auth/two-factor.service.ts';

/** better-auth's cookie name (before its prefix) for a pending two-factor sign-in. */
const TWO_FACTOR_COOKIE = 'two_factor';

/** Consumes the browser's pending two-factor challenge and clears its cookie (through `forward`). */
export async function endTwoFactorChallenge(
  auth: TAuth,
  request: FastifyRequest,
  forward: (cookies: string[]) => void,
): Promise<void> {
  const context = await auth.$context;
  const cookie = context.createAuthCookie(TWO_FACTOR_COOKIE);
  const raw = request.cookies[cookie.name];
  const identifier = raw ? unsignCookieValue(raw, context.secret) : null;
  if (identifier) await context.internalAdapter.consumeVerificationValue(identifier);
  const { path = '/', secure, sameSite } = cookie.attributes;
  const attributes = [`Path=${path}`, 'Max-Age=0', 'HttpOnly'];
  if (sameSite) attributes.push(`SameSite=${String(sameSite)}`);
  if (secure) attributes.push('Secure');
  forward([`${cookie.name}=; ${attributes.join('; ')}`]);
}
