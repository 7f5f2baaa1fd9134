// The security dashboard for sysadmins: sign-in overview, event log, active sessions (and ending one), and the
// administrative actions of every company. Each route asks for the sysadmin role (decision 020).
import type { FastifyRequest } from 'fastify';
import {
  ZActiveSessionPageSchema,
  ZActiveSessionsQuerySchema,
  ZAdminActionPageSchema,
  ZAdminActionsQuerySchema,
  ZEndedSessionSchema,
  ZSecurityEventPageSchema,
  ZSecurityEventsQuerySchema,
  ZSecurityOverviewQuerySchema,
  ZSecurityOverviewSchema,
  ZSessionIdParamsSchema,
} from '#common/schemas/security-dashboard.ts';
import { authOf } from '../../plugins/auth.ts';
import { systemRoutes } from '../../plugins/route-groups.ts';
import {
  activeSessionPage,
  adminActionPage,
  endSession,
  securityEventPage,
  securityOverview,
} from './security-dashboard.service.ts';

export const securityDashboardRoutes = systemRoutes(
  {
    why: "the sysadmins' view of every company's sign-ins and sessions",
    role: 'sysadmin',
  },
  (r, db) => {
    /**
     * The raw token of the asking browser's session, to mark it in the list. better-auth's cookie holds
     * "<token>.<signature>"; the signature was checked when the request was signed in (requireRole).
     */
    async function currentSessionToken(request: FastifyRequest): Promise<string | null> {
      const { authCookies } = await r.auth.$context;
      const value = request.cookies[authCookies.sessionToken.name];
      const dot = value?.lastIndexOf('.') ?? -1;
      return value && dot > 0 ? value.slice(0, dot) : null;
    }

    r.get(
      '/api/v1/security/overview',
      {
        config: { errors: ['BAD_REQUEST'], rules: ['to is after from, the range at most its longest'] },
        schema: {
          summary:
            'Sign-in outcomes of every company in a range (default the last 7 days, at most 90), per hour or day, with the top failing addresses and accounts, MFA adoption and active sessions (sysadmin)',
          tags: ['security'],
          querystring: ZSecurityOverviewQuerySchema,
          response: { 200: ZSecurityOverviewSchema },
        },
      },
      async (request) => securityOverview(db, request.query),
    );

    r.get(
      '/api/v1/security/events',
      {
        config: { errors: ['BAD_REQUEST'], rules: ['to is after from, the range at most its longest'] },
        schema: {
          summary: 'A page of the security event log of every company, newest first (sysadmin)',
          tags: ['security'],
          querystring: ZSecurityEventsQuerySchema,
          response: { 200: ZSecurityEventPageSchema },
        },
      },
      async (request) => securityEventPage(db, request.query),
    );

    r.get(
      '/api/v1/security/sessions',
      {
        schema: {
          summary:
            'A page of the sessions active now in every company, searched by e-mail or company (sysadmin)',
          tags: ['security'],
          querystring: ZActiveSessionsQuerySchema,
          response: { 200: ZActiveSessionPageSchema },
        },
      },
      async (request) => activeSessionPage(db, request.query, await currentSessionToken(request)),
    );

    r.delete(
      '/api/v1/security/sessions/:id',
      {
        schema: {
          summary:
            "Ends a session: that browser is signed out on its next request (sysadmin); recorded in the user's company's audit trail",
          tags: ['security'],
          params: ZSessionIdParamsSchema,
          response: { 200: ZEndedSessionSchema },
        },
      },
      async (request) =>
        endSession(db, authOf(request), request.params.id, await currentSessionToken(request), {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        }),
    );

    r.get(
      '/api/v1/security/admin-actions',
      {
        schema: {
          summary:
            'A page of the administrative actions (audit trail) of every company, newest first (sysadmin)',
          tags: ['security'],
          querystring: ZAdminActionsQuerySchema,
          response: { 200: ZAdminActionPageSchema },
        },
      },
      async (request) => adminActionPage(db, request.query),
    );
  },
);
