// First-party analytics events: the web app posts them only after cookie consent, signed in or not.
import { z } from 'zod';
import { ZAnalyticsEventSchema } from '#common/schemas/analytics.ts';
import { systemRoutes } from '../../plugins/route-groups.ts';
import { recordEvent } from './analytics-events.service.ts';

export const analyticsRoutes = systemRoutes(
  { why: 'visitors send events too (after cookie consent), before any sign-in' },
  (r, db) => {
    r.post(
      '/api/v1/analytics/events',
      {
        config: { errors: ['RATE_LIMITED'] },
        bodyLimit: 4096,
        schema: {
          summary: 'Records one analytics event (sent by the web app only with cookie consent)',
          tags: ['analytics'],
          body: ZAnalyticsEventSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await recordEvent(db, request.auth, request.ip, request.body);
        return reply.status(204).send(null);
      },
    );
  },
);
