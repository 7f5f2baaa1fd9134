// The cross-company cases of the job cost report (decision 084: server/modules/job-cost/job-cost.routes.ts), spread
// into ROUTE_CASES of server/tenant-isolation.api.test.ts. A's admin has typed an hour on A's job last week; B's report
// and its CSV never show A's job, and B naming A's job in a path, or A's person in a query, gets a 404.
import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import { addDays, startOfWeek, todayIn } from '#common/time/calendar.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { jobs } from '../modules/jobs/jobs.tables.ts';
import type { TCaseHelpers, TRouteCase } from './route-case.ts';

const REPORT = '/api/v1/job-cost-report';
const A_JOB_NAME = 'A secret cost of a turbine';
const LAST_MONDAY = startOfWeek(addDays(todayIn('UTC'), -7));
const PERIOD = `from=${addDays(LAST_MONDAY, -7)}&to=${addDays(todayIn('UTC'), 1)}`;

export function jobCostCases({ app, a, b, asB }: TCaseHelpers): Record<string, TRouteCase> {
  const jobOf = async (companyId: string, name: string) => {
    const id = uuidv7();
    await app()
      .database.db.insert(jobs)
      .values({ id, companyId, number: 901, name, createdBy: 'Isolation test', budgetCost: '1000' });
    return id;
  };
  let made: Promise<{ jobId: string; userId: string; bJobId: string }> | undefined;
  /** A's job with an hour typed on it, A's admin, and B's own job. */
  const world = () => {
    made ??= (async () => {
      const { ok } = client(app(), a().cookie);
      const userId = (await ok('GET', '/api/v1/session')).user.id as string;
      const jobId = await jobOf(a().companyId, A_JOB_NAME);
      await ok(
        'POST',
        '/api/v1/time/entries',
        {
          jobId,
          startedAt: `${LAST_MONDAY}T13:00:00.000Z`,
          endedAt: `${LAST_MONDAY}T14:00:00.000Z`,
          reason: 'A typed it',
        },
        201,
      );
      return { jobId, userId, bJobId: await jobOf(b().companyId, 'B own costed job') };
    })();
    return made;
  };
  const notFound = async (url: string, field?: string) => {
    const response = await asB({ method: 'GET', url });
    expect(response.statusCode, `GET ${url}: ${response.body}`).toBe(404);
    if (field) expect(Object.keys(response.json().error.fieldErrors ?? {})).toContain(field);
    expect(response.body).not.toContain(A_JOB_NAME);
  };
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe,
  });
  const drill = (path: string) =>
    tenantCase(
      `reads A's job's ${path}: 404; B's own job with A's person or work order: 404 naming it`,
      async () => {
        const w = await world();
        await notFound(`${REPORT}/jobs/${w.jobId}/${path}?${PERIOD}`);
        if (path === 'entries') {
          await notFound(`${REPORT}/jobs/${w.bJobId}/entries?${PERIOD}&userId=${w.userId}`, 'userId');
          await notFound(
            `${REPORT}/jobs/${w.bJobId}/entries?${PERIOD}&workOrderId=${randomUUID()}`,
            'workOrderId',
          );
        }
      },
    );
  return {
    [`GET ${REPORT}`]: tenantCase("lists B's jobs: never A's job or its hour", async () => {
      const w = await world();
      const response = await asB({ method: 'GET', url: `${REPORT}?${PERIOD}&pageSize=100` });
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json();
      expect(report.items.map((r: { jobId: string }) => r.jobId)).not.toContain(w.jobId);
      expect(report.totals.laborHours).toBe('0.00');
      expect(response.body).not.toContain(A_JOB_NAME);
    }),
    [`GET ${REPORT}/export.csv`]: tenantCase("exports B's report: never A's job", async () => {
      await world();
      const response = await asB({ method: 'GET', url: `${REPORT}/export.csv?${PERIOD}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(A_JOB_NAME);
      expect(response.body).toContain('B own costed job');
    }),
    [`GET ${REPORT}/jobs/:jobId`]: tenantCase("reads A's job's figures and chart: 404", async () => {
      const w = await world();
      await notFound(`${REPORT}/jobs/${w.jobId}?${PERIOD}`);
      const own = await asB({ method: 'GET', url: `${REPORT}/jobs/${w.bJobId}?${PERIOD}` });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().job.laborHours).toBe('0.00');
    }),
    [`GET ${REPORT}/jobs/:jobId/people`]: drill('people'),
    [`GET ${REPORT}/jobs/:jobId/work-orders`]: drill('work-orders'),
    [`GET ${REPORT}/jobs/:jobId/entries`]: drill('entries'),
    [`GET ${REPORT}/jobs/:jobId/lines`]: drill('lines'),
  };
}
