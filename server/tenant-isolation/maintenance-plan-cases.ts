// The cross-company cases of maintenance plans and occurrences (decision 056, server/modules/maintenance/plans.routes.ts),
// spread into ROUTE_CASES of server/tenant-isolation.api.test.ts. Company A has a machine and a monthly plan of its own
// (made by A's admin on first use) with an open occurrence; B's Maintenance area is switched on around each probe and
// off again after. B naming A's plan, occurrence or machine — in the path, the query or the body (machineId,
// assigneeId) — is 404 with the words of a thing that exists nowhere, nothing of A's in the answer, A's plan and
// occurrence exactly as they were (read back as A); and nothing of B's is added or changed by the refused request.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { MACHINE_MESSAGES } from '#common/schemas/machines.ts';
import { OCCURRENCE_MESSAGES } from '#common/schemas/maintenance-occurrences.ts';
import { PLAN_MESSAGES } from '#common/schemas/maintenance-plans.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { companySettings } from '../modules/companies/companies.tables.ts';
import type { TCaseHelpers, TRequest, TRouteCase } from './route-case.ts';

const A_TITLE = 'A secret overhaul';
const A_MACHINE = 'A secret plan press';
const A_TAG = 'A-SECRET-PP';
const ANYWHERE = () => randomUUID();

const planBody = (machineId: string, extra: object = {}) => ({
  machineId,
  title: 'B lube',
  mode: 'fixed',
  startOn: '2027-01-31',
  calendarEvery: 1,
  calendarUnit: 'month',
  ...extra,
});

export function maintenancePlanCases({ app, a, b, asB }: TCaseHelpers): Record<string, TRouteCase> {
  let made: Promise<{ machine: string; plan: string; occurrence: string; person: string }> | undefined;
  /** A's machine, its plan with the open occurrence, and one of A's people. */
  const aWorld = () => {
    made ??= (async () => {
      const { ok } = client(app(), a().cookie);
      const machine = (await ok('POST', '/api/v1/machines', { name: A_MACHINE, assetTag: A_TAG }, 201)).id;
      const plan = await ok(
        'POST',
        '/api/v1/maintenance/plans',
        { ...planBody(machine), title: A_TITLE },
        201,
      );
      const person = (await ok('GET', '/api/v1/maintenance/people')).items[0].id;
      return { machine, plan: plan.id, occurrence: plan.open.id, person };
    })();
    return made;
  };
  /** A's plan as A reads it: the thing that must not change. */
  const aView = async () =>
    client(app(), a().cookie).ok('GET', `/api/v1/maintenance/plans/${(await aWorld()).plan}`);
  let bMade: Promise<{ machine: string; plan: string }> | undefined;
  /** B's own machine and plan, made by B's admin. */
  const bWorld = () => {
    bMade ??= (async () => {
      const { ok } = client(app(), b().cookie);
      const machine = (await ok('POST', '/api/v1/machines', { name: 'B lathe', assetTag: 'B-PL-1' }, 201)).id;
      const plan = (await ok('POST', '/api/v1/maintenance/plans', planBody(machine), 201)).id;
      return { machine, plan };
    })();
    return bMade;
  };
  const bView = async () =>
    client(app(), b().cookie).ok('GET', `/api/v1/maintenance/plans/${(await bWorld()).plan}`);

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
  const noneOfA = (body: string) => {
    for (const secret of [A_TITLE, A_MACHINE, A_TAG]) expect(body).not.toContain(secret);
  };
  /** B sends it with A's id and with an id nowhere: 404 in the same words; A's plan as it was. */
  const refusedToB = async (
    method: TRequest['method'],
    url: (id: string) => string,
    aId: string,
    message: string,
    payload?: object,
  ) => {
    const before = await aView();
    for (const id of [aId, ANYWHERE()]) {
      const response = await asB({ method, url: url(id), ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url(id)}: ${response.body}`).toBe(404);
      expect(response.json().error.message).toBe(message);
      noneOfA(response.body);
    }
    expect(await aView()).toEqual(before);
  };
  /** B's own request naming A's `field`: 404 naming that field, in the words of a missing thing. */
  const refusedField = async (
    method: TRequest['method'],
    url: string,
    payload: object,
    field: string,
    message: string,
  ) => {
    const response = await asB({ method, url, payload });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error.fieldErrors).toEqual({ [field]: message });
    noneOfA(response.body);
  };
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe: () => withMaintenanceForB(probe),
  });

  return {
    'GET /api/v1/maintenance/plans': tenantCase(
      "lists plans searching A's title and tag: B's own only; filtered by A's machine: 404 naming machineId",
      async () => {
        const A = await aWorld();
        const own = await bWorld();
        for (const q of [A_TITLE, A_TAG, '']) {
          const response = await asB({
            method: 'GET',
            url: `/api/v1/maintenance/plans?q=${encodeURIComponent(q)}`,
          });
          expect(response.statusCode, response.body).toBe(200);
          noneOfA(response.body);
          expect(response.json().items.every((p: { id: string }) => p.id === own.plan)).toBe(true);
        }
        const url = `/api/v1/maintenance/plans?machineId=${A.machine}`;
        const response = await asB({ method: 'GET', url });
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().error.fieldErrors).toEqual({ machineId: PLAN_MESSAGES.machineNotFound });
      },
    ),
    'POST /api/v1/maintenance/plans': tenantCase(
      "adds a plan on A's machine (404 naming machineId) or given to A's person (404 naming assigneeId): nothing added",
      async () => {
        const A = await aWorld();
        const own = await bWorld();
        const { ok } = client(app(), b().cookie);
        const before = (await ok('GET', '/api/v1/maintenance/plans')).total;
        const url = '/api/v1/maintenance/plans';
        await refusedField('POST', url, planBody(A.machine), 'machineId', PLAN_MESSAGES.machineNotFound);
        const toA = planBody(own.machine, { assigneeId: A.person });
        await refusedField('POST', url, toA, 'assigneeId', PLAN_MESSAGES.assigneeNotFound);
        expect((await ok('GET', '/api/v1/maintenance/plans')).total).toBe(before);
      },
    ),
    'GET /api/v1/maintenance/plans/:id': tenantCase("reads A's plan: 404 as for an id nowhere", async () => {
      const A = await aWorld();
      await refusedToB('GET', (id) => `/api/v1/maintenance/plans/${id}`, A.plan, PLAN_MESSAGES.notFound);
    }),
    'PUT /api/v1/maintenance/plans/:id': tenantCase(
      "changes A's plan: 404, A's unchanged; B's own plan moved to A's machine or person: 404 naming the field",
      async () => {
        const A = await aWorld();
        const own = await bWorld();
        await refusedToB(
          'PUT',
          (id) => `/api/v1/maintenance/plans/${id}`,
          A.plan,
          PLAN_MESSAGES.notFound,
          planBody(own.machine),
        );
        const before = await bView();
        const url = `/api/v1/maintenance/plans/${own.plan}`;
        await refusedField('PUT', url, planBody(A.machine), 'machineId', PLAN_MESSAGES.machineNotFound);
        const toA = planBody(own.machine, { assigneeId: A.person });
        await refusedField('PUT', url, toA, 'assigneeId', PLAN_MESSAGES.assigneeNotFound);
        expect(await bView()).toEqual(before);
      },
    ),
    'POST /api/v1/maintenance/plans/:id/active': tenantCase(
      "switches A's plan off: 404, A's still on",
      async () => {
        const A = await aWorld();
        const url = (id: string) => `/api/v1/maintenance/plans/${id}/active`;
        await refusedToB('POST', url, A.plan, PLAN_MESSAGES.notFound, { active: false });
        expect((await aView()).active).toBe(true);
      },
    ),
    'GET /api/v1/maintenance/people': tenantCase(
      "lists people to assign, searching A's: B's own only",
      async () => {
        const A = await aWorld();
        const { ok } = client(app(), a().cookie);
        const aPerson = (await ok('GET', '/api/v1/maintenance/people')).items.find(
          (p: { id: string }) => p.id === A.person,
        );
        for (const q of [aPerson.name, '']) {
          const response = await asB({
            method: 'GET',
            url: `/api/v1/maintenance/people?q=${encodeURIComponent(q)}`,
          });
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json().items.map((p: { id: string }) => p.id)).not.toContain(A.person);
        }
      },
    ),
    'GET /api/v1/maintenance/occurrences/:id': tenantCase("reads A's occurrence: 404", async () => {
      const A = await aWorld();
      const url = (id: string) => `/api/v1/maintenance/occurrences/${id}`;
      await refusedToB('GET', url, A.occurrence, OCCURRENCE_MESSAGES.notFound);
    }),
    'POST /api/v1/maintenance/occurrences/:id/complete': tenantCase(
      "completes A's occurrence: 404, A's still open, no next one",
      async () => {
        const A = await aWorld();
        const url = (id: string) => `/api/v1/maintenance/occurrences/${id}/complete`;
        await refusedToB('POST', url, A.occurrence, OCCURRENCE_MESSAGES.notFound, { reading: '5' });
        expect((await aView()).open).toMatchObject({ id: A.occurrence, status: 'open' });
      },
    ),
    'GET /api/v1/machines/:id/due-maintenance': tenantCase("reads A's machine's due work: 404", async () => {
      const A = await aWorld();
      const url = (id: string) => `/api/v1/machines/${id}/due-maintenance`;
      await refusedToB('GET', url, A.machine, MACHINE_MESSAGES.notFound);
    }),
  };
}
