// First-party analytics: admins read their company's summary (the events come in through analytics-events.routes.ts).
import { ZAnalyticsSummaryQuerySchema, ZAnalyticsSummarySchema } from '#common/schemas/analytics.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { summarise } from './analytics.service.ts';

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
