// Single sign-on as a browser does it, for the API tests (decision 086): the login view's start, the provider's login
// (a real oidc-provider), and the redirect back into the app, carrying the cookies the start set.
import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TTestIdp } from './oidc-idp.ts';
import { SESSION_COOKIE, TEST_APP_URL, type TTestApp } from './test-app.ts';

/** name=value pairs of a response's Set-Cookie headers (empty values, i.e. cleared cookies, left out). */
export function cookiesOf(response: LightMyRequestResponse): Map<string, string> {
  const jar = new Map<string, string>();
  for (const header of [response.headers['set-cookie'] ?? []].flat() as string[]) {
    const [pair] = header.split(';');
    const eq = pair!.indexOf('=');
    const value = pair!.slice(eq + 1);
    if (value !== '') jar.set(pair!.slice(0, eq), value);
  }
  return jar;
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

export interface TStarted {
  url: string;
  cookies: Map<string, string>;
}

/** POST /api/v1/auth/sso/start for `email`. */
export function startSso(t: TTestApp, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sso/start',
    payload: { email },
    headers: { origin: TEST_APP_URL },
    remoteAddress: `10.251.${randomInt(256)}.${randomInt(1, 255)}`,
  });
}

/** Starts, expecting the provider's authorization URL. */
export async function started(t: TTestApp, email: string): Promise<TStarted> {
  const response = await startSso(t, email);
  if (response.statusCode !== 200) throw new Error(`start failed: ${response.statusCode} ${response.body}`);
  return { url: response.json().url as string, cookies: cookiesOf(response) };
}

/** The redirect back into the app after `sub` logs in at the provider. */
export async function loginAtIdp(idp: TTestIdp, start: TStarted, sub: string): Promise<URL> {
  idp.loginAs(sub);
  return idp.authorize(start.url, `${TEST_APP_URL}/api/auth/sso/callback/`);
}

/** What the app's callback answered: where it sent the browser, the refusal if any, and the session cookie. */
export interface TLanded {
  status: number;
  location: URL | null;
  error: string | null;
  session: string | null;
}

/** GET the callback URL in the app with `cookies`. */
export async function callback(t: TTestApp, back: URL, cookies: Map<string, string>): Promise<TLanded> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: cookieHeader(cookies) },
  });
  return landed(response);
}

/** Where a callback (OpenID's, or SAML's ACS) sent the browser, its refusal if any, and the session it started. */
export function landed(response: LightMyRequestResponse): TLanded {
  const location = response.headers.location
    ? new URL(String(response.headers.location), TEST_APP_URL)
    : null;
  const session = cookiesOf(response).get(SESSION_COOKIE);
  return {
    status: response.statusCode,
    location,
    error: location?.searchParams.get('error') ?? null,
    session: session ? `${SESSION_COOKIE}=${session}` : null,
  };
}

/** The whole flow for `email` logging in at the provider as `sub`. */
export async function signInWithSso(t: TTestApp, idp: TTestIdp, email: string, sub: string) {
  const start = await started(t, email);
  const back = await loginAtIdp(idp, start, sub);
  return { start, back, landed: await callback(t, back, start.cookies) };
}
