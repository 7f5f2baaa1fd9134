// The provider's redirect back (GET /api/auth/sso/callback/<providerId>) runs through better-auth's plugin, inside
// an attempt of ours (sso-attempt.ts): first what the user resolution needs — the provider's company and rules, the
// plan's seats, the proved domains, the nonce of the browser's cookie — and after it the security event of the
// outcome (signed in, or refused with the reason) and, for a person created at first sign-in, the audit entry.
import type { FastifyRequest } from 'fastify';
import { planLimitsOf } from '#common/plans.ts';
import type { TDb } from '../../db/client.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { recordAudit, systemActor } from '../audit/audit.ts';
import { AUTH_BASE_PATH, type TAuth } from '../auth/auth.ts';
import { eventOrigin } from '../auth/auth-request.ts';
import { finishIdentityLink, identityLinkOf } from '../identities/identity-link.ts';
import { acsStep, clearRelayCookie } from './saml-browser-binding.ts';
import { findProviderForCallback } from './sso.repo.ts';
import { ssoAttempt, type TSsoAttempt } from './sso-attempt.ts';
import { clearNonceCookie, nonceOf, SSO_NONCE_COOKIE, ssoCallbackPage } from './sso-sign-in.service.ts';

const CALLBACK_PATH = new RegExp(`^${AUTH_BASE_PATH}/sso/callback/([^/?#]+)`);
/** SAML's assertion consumer service (decision 090): the IdP's POST runs inside an attempt as the OpenID callback. */
const ACS_PATH = new RegExp(`^${AUTH_BASE_PATH}/sso/saml2/sp/acs/([^/?#]+)`);

/** The provider id of a callback (or SAML ACS) request's path, or null for any other better-auth path. */
export function ssoCallbackProviderId(url: string): string | null {
  const match = CALLBACK_PATH.exec(url) ?? ACS_PATH.exec(url);
  return match ? decodeURIComponent(match[1]!) : null;
}

async function attemptFor(
  db: TDb,
  providerId: string,
  nonceCookie: string | undefined,
): Promise<TSsoAttempt> {
  const provider = await findProviderForCallback(db, providerId);
  return {
    companyId: provider?.companyId ?? null,
    jitEnabled: provider?.jitEnabled ?? false,
    firstNameClaim: provider?.firstNameClaim ?? 'given_name',
    lastNameClaim: provider?.lastNameClaim ?? 'family_name',
    maxUsers: provider ? planLimitsOf(provider.planId, provider.planStartedAt).maxUsers : 0,
    provedDomains: provider?.provedDomains ?? [],
    expectedNonce: nonceCookie ? nonceOf(nonceCookie) : null,
    email: null,
    userId: null,
    created: false,
    refusal: null,
  };
}

/** The `error` of the plugin's redirect (to our callback page), if it refused. */
function errorOf(response: Response): string | null {
  const location = response.headers.get('location');
  if (!location) return response.status >= 400 ? `status_${response.status}` : null;
  try {
    return new URL(location, 'http://x').searchParams.get('error');
  } catch {
    return null;
  }
}

async function recordOutcome(db: TDb, request: FastifyRequest, attempt: TSsoAttempt, error: string | null) {
  const who = {
    email: attempt.email,
    userId: attempt.userId,
    companyId: attempt.companyId,
    ...eventOrigin(request),
  };
  if (error !== null) {
    const reason = attempt.refusal ?? error;
    await recordSecurityEvent(db, {
      ...who,
      ...(reason === 'account_inactive'
        ? { type: 'inactive_account_attempt' as const }
        : { type: 'sign_in_failed' as const, outcome: 'denied' as const }),
      details: { method: 'sso', reason },
    });
    return;
  }
  if (!attempt.userId || !attempt.companyId) return;
  await recordSecurityEvent(db, {
    ...who,
    type: 'sign_in_succeeded',
    details: { method: 'sso', created: attempt.created },
  });
  if (attempt.created) {
    await recordSecurityEvent(db, { ...who, type: 'user_created', details: { method: 'sso' } });
    await recordAudit(db, attempt.companyId, systemActor('Single sign-on'), {
      entityType: 'user',
      entityId: attempt.userId,
      entityLabel: attempt.email ?? '',
      action: 'created',
      after: { email: attempt.email, role: 'user' },
    });
  }
}

/**
 * Runs better-auth's callback for `providerId` within an attempt, records its outcome, and forgets the nonce (and a
 * SAML sign-in's relay cookie). A SAML POST from the IdP's site is first posted again from a page of ours, and only
 * one that comes back with this browser's relay state goes on (saml-browser-binding.ts).
 */
export async function handleSsoCallback(
  db: TDb,
  auth: TAuth,
  appUrl: string,
  request: FastifyRequest,
  webRequest: Request,
  providerId: string,
): Promise<Response> {
  const saml = ACS_PATH.test(request.url) && request.method === 'POST';
  const step = saml
    ? acsStep(request, appUrl, request.body as Buffer | undefined)
    : { kind: 'pass' as const };
  if (step.kind === 'repost') return step.response;
  const attempt = await attemptFor(db, providerId, request.cookies[SSO_NONCE_COOKIE]);
  const forget = (response: Response) => {
    const headers = new Headers(response.headers);
    headers.append('set-cookie', saml ? clearRelayCookie(appUrl) : clearNonceCookie(appUrl));
    return new Response(response.body, { status: response.status, headers });
  };
  if (step.kind === 'refuse') {
    await recordOutcome(db, request, attempt, NOT_THIS_BROWSER);
    const page = new URL(ssoCallbackPage(appUrl));
    page.searchParams.set('error', NOT_THIS_BROWSER);
    return forget(new Response(null, { status: 302, headers: { location: page.toString() } }));
  }
  attempt.link = await identityLinkOf(db, auth, request, attempt.expectedNonce);
  const response = await ssoAttempt.run(attempt, () => auth.handler(webRequest));
  if (attempt.link) return finishIdentityLink(db, auth, appUrl, request, attempt, attempt.link, response);
  await recordOutcome(db, request, attempt, errorOf(response));
  return forget(response);
}

/** A SAML response brought back by a browser that did not start its sign-in (or whose start has expired). */
const NOT_THIS_BROWSER = 'not_this_browser';
