// The cross-company cases of maintenance on a job (decision 085: PUT …/breakdowns/:id/job and
// …/maintenance/occurrences/:id/job), spread into ROUTE_CASES of server/tenant-isolation.api.test.ts. A has a job, a
// breakdown charged to it and a PM (an open occurrence); B has its own breakdown, PM and job. B naming A's breakdown or
// PM in a path is 404 with the words of one nowhere; B naming A's job in a body (the job routes, a resolution, a
// completion) or A's breakdown or PM in a time entry's body is 404 naming that field. A's rows stay as they were, and
// nothing of B's is charged to A's job. B's Maintenance area is switched on around each probe, and off after.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { companySettings } from '../modules/companies/companies.tables.ts';
import { jobs } from '../modules/jobs/jobs.tables.ts';
import { breakdowns } from '../modules/maintenance/breakdowns.tables.ts';
import { maintenanceOccurrences } from '../modules/maintenance/plans.tables.ts';
import { timeEntries } from '../modules/time/time.tables.ts';
import type { TCaseHelpers, TRequest, TRouteCase } from './route-case.ts';

const A_JOB_NAME = 'A secret gearbox rebuild';
const A_PROBLEM = 'A secret grinding noise';

interface TWorld {
  jobId: string;
  breakdownId: string;
  occurrenceId: string;
}

export function maintenanceJobCases({ app, a, b, asB }: TCaseHelpers): Record<string, TRouteCase> {
  const db = () => app().database.db;
  /** A company's job, its machine with a breakdown charged to the job, and a PM's open occurrence. */
  const worldOf = async (companyId: string, cookie: string, tag: string): Promise<TWorld> => {
    const { ok } = client(app(), cookie);
    const jobId = uuidv7();
    await db()
      .insert(jobs)
      .values({
        id: jobId,
        companyId,
        number: 951,
        name: tag === 'A' ? A_JOB_NAME : 'B job',
        createdBy: 'Isolation test',
      });
    const machine = await ok(
      'POST',
      '/api/v1/machines',
      { name: `${tag} lathe`, assetTag: `${tag}-MJ-1` },
      201,
    );
    const problem = tag === 'A' ? A_PROBLEM : 'B squeak';
    const breakdown = await ok('POST', '/api/v1/breakdowns', { machineId: machine.id, problem }, 201);
    await ok('PUT', `/api/v1/breakdowns/${breakdown.id}/job`, { jobId });
    const plan = await ok(
      'POST',
      '/api/v1/maintenance/plans',
      {
        machineId: machine.id,
        title: `${tag} belt check`,
        mode: 'fixed',
        startOn: '2027-01-04',
        calendarEvery: 1,
        calendarUnit: 'month',
      },
      201,
    );
    return { jobId, breakdownId: breakdown.id, occurrenceId: plan.open.id };
  };
  const onFor = (companyId: string, enableMaintenanceFeature: boolean) =>
    db()
      .update(companySettings)
      .set({ enableMaintenanceFeature })
      .where(eq(companySettings.companyId, companyId));
  let aMade: Promise<TWorld> | undefined;
  const aWorld = () => {
    aMade ??= worldOf(a().companyId, a().cookie, 'A');
    return aMade;
  };
  let bMade: Promise<TWorld> | undefined;
  const bWorld = () => {
    bMade ??= (async () => {
      await onFor(b().companyId, true);
      return worldOf(b().companyId, b().cookie, 'B');
    })();
    return bMade;
  };
  /** What must not change: A's breakdowns and occurrences with their jobs, and every time entry on A's job. */
  const aState = async () => {
    const A = await aWorld();
    return {
      breakdowns: await db().select().from(breakdowns).where(eq(breakdowns.companyId, a().companyId)),
      occurrences: await db()
        .select()
        .from(maintenanceOccurrences)
        .where(eq(maintenanceOccurrences.companyId, a().companyId)),
      time: await db().select().from(timeEntries).where(eq(timeEntries.jobId, A.jobId)),
    };
  };
  const refused = async (request: Omit<TRequest, 'cookie'>, field?: string) => {
    const before = await aState();
    const response = await asB(request);
    expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(404);
    if (field) expect(Object.keys(response.json().error.fieldErrors ?? {})).toEqual([field]);
    expect(response.body).not.toContain(A_JOB_NAME);
    expect(response.body).not.toContain(A_PROBLEM);
    expect(await aState()).toEqual(before);
  };
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe: async () => {
      await aWorld(); // A's area is on; A's world is made before B's area changes
      await bWorld();
      await onFor(b().companyId, true);
      // B's own clock stopped first: a running one would refuse a clock-in before its body is read.
      await asB({ method: 'POST', url: '/api/v1/time/clock-out' });
      try {
        await probe();
      } finally {
        await onFor(b().companyId, false);
      }
    },
  });
  /** B types a maintenance entry on its own job naming `target`: 404 naming the target's field. */
  const typedOn = (jobId: string, target: object) => ({
    method: 'POST' as const,
    url: '/api/v1/time/entries',
    payload: {
      jobId,
      ...target,
      startedAt: '2026-01-05T08:00:00.000Z',
      endedAt: '2026-01-05T09:00:00.000Z',
      reason: 'B tries',
    },
  });

  return {
    'PUT /api/v1/breakdowns/:id/job': tenantCase(
      "charges A's breakdown, or B's to A's job, or puts time or parts on A's: 404 naming it, A's as it was",
      async () => {
        const A = await aWorld();
        const B = await bWorld();
        for (const id of [A.breakdownId, randomUUID()])
          await refused({ method: 'PUT', url: `/api/v1/breakdowns/${id}/job`, payload: { jobId: B.jobId } });
        await refused(
          { method: 'PUT', url: `/api/v1/breakdowns/${B.breakdownId}/job`, payload: { jobId: A.jobId } },
          'jobId',
        );
        await refused(
          {
            method: 'POST',
            url: `/api/v1/breakdowns/${B.breakdownId}/resolve`,
            payload: { cause: 'B', action: 'B', repairMinutes: 0, parts: [], jobId: A.jobId },
          },
          'jobId',
        );
        await refused(
          {
            method: 'POST',
            url: '/api/v1/time/clock-in',
            payload: { jobId: B.jobId, breakdownId: A.breakdownId },
          },
          'breakdownId',
        );
        await refused(typedOn(B.jobId, { breakdownId: A.breakdownId }), 'breakdownId');
        const [own] = await db().select().from(breakdowns).where(eq(breakdowns.id, B.breakdownId));
        expect(own).toMatchObject({ jobId: B.jobId, status: 'reported' });
      },
    ),
    'PUT /api/v1/maintenance/occurrences/:id/job': tenantCase(
      "charges A's PM, or B's to A's job, or puts time on A's: 404 naming it, A's as it was",
      async () => {
        const A = await aWorld();
        const B = await bWorld();
        for (const id of [A.occurrenceId, randomUUID()])
          await refused({
            method: 'PUT',
            url: `/api/v1/maintenance/occurrences/${id}/job`,
            payload: { jobId: B.jobId },
          });
        await refused(
          {
            method: 'PUT',
            url: `/api/v1/maintenance/occurrences/${B.occurrenceId}/job`,
            payload: { jobId: A.jobId },
          },
          'jobId',
        );
        await refused(
          {
            method: 'POST',
            url: `/api/v1/maintenance/occurrences/${B.occurrenceId}/complete`,
            payload: { minutesSpent: 5, parts: [], jobId: A.jobId },
          },
          'jobId',
        );
        await refused(typedOn(B.jobId, { occurrenceId: A.occurrenceId }), 'occurrenceId');
        const [own] = await db()
          .select()
          .from(maintenanceOccurrences)
          .where(eq(maintenanceOccurrences.id, B.occurrenceId));
        expect(own).toMatchObject({ jobId: null, status: 'open' });
      },
    ),
  };
}
