// Linking the company's single sign-on provider to the signed-in account (decision 088). The start is the login's
// start (decision 086: the plugin's authorization URL with its state and PKCE, our nonce bound to the browser by its
// cookie), plus a pending link in better-auth's verification table keyed by that nonce and naming the session that
// asked. The provider's redirect comes back through the plugin's one callback; finding a pending link for the
// browser's nonce and the same session still signed in, the resolution links the verified identity to that user
// instead of choosing one by address, and the session the plugin then starts is dropped: the person stays in the
// session they linked from. A login start sets a new nonce, so a link abandoned halfway never turns a later sign-in
// into a link.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#common/errors.ts';
import { IDENTITY_MESSAGES, linkReturnUrl } from '#common/schemas/identities.ts';
import type { TDb } from '../../db/client.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { actorOf, recordAudit } from '../audit/audit.ts';
import type { TAuth } from '../auth/auth.ts';
import { authHeaders, eventOrigin, type TWithCookies } from '../auth/auth-request.ts';
import { findProvedDomain } from '../sso/sso.repo.ts';
import type { TSsoAttempt } from '../sso/sso-attempt.ts';
import { clearNonceCookie, nonceCookie, nonceOf } from '../sso/sso-sign-in.service.ts';
import { hasAccountOf, saveLinkIntent, takeLinkIntent } from './identities.repo.ts';
import type { TIdentityLink } from './identity-link-resolve.ts';

/** How long the person may take at the provider (as the plugin's state and the login's nonce). */
const LINK_SECONDS = 600;

const intentKey = (expectedNonce: string) => `identity-link:${expectedNonce}`;

/** The browser's current session id, asked of better-auth (the auth plugin does not keep it on the request). */
async function sessionIdOf(auth: TAuth, request: FastifyRequest): Promise<string | null> {
  const found = await auth.api.getSession({ headers: authHeaders(request) });
  return found?.session.id ?? null;
}

/** The company's provider that covers the person's address (its proved domain), or a 404 saying so. */
export async function providerFor(db: TDb, user: TAuthUser): Promise<string> {
  const found = await findProvedDomain(db, user.email.split('@')[1] ?? '');
  if (!found?.providerId || found.domain.companyId !== user.companyId)
    throw new AppError('NOT_FOUND', IDENTITY_MESSAGES.noProvider);
  return found.providerId;
}

/** GET /user/identities/authorize: the provider's authorization URL, and the cookies that bind it to this browser. */
export async function startIdentityLink(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  user: TAuthUser,
  appUrl: string,
): Promise<TWithCookies<{ url: string }>> {
  const providerId = await providerFor(db, user);
  if (await hasAccountOf(db, user.userId, providerId))
    throw new AppError('CONFLICT', IDENTITY_MESSAGES.alreadyLinked);
  const sessionId = await sessionIdOf(auth, request);
  if (!sessionId) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  const result = await auth.api.signInSSO({
    body: {
      providerId,
      providerType: 'oidc',
      callbackURL: linkReturnUrl(appUrl, 'linked'),
      errorCallbackURL: linkReturnUrl(appUrl, 'refused'),
      loginHint: user.email,
    },
    headers: authHeaders(request),
    returnHeaders: true,
  });
  const nonce = randomBytes(32).toString('base64url');
  await saveLinkIntent(
    db,
    intentKey(nonceOf(nonce)),
    JSON.stringify({
      userId: user.userId,
      sessionId,
      email: user.email,
      companyId: user.companyId,
      actorName: actorOf(user).name,
    }),
    new Date(Date.now() + LINK_SECONDS * 1000),
  );
  const url = new URL(result.response.url);
  url.searchParams.set('nonce', nonceOf(nonce));
  return {
    body: { url: url.toString() },
    cookies: [...result.headers.getSetCookie(), nonceCookie(appUrl, nonce, LINK_SECONDS)],
  };
}

/** The pending link of a callback's browser (used up here), or null: then the callback is a sign-in. */
export async function identityLinkOf(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  expectedNonce: string | null,
): Promise<TIdentityLink | null> {
  if (expectedNonce === null) return null;
  const value = await takeLinkIntent(db, intentKey(expectedNonce));
  if (value === null) return null;
  const intent = JSON.parse(value) as Omit<TIdentityLink, 'sameSession' | 'refusal'> & { sessionId: string };
  return {
    userId: intent.userId,
    email: intent.email,
    companyId: intent.companyId,
    actorName: intent.actorName,
    sameSession: (await sessionIdOf(auth, request)) === intent.sessionId,
    refusal: null,
  };
}

/** The `error` of the plugin's redirect, if it refused. */
function errorOf(response: Response): string | null {
  const location = response.headers.get('location');
  if (!location) return response.status >= 400 ? `status_${response.status}` : null;
  try {
    return new URL(location, 'http://x').searchParams.get('error');
  } catch {
    return null;
  }
}

/** The session token of a Set-Cookie header of `name` (its signed value is "token.signature"). */
function tokenOf(header: string, name: string): string | null {
  const [pair] = header.split(';');
  if (!pair?.startsWith(`${name}=`)) return null;
  const signed = decodeURIComponent(pair.slice(name.length + 1));
  const dot = signed.lastIndexOf('.');
  return dot > 0 ? signed.slice(0, dot) : null;
}

/**
 * After the plugin's callback of a link: the session it started is deleted and its cookies not sent (the browser
 * keeps the one it linked from), the nonce forgotten, and the outcome recorded as a security event (and, linked, in
 * the company's audit trail).
 */
export async function finishIdentityLink(
  db: TDb,
  auth: TAuth,
  appUrl: string,
  request: FastifyRequest,
  attempt: TSsoAttempt,
  link: TIdentityLink,
  response: Response,
): Promise<Response> {
  const context = await auth.$context;
  const sessionCookies = new Set(Object.values(context.authCookies).map((c) => c.name));
  const headers = new Headers();
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.append(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) {
    const token = tokenOf(cookie, context.authCookies.sessionToken.name);
    if (token) await context.internalAdapter.deleteSession(token);
    const name = cookie.slice(0, cookie.indexOf('='));
    if (!sessionCookies.has(name)) headers.append('set-cookie', cookie);
  }
  headers.append('set-cookie', clearNonceCookie(appUrl));
  const error = errorOf(response);
  const who = { userId: link.userId, email: link.email, companyId: link.companyId, ...eventOrigin(request) };
  const providerId = request.url.split('?')[0]!.split('/').pop() ?? '';
  if (error !== null) {
    await recordSecurityEvent(db, {
      ...who,
      type: 'identity_linked',
      outcome: 'denied',
      details: { method: 'sso', reason: link.refusal ?? attempt.refusal ?? error },
    });
  } else {
    await recordSecurityEvent(db, {
      ...who,
      type: 'identity_linked',
      details: { method: 'sso', providerId },
    });
    await recordAudit(
      db,
      link.companyId,
      { userId: link.userId, name: link.actorName },
      {
        entityType: 'user',
        entityId: link.userId,
        entityLabel: link.email,
        action: 'identity-linked',
        after: { signInMethod: 'Single sign-on' },
      },
    );
  }
  return new Response(response.body, { status: response.status, headers });
}
