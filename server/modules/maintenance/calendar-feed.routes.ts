// The signed-in user's secret iCalendar link to their PM work (decisions 050, 059): made (shown once; the old one
// stops working), revoked, and whether one is live. The calendar app reads it at /calendar/<secret>.ics
// (calendar-feed.public.ts), with no session.
import { z } from 'zod';
import { ZCalendarFeedLinkSchema, ZCalendarFeedStatusSchema } from '#common/schemas/maintenance-calendar.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { createFeed, feedStatus, revokeFeed } from './calendar-feed.service.ts';

const URL = '/api/v1/maintenance/calendar-feed';

export const calendarFeedRoutes = tenantRoutes({ feature: 'maintenance' }, (r) => {
  const tags = ['maintenance'];
  r.get(
    URL,
    {
      schema: {
        summary: 'Whether you have a live calendar link, when it was made and last read',
        tags,
        response: { 200: ZCalendarFeedStatusSchema },
      },
    },
    async (request) => feedStatus(tenantOf(request)),
  );
  r.post(
    URL,
    {
      schema: {
        summary: 'Makes your secret calendar link (shown once); your previous link stops working',
        tags,
        response: { 201: ZCalendarFeedLinkSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createFeed(tenantOf(request), request.server.config.appUrl)),
  );
  r.delete(
    URL,
    {
      schema: {
        summary: 'Revokes your calendar link: calendar apps reading it get 404',
        tags,
        response: { 204: z.null().describe('Revoked (or there was none)') },
      },
    },
    async (request, reply) => {
      await revokeFeed(tenantOf(request));
      return reply.status(204).send(null);
    },
  );
});
