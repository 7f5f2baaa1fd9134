// The cross-company cases of Time (decision 080: server/modules/time/time.routes.ts) and of a labor rate set from a
// date (server/modules/users/users.routes.ts), spread into ROUTE_CASES of server/tenant-isolation.api.test.ts. A's
// admin has a typed entry and a running clock on A's job; B naming A's job, person or entry — in a path, a query or a
// body — gets a 404 and A's time stays as it was; B's own clock and week never show A's.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import { addDays, startOfWeek, todayIn } from '#common/time/calendar.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { jobs } from '../modules/jobs/jobs.tables.ts';
import { timeEntries, timeWeekApprovals } from '../modules/time/time.tables.ts';
import { laborRates } from '../modules/users/labor-rates.tables.ts';
import type { TCaseHelpers, TRequest, TRouteCase } from './route-case.ts';

const TIME = '/api/v1/time';
const A_JOB_NAME = 'A secret turbine overhaul';
/** Last week's Monday (UTC): A's typed entry lies there, so it is in the past whatever the company's zone. */
const LAST_MONDAY = startOfWeek(addDays(todayIn('UTC'), -7));

export function timeCases({ app, a, b, asB }: TCaseHelpers): Record<string, TRouteCase> {
  const db = () => app().database.db;
  const jobOf = async (companyId: string, name: string) => {
    const id = uuidv7();
    await db().insert(jobs).values({ id, companyId, number: 900, name, createdBy: 'Isolation test' });
    return id;
  };
  let made: Promise<{ userId: string; jobId: string; entryId: string }> | undefined;
  /** A's job, a typed entry of A's admin last week, and A's admin's clock running on the job. */
  const aWorld = () => {
    made ??= (async () => {
      const { ok } = client(app(), a().cookie);
      const userId = (await ok('GET', '/api/v1/session')).user.id as string;
      const jobId = await jobOf(a().companyId, A_JOB_NAME);
      const entry = await ok(
        'POST',
        `${TIME}/entries`,
        {
          jobId,
          startedAt: `${LAST_MONDAY}T08:00:00.000Z`,
          endedAt: `${LAST_MONDAY}T09:00:00.000Z`,
          reason: 'A typed it',
        },
        201,
      );
      await ok('POST', `${TIME}/clock-in`, { jobId });
      return { userId, jobId, entryId: entry.id as string };
    })();
    return made;
  };
  let bMade: Promise<{ jobId: string }> | undefined;
  const bWorld = () => {
    bMade ??= (async () => ({ jobId: await jobOf(b().companyId, 'B own job') }))();
    return bMade;
  };
  /** A's time as it stands: every entry and approval of A's company, and A's user's rates. */
  const aTime = async () => {
    const A = await aWorld();
    return {
      entries: await db().select().from(timeEntries).where(eq(timeEntries.companyId, a().companyId)),
      approvals: await db()
        .select()
        .from(timeWeekApprovals)
        .where(eq(timeWeekApprovals.companyId, a().companyId)),
      rates: await db().select().from(laborRates).where(eq(laborRates.userId, A.userId)),
    };
  };
  const refused = async (request: Omit<TRequest, 'cookie'>, field?: string) => {
    const before = await aTime();
    const response = await asB(request);
    expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(404);
    if (field) expect(Object.keys(response.json().error.fieldErrors ?? {})).toContain(field);
    expect(response.body).not.toContain(A_JOB_NAME);
    expect(await aTime()).toEqual(before);
  };
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe,
  });
  /** B's own clock stopped, so each case starts from no running clock of B's. */
  const bClockOut = async () => {
    await asB({ method: 'POST', url: `${TIME}/clock-out` });
  };
  return {
    [`GET ${TIME}/clock`]: tenantCase("reads the running clock: B's own (none), never A's", async () => {
      await aWorld();
      await bClockOut();
      const response = await asB({ method: 'GET', url: `${TIME}/clock?userId=${(await aWorld()).userId}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ entry: null });
    }),
    [`POST ${TIME}/clock-in`]: tenantCase(
      "clocks in to A's job or A's step: 404 naming it, no clock",
      async () => {
        const A = await aWorld();
        const B = await bWorld();
        await bClockOut();
        await refused({ method: 'POST', url: `${TIME}/clock-in`, payload: { jobId: A.jobId } }, 'jobId');
        await refused(
          { method: 'POST', url: `${TIME}/clock-in`, payload: { jobId: B.jobId, stepRunId: randomUUID() } },
          'stepRunId',
        );
      },
    ),
    [`POST ${TIME}/switch`]: tenantCase(
      "switches B's clock onto A's job: 404, B's clock runs on as it was",
      async () => {
        const A = await aWorld();
        const B = await bWorld();
        await bClockOut();
        const started = await asB({ method: 'POST', url: `${TIME}/clock-in`, payload: { jobId: B.jobId } });
        expect(started.statusCode, started.body).toBe(200);
        await refused({ method: 'POST', url: `${TIME}/switch`, payload: { jobId: A.jobId } }, 'jobId');
        const clock = await asB({ method: 'GET', url: `${TIME}/clock` });
        expect(clock.json().entry).toMatchObject({
          id: started.json().entry.id,
          jobId: B.jobId,
          endedAt: null,
        });
        await bClockOut();
      },
    ),
    [`POST ${TIME}/clock-out`]: tenantCase(
      "clocks out naming A's person: only B's own clock, A's runs on",
      async () => {
        const A = await aWorld();
        const before = await aTime();
        const response = await asB({ method: 'POST', url: `${TIME}/clock-out?userId=${A.userId}` });
        expect([200, 409]).toContain(response.statusCode);
        expect(await aTime()).toEqual(before);
        expect(before.entries.some((e) => e.endedAt === null)).toBe(true);
      },
    ),
    [`POST ${TIME}/entries`]: tenantCase(
      "types an entry on A's job or for A's person: 404 naming it",
      async () => {
        const A = await aWorld();
        const B = await bWorld();
        const body = {
          jobId: B.jobId,
          startedAt: `${LAST_MONDAY}T12:00:00.000Z`,
          endedAt: `${LAST_MONDAY}T13:00:00.000Z`,
          reason: 'B tries',
        };
        await refused(
          { method: 'POST', url: `${TIME}/entries`, payload: { ...body, jobId: A.jobId } },
          'jobId',
        );
        await refused(
          { method: 'POST', url: `${TIME}/entries`, payload: { ...body, userId: A.userId } },
          'userId',
        );
      },
    ),
    [`PATCH ${TIME}/entries/:id`]: tenantCase("edits A's entry: 404, unchanged", async () => {
      const A = await aWorld();
      for (const id of [A.entryId, randomUUID()]) {
        await refused({
          method: 'PATCH',
          url: `${TIME}/entries/${id}`,
          payload: { endedAt: `${LAST_MONDAY}T10:00:00.000Z`, reason: 'B says so' },
        });
      }
    }),
    [`POST ${TIME}/entries/:id/delete`]: tenantCase("deletes A's entry: 404, still there", async () => {
      const A = await aWorld();
      await refused({ method: 'POST', url: `${TIME}/entries/${A.entryId}/delete`, payload: { reason: 'B' } });
    }),
    [`GET ${TIME}/week`]: tenantCase(
      "reads A's person's week: 404; B's own week shows none of A's",
      async () => {
        const A = await aWorld();
        await refused(
          { method: 'GET', url: `${TIME}/week?userId=${A.userId}&week=${LAST_MONDAY}` },
          'userId',
        );
        const own = await asB({ method: 'GET', url: `${TIME}/week?week=${LAST_MONDAY}` });
        expect(own.statusCode).toBe(200);
        expect(own.json().entries.some((e: { id: string }) => e.id === A.entryId)).toBe(false);
      },
    ),
    [`POST ${TIME}/week/approve`]: tenantCase(
      "approves A's person's week: 404 naming userId, nothing approved",
      async () => {
        const A = await aWorld();
        await refused(
          { method: 'POST', url: `${TIME}/week/approve`, payload: { userId: A.userId, week: LAST_MONDAY } },
          'userId',
        );
      },
    ),
    [`POST ${TIME}/week/reopen`]: tenantCase(
      "reopens A's person's week: 404 naming userId, nothing changed",
      async () => {
        const A = await aWorld();
        await refused(
          {
            method: 'POST',
            url: `${TIME}/week/reopen`,
            payload: { userId: A.userId, week: LAST_MONDAY, reason: 'Not mine to open' },
          },
          'userId',
        );
      },
    ),
    'POST /api/v1/users/:id/labor-rates/preview': tenantCase(
      "previews a rate for A's person: 404",
      async () => {
        const A = await aWorld();
        await refused({
          method: 'POST',
          url: `/api/v1/users/${A.userId}/labor-rates/preview`,
          payload: { rate: '99', effectiveFrom: LAST_MONDAY },
        });
      },
    ),
    'POST /api/v1/users/:id/labor-rates': tenantCase(
      "sets a back-dated rate for A's person: 404, A's rates and entries unchanged",
      async () => {
        const A = await aWorld();
        await refused({
          method: 'POST',
          url: `/api/v1/users/${A.userId}/labor-rates`,
          payload: { rate: '99', effectiveFrom: LAST_MONDAY },
        });
      },
    ),
  };
}
