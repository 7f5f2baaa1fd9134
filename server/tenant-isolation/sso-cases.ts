// The cross-company cases of single sign-on (decision 086: server/modules/sso/sso.routes.ts), spread into ROUTE_CASES
// of server/tenant-isolation.api.test.ts. A has a provider and two domain claims, one proved and one pending (written
// directly: no identity provider is needed to own them). B's admin naming A's claims by id gets 404 and A's stay as
// they were; B never lists A's domains nor reads A's provider; B cannot claim A's proved domain; only a sysadmin
// approves a claim; the login view's start sends an address of A's proved domain to A's provider and nowhere else.
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import { ssoDomains, ssoProviders } from '../modules/sso/sso.tables.ts';
import { encryptClientSecret } from '../modules/sso/sso-secrets.ts';
import type { TCaseHelpers, TRouteCase } from './route-case.ts';

const SSO = '/api/v1/sso';
const A_DOMAIN = 'a-secret-sso.example';
const A_PENDING = 'a-pending-sso.example';
const A_ISSUER = 'https://login.a-secret-sso.example';

export function ssoCases({ app, a, asB }: TCaseHelpers): Record<string, TRouteCase> {
  const db = () => app().database.db;
  let made: Promise<{ proved: string; pending: string }> | undefined;
  const aWorld = () => {
    made ??= (async () => {
      const companyId = a().companyId;
      const providerId = uuidv7();
      await db()
        .insert(ssoProviders)
        .values({
          id: providerId,
          companyId,
          providerId,
          issuer: A_ISSUER,
          clientSecret: await encryptClientSecret((await app().app.auth.$context).secretConfig, 'a-secret'),
          oidcConfig: JSON.stringify({
            issuer: A_ISSUER,
            clientId: 'a-client',
            pkce: true,
            discoveryEndpoint: `${A_ISSUER}/.well-known/openid-configuration`,
            authorizationEndpoint: `${A_ISSUER}/authorize`,
            tokenEndpoint: `${A_ISSUER}/token`,
            jwksEndpoint: `${A_ISSUER}/jwks`,
            scopes: ['openid', 'email'],
          }),
        });
      const proved = uuidv7();
      const pending = uuidv7();
      await db()
        .insert(ssoDomains)
        .values([
          {
            id: proved,
            companyId,
            domain: A_DOMAIN,
            token: 'a-token-1',
            verifiedAt: new Date(),
            verifiedBy: 'dns',
            createdBy: 'A',
          },
          { id: pending, companyId, domain: A_PENDING, token: 'a-token-2', createdBy: 'A' },
        ]);
      return { proved, pending };
    })();
    return made;
  };
  /** A's claims and provider as stored: what must not change. */
  const aState = async () => ({
    domains: await db().select().from(ssoDomains).where(eq(ssoDomains.companyId, a().companyId)),
    providers: await db().select().from(ssoProviders).where(eq(ssoProviders.companyId, a().companyId)),
  });
  const untouched = async (probe: () => Promise<void>) => {
    await aWorld();
    const before = await aState();
    await probe();
    expect(await aState()).toEqual(before);
  };
  const noneOfA = (body: string) => {
    for (const secret of [A_DOMAIN, A_PENDING, A_ISSUER, 'a-client', 'a-token-1', 'a-token-2']) {
      expect(body).not.toContain(secret);
    }
  };
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe: () => untouched(probe),
  });
  const notFound =
    (
      method: 'POST' | 'PATCH' | 'DELETE',
      path: (ids: { proved: string; pending: string }) => string,
      payload?: object,
    ) =>
    async () => {
      const ids = await aWorld();
      const response = await asB({ method, url: path(ids), ...(payload ? { payload } : {}) });
      expect(response.statusCode, response.body).toBe(404);
      noneOfA(response.body);
    };

  return {
    [`GET ${SSO}/provider`]: tenantCase("reads the provider: B's own (none), nothing of A's", async () => {
      const response = await asB({ method: 'GET', url: `${SSO}/provider` });
      expect(response.json()).toEqual({ provider: null });
      noneOfA(response.body);
    }),
    [`PUT ${SSO}/provider`]: tenantCase(
      "saves a provider: only B's could change (400 here), A's as it was",
      async () => {
        const response = await asB({
          method: 'PUT',
          url: `${SSO}/provider`,
          payload: { issuer: A_ISSUER, clientId: 'b' },
        });
        expect(response.statusCode).toBe(400);
      },
    ),
    [`PUT ${SSO}/provider/saml`]: tenantCase(
      "saves a SAML provider: only B's could change (400 here), A's as it was",
      async () => {
        const response = await asB({
          method: 'PUT',
          url: `${SSO}/provider/saml`,
          payload: {
            entryPoint: `${A_ISSUER}/saml`,
            idpEntityId: A_ISSUER,
            certificate: 'not a certificate',
          },
        });
        expect(response.statusCode).toBe(400);
        noneOfA(response.body);
      },
    ),
    [`DELETE ${SSO}/provider`]: tenantCase("removes the provider: B has none (404), A's stays", async () => {
      const response = await asB({ method: 'DELETE', url: `${SSO}/provider` });
      expect(response.statusCode).toBe(404);
      noneOfA(response.body);
    }),
    [`GET ${SSO}/domains`]: tenantCase("lists domain claims: none of A's", async () => {
      const response = await asB({ method: 'GET', url: `${SSO}/domains` });
      expect(response.statusCode).toBe(200);
      noneOfA(response.body);
    }),
    [`POST ${SSO}/domains`]: tenantCase("claims A's proved domain: 409, A's claim stays A's", async () => {
      const response = await asB({ method: 'POST', url: `${SSO}/domains`, payload: { domain: A_DOMAIN } });
      expect(response.statusCode).toBe(409);
    }),
    [`POST ${SSO}/domains/:id/check`]: tenantCase(
      "checks A's pending claim by id: 404",
      notFound('POST', (ids) => `${SSO}/domains/${ids.pending}/check`),
    ),
    [`PATCH ${SSO}/domains/:id`]: tenantCase(
      "requires single sign-on on A's proved domain by id: 404",
      notFound('PATCH', (ids) => `${SSO}/domains/${ids.proved}`, { ssoRequired: true }),
    ),
    [`DELETE ${SSO}/domains/:id`]: tenantCase(
      "drops A's proved claim by id: 404",
      notFound('DELETE', (ids) => `${SSO}/domains/${ids.proved}`),
    ),
    [`POST ${SSO}/domains/:id/approve`]: {
      kind: 'sysadmin',
      attempt: "approves A's pending claim as B's admin: 403, still pending",
      probe: () =>
        untouched(async () => {
          const { pending } = await aWorld();
          const response = await asB({ method: 'POST', url: `${SSO}/domains/${pending}/approve` });
          expect(response.statusCode).toBe(403);
        }),
    },
    [`GET ${SSO}/pending-domains`]: {
      kind: 'sysadmin',
      attempt: "lists every company's pending claims as B's admin: 403, nothing of A's",
      probe: () =>
        untouched(async () => {
          await aWorld();
          const response = await asB({ method: 'GET', url: `${SSO}/pending-domains` });
          expect(response.statusCode).toBe(403);
          noneOfA(response.body);
        }),
    },
    'POST /api/v1/auth/sso/start': {
      kind: 'public',
      attempt:
        "starts a sign-in: an address of A's pending domain routes nowhere; one of A's proved domain, to A's provider only",
      probe: () =>
        untouched(async () => {
          const pending = await asB({
            method: 'POST',
            url: '/api/v1/auth/sso/start',
            payload: { email: `x@${A_PENDING}` },
          });
          expect(pending.statusCode).toBe(404);
          const proved = await asB({
            method: 'POST',
            url: '/api/v1/auth/sso/start',
            payload: { email: `x@${A_DOMAIN}` },
          });
          expect(proved.statusCode, proved.body).toBe(200);
          expect(new URL(proved.json().url).origin).toBe(A_ISSUER);
        }),
    },
  };
}
