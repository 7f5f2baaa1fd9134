// The cross-company cases of the PM calendar and its feed (decision 059), spread into ROUTE_CASES of
// server/tenant-isolation.api.test.ts. Company A (Maintenance on) has a machine, a plan assigned to A's admin with an
// open occurrence and a done one, and a live feed, made here on first use. B's area is switched on around each probe
// (and off again after, as the other cases expect). B's calendar never shows A's work, whatever the range; A's machine
// or person as a filter is 404 naming the field, in the words of one that exists nowhere; B's feed serves B's work
// only; B making, reading and revoking its own link leaves A's link working.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { CALENDAR_MESSAGES } from '#common/schemas/maintenance-calendar.ts';
import { seedOccurrence, seedPlan } from '../../tests/setup/maintenance-calendar-seed.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { users } from '../modules/auth/auth.tables.ts';
import { companySettings } from '../modules/companies/companies.tables.ts';
import { maintenanceCalendarFeeds } from '../modules/maintenance/alerts.tables.ts';
import type { TCaseHelpers, TRouteCase } from './route-case.ts';

const A_PLAN = 'A secret PM plan';
const A_MACHINE = 'A secret calendar press';
const FEED = '/api/v1/maintenance/calendar-feed';
/** Ranges of six weeks around A's work (1 December) and today, wherever today is. */
const RANGES = ['from=2026-11-20&to=2026-12-31', 'from=2026-12-01&to=2026-12-01'];

export function maintenanceCalendarCases({ app, a, b, asB }: TCaseHelpers): Record<string, TRouteCase> {
  let made: Promise<{ machineId: string; adminId: string; feedUrl: string }> | undefined;
  /** A's machine, plan (assigned to A's admin, due 1 December, one done on 1 November) and A's admin's feed link. */
  const aWork = () => {
    made ??= (async () => {
      const db = app().database.db;
      const { ok } = client(app(), a().cookie);
      const machine = await ok('POST', '/api/v1/machines', { name: A_MACHINE, assetTag: 'A-CAL-PR' }, 201);
      const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.companyId, a().companyId));
      const plan = { companyId: a().companyId, machineId: machine.id as string, title: A_PLAN };
      const { planId } = await seedPlan(db, { ...plan, assigneeUserId: admin!.id });
      await seedOccurrence(
        db,
        { id: planId, companyId: plan.companyId, machineId: plan.machineId },
        { dueOn: '2026-11-01', status: 'completed', completedOn: '2026-11-01', onTime: true },
      );
      const feedUrl: string = (await ok('POST', FEED, undefined, 201)).url;
      return { machineId: machine.id as string, adminId: admin!.id, feedUrl };
    })();
    return made;
  };
  /** A's link still serves A's work. */
  const aFeedWorks = async () => {
    const { feedUrl } = await aWork();
    const response = await app().app.inject({ method: 'GET', url: new URL(feedUrl).pathname });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain(A_PLAN);
  };
  /** A's live feeds, as the table holds them. */
  const aFeeds = () =>
    app()
      .database.db.select()
      .from(maintenanceCalendarFeeds)
      .where(
        and(
          eq(maintenanceCalendarFeeds.companyId, a().companyId),
          isNull(maintenanceCalendarFeeds.revokedAt),
        ),
      );
  const noneOfA = (body: string) => {
    for (const secret of [A_PLAN, A_MACHINE]) expect(body).not.toContain(secret);
  };
  /** Runs a probe with B's Maintenance area on, and switches it off again whatever happens. */
  const withMaintenanceForB = async (probe: () => Promise<void>) => {
    const on = (enableMaintenanceFeature: boolean) =>
      app()
        .database.db.update(companySettings)
        .set({ enableMaintenanceFeature })
        .where(eq(companySettings.companyId, b().companyId));
    await on(true);
    try {
      await probe();
    } finally {
      await on(false);
    }
  };
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe: () => withMaintenanceForB(probe),
  });

  return {
    'GET /api/v1/maintenance/calendar': tenantCase(
      "reads the calendar over A's work, and filters by A's machine and A's admin: B's work only, or 404 naming the field",
      async () => {
        const A = await aWork();
        for (const range of RANGES) {
          const response = await asB({ method: 'GET', url: `/api/v1/maintenance/calendar?${range}` });
          expect(response.statusCode, response.body).toBe(200);
          noneOfA(response.body);
        }
        for (const [field, id, message] of [
          ['machineId', A.machineId, CALENDAR_MESSAGES.machineNotFound],
          ['machineId', randomUUID(), CALENDAR_MESSAGES.machineNotFound],
          ['assigneeId', A.adminId, CALENDAR_MESSAGES.assigneeNotFound],
          ['assigneeId', randomUUID(), CALENDAR_MESSAGES.assigneeNotFound],
        ] as const) {
          const url = `/api/v1/maintenance/calendar?${RANGES[0]}&${field}=${id}`;
          const response = await asB({ method: 'GET', url });
          expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
          expect(response.json().error).toMatchObject({ message, fieldErrors: { [field]: message } });
          noneOfA(response.body);
        }
      },
    ),
    'GET /api/v1/maintenance/calendar/day': tenantCase(
      "reads the day of A's work (1 December), and by A's machine and A's admin: B's work only, or 404 naming the field",
      async () => {
        const A = await aWork();
        const day = '/api/v1/maintenance/calendar/day?date=2026-12-01';
        const response = await asB({ method: 'GET', url: day });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ date: '2026-12-01', total: 0, items: [] });
        noneOfA(response.body);
        for (const [field, id, message] of [
          ['machineId', A.machineId, CALENDAR_MESSAGES.machineNotFound],
          ['assigneeId', A.adminId, CALENDAR_MESSAGES.assigneeNotFound],
        ] as const) {
          const url = `${day}&${field}=${id}`;
          const response = await asB({ method: 'GET', url });
          expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
          expect(response.json().error).toMatchObject({ message, fieldErrors: { [field]: message } });
          noneOfA(response.body);
        }
      },
    ),
    'GET /api/v1/maintenance/calendar-feed': tenantCase(
      "reads whether a calendar link is live, while A's admin has one: B's own answer",
      async () => {
        await aWork();
        const response = await asB({ method: 'GET', url: FEED });
        expect(response.statusCode, response.body).toBe(200);
        const [aFeed] = await aFeeds();
        expect(response.json().createdAt).not.toBe(aFeed!.createdAt.toISOString());
      },
    ),
    'POST /api/v1/maintenance/calendar-feed': tenantCase(
      "makes a link naming A's company: B's feed serves none of A's work, and A's link still works",
      async () => {
        await aWork();
        const made = await asB({ method: 'POST', url: `${FEED}?companyId=${a().companyId}` });
        expect(made.statusCode, made.body).toBe(201);
        const feed = await app().app.inject({ method: 'GET', url: new URL(made.json().url).pathname });
        expect(feed.statusCode, feed.body).toBe(200);
        expect(feed.body).toContain('BEGIN:VCALENDAR');
        noneOfA(feed.body);
        await aFeedWorks();
      },
    ),
    'DELETE /api/v1/maintenance/calendar-feed': tenantCase(
      "revokes a link naming A's company: only B's own; A's link still works",
      async () => {
        await aWork();
        const response = await asB({ method: 'DELETE', url: `${FEED}?companyId=${a().companyId}` });
        expect(response.statusCode, response.body).toBe(204);
        await aFeedWorks();
      },
    ),
    'GET /calendar/:file': tenantCase(
      "reads a feed by a secret that is not A's (an unknown one, A's hash): 404; B's own feed has none of A's work",
      async () => {
        await aWork();
        const [aFeed] = await aFeeds();
        for (const file of [`${'B'.repeat(43)}.ics`, `${aFeed!.tokenHash}.ics`, `${randomUUID()}.ics`]) {
          const response = await app().app.inject({ method: 'GET', url: `/calendar/${file}` });
          expect(response.statusCode, file).toBe(404);
          noneOfA(response.body);
        }
        const made = await asB({ method: 'POST', url: FEED });
        const feed = await app().app.inject({ method: 'GET', url: new URL(made.json().url).pathname });
        expect(feed.statusCode, feed.body).toBe(200);
        noneOfA(feed.body);
        await aFeedWorks();
      },
    ),
  };
}
