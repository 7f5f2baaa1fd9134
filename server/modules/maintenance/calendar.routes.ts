// The PM calendar (decision 059): everyone in the company reads it while the Maintenance area is on. "Today" is the
// app's clock (server/clock.ts) on the company's calendar, so tests and the scheduler agree on the day.
import {
  ZCalendarDayPageSchema,
  ZCalendarDayQuerySchema,
  ZCalendarQuerySchema,
  ZCalendarSchema,
} from '#common/schemas/maintenance-calendar.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { calendarDayOf, calendarOf } from './calendar.service.ts';

export const calendarRoutes = tenantRoutes({ feature: 'maintenance' }, (r) => {
  r.get(
    '/api/v1/maintenance/calendar',
    {
      config: {
        errors: ['NOT_FOUND'],
        rules: [
          'to is on or after from, at most 42 days (six weeks) later',
          'the machine and the person are the company’s',
        ],
      },
      schema: {
        summary:
          'Each company day of a range with its first preventive work (perDay, most urgent first) and counts of all of it: open occurrences and their state, done and missed ones, forecasts',
        tags: ['maintenance'],
        querystring: ZCalendarQuerySchema,
        response: { 200: ZCalendarSchema },
      },
    },
    async (request) => calendarOf(tenantOf(request), request.query, request.server.clock.now()),
  );
  r.get(
    '/api/v1/maintenance/calendar/day',
    {
      config: {
        errors: ['NOT_FOUND'],
        rules: ['the machine and the person are the company’s'],
      },
      schema: {
        summary: 'All the preventive work of one company day, a page at a time, in the calendar’s order',
        tags: ['maintenance'],
        querystring: ZCalendarDayQuerySchema,
        response: { 200: ZCalendarDayPageSchema },
      },
    },
    async (request) => calendarDayOf(tenantOf(request), request.query, request.server.clock.now()),
  );
});
