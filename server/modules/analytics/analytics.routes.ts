// First-party analytics: the web app posts events only after cookie consent; admins read their company's summary.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAnalyticsEventSchema,
  ZAnalyticsSummaryQuerySchema,
  ZAnalyticsSummarySchema,
} from '#common/schemas/analytics.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { recordEvent, summarise } from './analytics.service.ts';

export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/analytics/events',
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Records one analytics event (sent by the web app only with cookie consent)',
        tags: ['analytics'],
        body: ZAnalyticsEventSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await recordEvent(app.database.db, request.auth, request.ip, request.body);
      return reply.status(204).send(null);
    },
  );
}

/** The admins' summary of their company's events: a tenant route. */
export const analyticsSummaryRoutes = tenantRoutes({ role: 'admin' }, (r) => {
  r.get(
    '/api/v1/analytics/summary',
    {
      schema: {
        summary: "Your company's events per name and most viewed pages (admin)",
        tags: ['analytics'],
        querystring: ZAnalyticsSummaryQuerySchema,
        response: { 200: ZAnalyticsSummarySchema },
      },
    },
    async (request) => summarise(tenantOf(request), request.query.days),
  );
});
