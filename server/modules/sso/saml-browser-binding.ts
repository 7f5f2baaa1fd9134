// Binds a SAML sign-in to the browser that started it (decision 090, "The relay state bound to the browser"). The
// plugin checks the IdP's signature, InResponseTo and a one-time assertion, but not that the response comes back to
// the browser that asked: an attacker could start a sign-in to their own account and have a victim's browser post
// the response, signing the victim in as the attacker (login CSRF). The start sets a cookie holding the relay state
// it sends to the IdP. The IdP's POST is cross-site, and a SameSite=Lax cookie does not come with it, so the ACS
// first answers a page of ours that posts the same two fields to itself: same-origin, with the cookie. Only a post
// whose relay state equals the cookie's reaches the plugin.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../../html.ts';
import { AUTH_BASE_PATH } from '../auth/auth.ts';
import { flowCookie } from './flow-cookie.ts';

/** The cookie holding the relay state of the sign-in this browser started. */
export const SAML_RELAY_COOKIE = 'fb.saml_relay';
/** How long a started sign-in may take at the IdP (the plugin's relay state lives 10 minutes). */
const RELAY_SECONDS = 600;
/** The script (web/public) that posts the page's form at once; a script of our origin, as the CSP requires. */
export const SAML_CONTINUE_SCRIPT = '/saml-continue.js';

const relayCookie = (appUrl: string, value: string, maxAge: number) =>
  flowCookie(appUrl, SAML_RELAY_COOKIE, `${AUTH_BASE_PATH}/sso/saml2/sp/acs`, value, maxAge);

/** The Set-Cookie that binds the sign-in whose AuthnRequest URL is `authnUrl`, or null when it has no relay state. */
export function bindRelayState(appUrl: string, authnUrl: string): string | null {
  const relayState = new URL(authnUrl).searchParams.get('RelayState');
  // The plugin's state is URL-safe text; anything else would not survive a cookie and is not bound.
  if (!relayState || !/^[\w-]{16,256}$/.test(relayState)) return null;
  return relayCookie(appUrl, relayState, RELAY_SECONDS);
}

/** The Set-Cookie that forgets the binding (once the ACS has used it). */
export function clearRelayCookie(appUrl: string): string {
  return relayCookie(appUrl, '', 0);
}

/** What the ACS does with a POST: pass it to the plugin, answer the page that posts it again, or refuse it. */
export type TAcsStep = { kind: 'pass' } | { kind: 'repost'; response: Response } | { kind: 'refuse' };

function repostPage(action: string, fields: { SAMLResponse: string; RelayState: string }): Response {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing you in…</title>' +
    `<script src="${SAML_CONTINUE_SCRIPT}" defer></script></head><body>` +
    `<form method="post" action="${escapeHtml(action)}">${inputs}` +
    '<p>Signing you in…</p><noscript><button type="submit">Continue</button></noscript></form></body></html>';
  return new Response(html, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // The second post must say where it comes from; the app's default (no-referrer) would send "Origin: null".
      'referrer-policy': 'same-origin',
    },
  });
}

const sameBytes = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The step for an ACS POST whose raw form body is `body`. */
export function acsStep(request: FastifyRequest, appUrl: string, body: Buffer | undefined): TAcsStep {
  const form = new URLSearchParams(body?.toString('utf8') ?? '');
  const samlResponse = form.get('SAMLResponse');
  const relayState = form.get('RelayState');
  // Without a response or a relay state the plugin refuses it in its own words (an IdP-initiated one, unsupported).
  if (!samlResponse || !relayState) return { kind: 'pass' };
  const own = new URL(appUrl).origin;
  const fromOurPage = request.headers['sec-fetch-site'] === 'same-origin' || request.headers.origin === own;
  if (!fromOurPage) {
    return {
      kind: 'repost',
      response: repostPage(request.url.split('?')[0]!, {
        SAMLResponse: samlResponse,
        RelayState: relayState,
      }),
    };
  }
  const bound = request.cookies[SAML_RELAY_COOKIE];
  return bound && sameBytes(bound, relayState) ? { kind: 'pass' } : { kind: 'refuse' };
}
