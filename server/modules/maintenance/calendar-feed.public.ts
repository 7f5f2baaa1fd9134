// GET /calendar/<secret>.ics (decision 059): a calendar app (Outlook, Google Calendar) reads a user's PM work with no
// session. The secret's hash finds the feed as the server (the one global index, decision 050: no tenant is known
// yet); then the feed's company's tenant transaction serves the events, as that user. A revoked or unknown secret,
// a company whose Maintenance area is off and a user no longer active all get the same 404, saying what to do.
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '#common/errors.ts';
import { featureFlagsOf } from '#common/label-config.ts';
import type { TRole } from '#common/roles.ts';
import { CALENDAR_MESSAGES } from '#common/schemas/maintenance-calendar.ts';
import type { TDb } from '../../db/client.ts';
import { tenantFor } from '../../db/tenant.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { systemRoutes } from '../../plugins/route-groups.ts';
import { actorOf } from '../audit/audit.ts';
import { users } from '../auth/auth.tables.ts';
import { findLabelConfig } from '../companies/companies.repo.ts';
import { maintenanceCalendarFeeds as feeds } from './alerts.tables.ts';
import { FEED_SECRET, feedCalendar, hashOfSecret } from './calendar-feed.service.ts';

const gone = () => new AppError('NOT_FOUND', CALENDAR_MESSAGES.feedNotFound);

/** The live feed of a secret with its user, as the server (by the hash's global index), or null. */
async function feedOfSecret(owner: TDb, secret: string) {
  const [row] = await owner
    .select({
      companyId: feeds.companyId,
      userId: users.id,
      role: users.role,
      active: users.active,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(feeds)
    .innerJoin(users, and(eq(users.id, feeds.userId), eq(users.companyId, feeds.companyId)))
    .where(and(eq(feeds.tokenHash, hashOfSecret(secret)), isNull(feeds.revokedAt)))
    .limit(1);
  return row ?? null;
}

export const calendarFeedPublicRoutes = systemRoutes(
  {
    why: 'a calendar app has no session: the secret link finds its feed, then the company’s tenant transaction',
  },
  (r, owner) => {
    r.get(
      '/calendar/:file',
      {
        config: { errors: ['NOT_FOUND'] },
        schema: {
          // Not an operation of the JSON API (its clients are calendar apps, its answers a file or a 404): kept out of
          // the API document and its contract test; decision 059 describes it.
          hide: true,
          summary: 'A user’s PM work as iCalendar, by the secret link made on the PM calendar (no session)',
          tags: ['maintenance'],
          params: z.object({ file: z.string().max(100) }),
          response: { 200: fileResponse('An iCalendar file (UTF-8)', ['text/calendar']) },
        },
      },
      async (request, reply) => {
        const secret = request.params.file.replace(/\.ics$/, '');
        if (!request.params.file.endsWith('.ics') || !FEED_SECRET.test(secret)) throw gone();
        const feed = await feedOfSecret(owner, secret);
        if (!feed?.active) throw gone();
        const config = await findLabelConfig(owner, feed.companyId);
        if (!config || !featureFlagsOf(config).maintenance) throw gone();
        const tenant = tenantFor(
          owner,
          { companyId: feed.companyId, userId: feed.userId, role: feed.role as TRole },
          actorOf({ ...feed }),
        );
        const text = await feedCalendar(tenant, request.server.clock.now(), request.server.config.appUrl);
        return reply
          .type('text/calendar; charset=utf-8')
          .header('Cache-Control', 'private, no-cache')
          .header('Content-Disposition', 'inline; filename="pm-calendar.ics"')
          .send(text);
      },
    );
  },
);
