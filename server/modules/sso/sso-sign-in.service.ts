// The start of a single sign-on (the login view's "Continue with single sign-on"): the address's domain, proved by a
// company, finds that company's provider; better-auth's plugin makes the authorization URL (state and PKCE, kept in
// its verification table and bound to the browser by its state cookie) and we add the nonce to it, bound to the
// browser by a cookie of ours and checked against the ID token in the callback (sso-plugin.ts). An unproved domain routes
// nowhere.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#common/errors.ts';
import { SSO_MESSAGES } from '#common/schemas/sso.ts';
import type { TDb } from '../../db/client.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import type { TAuth } from '../auth/auth.ts';
import { AUTH_BASE_PATH } from '../auth/auth.ts';
import { authHeaders, eventOrigin, type TWithCookies } from '../auth/auth-request.ts';
import { flowCookie } from './flow-cookie.ts';
import { bindRelayState } from './saml-browser-binding.ts';
import { findProvedDomain } from './sso.repo.ts';

/** The cookie that binds the nonce to the browser that started the sign-in. */
export const SSO_NONCE_COOKIE = 'fb.sso_nonce';
/** How long a started sign-in may take at the provider (better-auth's state lives 10 minutes too). */
const NONCE_SECONDS = 600;

/** The nonce the ID token must carry for a cookie's value: its SHA-256, so the cookie alone is never sent out. */
export function nonceOf(cookieValue: string): string {
  return createHash('sha256').update(cookieValue).digest('base64url');
}

/** Where the browser lands after the provider, on success and on a refusal (with `error`): the web app's page. */
export function ssoCallbackPage(appUrl: string): string {
  return `${appUrl}/auth/callback?sso=1`;
}

/** The Set-Cookie of the nonce's cookie (also an identity link's, decision 088), for the callback's path alone. */
export function nonceCookie(appUrl: string, value: string, maxAge = NONCE_SECONDS): string {
  return flowCookie(appUrl, SSO_NONCE_COOKIE, `${AUTH_BASE_PATH}/sso/callback`, value, maxAge);
}

/** The Set-Cookie that forgets the nonce (after the callback used it). */
export function clearNonceCookie(appUrl: string): string {
  return nonceCookie(appUrl, '', 0);
}

/** The provider's authorization URL for `email`, with the cookies that bind the attempt to this browser. */
export async function startSsoSignIn(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  email: string,
  appUrl: string,
): Promise<TWithCookies<{ url: string }>> {
  const domain = email.split('@')[1] ?? '';
  const found = await findProvedDomain(db, domain);
  if (!found?.providerId) {
    await recordSecurityEvent(db, {
      type: 'sign_in_failed',
      outcome: 'denied',
      email,
      ...eventOrigin(request),
      details: { method: 'sso', reason: 'no_provider' },
    });
    throw new AppError('NOT_FOUND', SSO_MESSAGES.noProvider);
  }
  if (found.isSaml) {
    // SAML (decision 090): the plugin's AuthnRequest; InResponseTo ties the response to it, no nonce to add.
    const saml = await auth.api.signInSSO({
      body: {
        providerId: found.providerId,
        providerType: 'saml',
        callbackURL: ssoCallbackPage(appUrl),
        errorCallbackURL: ssoCallbackPage(appUrl),
      },
      headers: authHeaders(request),
      returnHeaders: true,
    });
    // The relay state it carries, bound to this browser: only this browser's return is let in (login CSRF).
    const bound = bindRelayState(appUrl, saml.response.url);
    return {
      body: { url: saml.response.url },
      cookies: [...saml.headers.getSetCookie(), ...(bound ? [bound] : [])],
    };
  }
  const nonce = randomBytes(32).toString('base64url');
  const result = await auth.api.signInSSO({
    body: {
      providerId: found.providerId,
      providerType: 'oidc',
      callbackURL: ssoCallbackPage(appUrl),
      errorCallbackURL: ssoCallbackPage(appUrl),
      loginHint: email,
    },
    headers: authHeaders(request),
    returnHeaders: true,
  });
  // The plugin sends no nonce and refuses one among its extra parameters; the URL is ours to complete.
  const url = new URL(result.response.url);
  url.searchParams.set('nonce', nonceOf(nonce));
  return {
    body: { url: url.toString() },
    cookies: [...result.headers.getSetCookie(), nonceCookie(appUrl, nonce)],
  };
}
