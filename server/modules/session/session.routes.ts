import { z } from 'zod';
import { ZSessionSchema } from '#common/schemas/session.ts';
import { hasAccountSessionCookie } from '../../plugins/auth.ts';
import { systemRoutes } from '../../plugins/route-groups.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { appendSetCookies, authHeaders } from '../auth/auth-request.ts';
import { getSession } from './session.service.ts';

export const sessionRoutes = systemRoutes(
  {
    why: 'answers signed-out and company-less browsers too; sign-out ends a better-auth session',
  },
  (r, db) => {
    r.get(
      '/api/v1/session',
      {
        schema: {
          summary: 'The signed-in user and their company configuration',
          tags: ['session'],
          response: { 200: ZSessionSchema },
        },
      },
      async (request) => getSession(db, request.auth, request.authState),
    );

    r.post(
      '/api/v1/session/sign-out',
      {
        schema: {
          summary: 'Ends the session in this browser',
          tags: ['session'],
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        if (hasAccountSessionCookie(request)) {
          // Deletes the session row; its answer clears better-auth's cookies.
          try {
            const { headers } = await r.auth.api.signOut({
              headers: authHeaders(request),
              returnHeaders: true,
            });
            appendSetCookies(reply, headers.getSetCookie());
          } catch (error) {
            request.log.warn({ err: error }, 'better-auth sign-out failed; clearing the cookies only');
          }
          if (request.auth) {
            await recordSecurityEvent(db, {
              type: 'session_ended',
              userId: request.auth.userId,
              companyId: request.auth.companyId,
              email: request.auth.email,
              ip: request.ip,
              userAgent: request.headers['user-agent'] ?? null,
            });
          }
        }
        return reply.status(204).send(null);
      },
    );
  },
);
