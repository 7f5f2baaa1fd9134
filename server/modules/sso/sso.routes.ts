// Company single sign-on (decision 086): the admins' provider and domain claims (tenant routes), a sysadmin's
// approval of a claim and the login view's start of a sign-in (system routes: across companies, before sign-in).

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZSsoDomainIdParamsSchema,
  ZSsoDomainInputSchema,
  ZSsoDomainListSchema,
  ZSsoDomainPatchSchema,
  ZSsoDomainSchema,
  ZSsoPendingPageSchema,
  ZSsoPendingQuerySchema,
  ZSsoProviderInputSchema,
  ZSsoProviderResultSchema,
  ZSsoProviderSchema,
  ZSsoSamlProviderInputSchema,
  ZSsoStartResultSchema,
  ZSsoStartSchema,
} from '#common/schemas/sso.ts';
import { authOf, requireRole } from '../../plugins/auth.ts';
import { systemRoutes, tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { actorOf } from '../audit/audit.ts';
import { replyWithCookies } from '../auth/auth-request.ts';
import {
  addSsoDomain,
  approveSsoDomain,
  checkSsoDomain,
  deleteSsoDomain,
  listPendingSsoClaims,
  listSsoDomains,
  setSsoRequired,
} from './sso-domain.service.ts';
import {
  deleteSsoProvider,
  getSsoProvider,
  saveSsoProvider,
  type TSsoSetup,
} from './sso-provider.service.ts';
import { saveSamlProvider } from './sso-saml.service.ts';
import { startSsoSignIn } from './sso-sign-in.service.ts';

const tags = ['single sign-on'];

/** Where an action came from, for its security event. */
const originOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
const SSO = '/api/v1/sso';

function setupOf(app: FastifyInstance): TSsoSetup {
  const trusted = new Set([new URL(app.config.appUrl).origin, ...app.config.ssoTrustedIdpOrigins]);
  return {
    appUrl: app.config.appUrl,
    secretKey: async () => (await app.auth.$context).secretConfig,
    isTrustedOrigin: (url) => {
      try {
        return trusted.has(new URL(url).origin);
      } catch {
        return false;
      }
    },
  };
}

export const ssoAdminRoutes = tenantRoutes({ role: 'admin' }, (r) => {
  r.get(
    `${SSO}/provider`,
    {
      schema: {
        summary:
          "The company's OpenID Connect provider, or null (admin; the client secret is never answered)",
        tags,
        response: { 200: ZSsoProviderResultSchema },
      },
    },
    async (request) => ({ provider: await getSsoProvider(tenantOf(request), r.config.appUrl) }),
  );
  r.put(
    `${SSO}/provider`,
    {
      config: {
        errors: ['BAD_REQUEST'],
        rules: [
          'the issuer answers with an OpenID configuration (/.well-known/openid-configuration) naming itself',
          'a client secret is given the first time; left out later, the stored one is kept',
        ],
      },
      schema: {
        summary: "Sets up or changes the company's OpenID Connect provider (admin)",
        tags,
        body: ZSsoProviderInputSchema,
        response: { 200: ZSsoProviderSchema },
      },
    },
    async (request) => saveSsoProvider(tenantOf(request), request.body, setupOf(r)),
  );
  r.put(
    `${SSO}/provider/saml`,
    {
      config: {
        errors: ['BAD_REQUEST'],
        rules: [
          'the certificate is one PEM X.509 certificate (the one the identity provider signs with)',
          'the single sign-on URL is https (plain http only for an origin the operator trusts)',
        ],
      },
      schema: {
        summary:
          "Sets up the company's provider as SAML 2.0 (admin; replaces an OpenID Connect one): answers the ACS and metadata URLs to register",
        tags,
        body: ZSsoSamlProviderInputSchema,
        response: { 200: ZSsoProviderSchema },
      },
    },
    async (request) => saveSamlProvider(tenantOf(request), request.body, setupOf(r)),
  );
  r.delete(
    `${SSO}/provider`,
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT'],
        rules: ['no domain of the company requires single sign-on (turn it off first)'],
      },
      schema: {
        summary: "Removes the company's provider: nobody signs in through it any more (admin)",
        tags,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteSsoProvider(r.database.db, tenantOf(request), originOf(request));
      return reply.status(204).send(null);
    },
  );
  r.get(
    `${SSO}/domains`,
    {
      schema: {
        summary:
          'The e-mail domains the company claims, proved or pending, with the TXT record of each (admin)',
        tags,
        response: { 200: ZSsoDomainListSchema },
      },
    },
    async (request) => ({ domains: await listSsoDomains(tenantOf(request)) }),
  );
  r.post(
    `${SSO}/domains`,
    {
      config: {
        errors: ['CONFLICT'],
        rules: ['the company has not claimed it yet', 'no other company proved it'],
      },
      schema: {
        summary: 'Claims an e-mail domain; it routes sign-ins once its TXT record is checked (admin)',
        tags,
        body: ZSsoDomainInputSchema,
        response: { 201: ZSsoDomainSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addSsoDomain(r.database.db, tenantOf(request), request.body.domain)),
  );
  r.post(
    `${SSO}/domains/:id/check`,
    {
      config: { errors: ['NOT_FOUND', 'CONFLICT'], rules: ["the TXT record holds the claim's value"] },
      schema: {
        summary: "Looks the claim's TXT record up and marks the domain proved when it matches (admin)",
        tags,
        params: ZSsoDomainIdParamsSchema,
        response: { 200: ZSsoDomainSchema },
      },
    },
    async (request) => checkSsoDomain(tenantOf(request), request.params.id, r.config.ssoDnsServers),
  );
  r.patch(
    `${SSO}/domains/:id`,
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary:
          "Requires single sign-on for the domain's addresses, or lifts it (admin; a sysadmin keeps passwords)",
        tags,
        params: ZSsoDomainIdParamsSchema,
        body: ZSsoDomainPatchSchema,
        response: { 200: ZSsoDomainSchema },
      },
    },
    async (request) => setSsoRequired(tenantOf(request), request.params.id, request.body.ssoRequired),
  );
  r.delete(
    `${SSO}/domains/:id`,
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'Drops a domain claim (admin)',
        tags,
        params: ZSsoDomainIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteSsoDomain(tenantOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
});

export const ssoSystemRoutes = systemRoutes(
  { why: "single sign-on starts before sign-in; a sysadmin approves any company's domain claim" },
  (r, db) => {
    r.post(
      '/api/v1/auth/sso/start',
      {
        config: { errors: ['NOT_FOUND'] },
        schema: {
          summary: "Starts a single sign-on: the address's proved domain finds its company's provider",
          description:
            'Answers the authorization URL to send the browser to, with the cookies that bind the attempt to it (state, PKCE and nonce). The provider sends the browser back to /api/auth/sso/callback/<provider>, which lands on /auth/callback (with `error` when refused). An address whose domain no company has proved is 404.',
          tags,
          body: ZSsoStartSchema,
          response: { 200: ZSsoStartResultSchema },
        },
      },
      async (request, reply) =>
        replyWithCookies(
          reply,
          await startSsoSignIn(db, r.auth, request, request.body.email, r.config.appUrl),
        ),
    );
    r.post(
      `${SSO}/domains/:id/approve`,
      {
        config: { errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'] },
        preHandler: requireRole('sysadmin'),
        schema: {
          summary: "Approves any company's pending domain claim by hand (sysadmin)",
          tags,
          params: ZSsoDomainIdParamsSchema,
          response: { 200: ZSsoDomainSchema },
        },
      },
      async (request) =>
        approveSsoDomain(db, { actor: actorOf(authOf(request)), ...originOf(request) }, request.params.id),
    );
    r.get(
      `${SSO}/pending-domains`,
      {
        config: { errors: ['UNAUTHENTICATED', 'FORBIDDEN'] },
        preHandler: requireRole('sysadmin'),
        schema: {
          summary: "Every company's pending domain claims, newest first, a page at a time (sysadmin)",
          tags,
          querystring: ZSsoPendingQuerySchema,
          response: { 200: ZSsoPendingPageSchema },
        },
      },
      async (request) => listPendingSsoClaims(db, request.query.page, request.query.pageSize),
    );
  },
);
