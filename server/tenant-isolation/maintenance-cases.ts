// The cross-company cases of Maintenance's machines (decision 055, server/modules/maintenance/machines.routes.ts),
// spread into ROUTE_CASES of server/tenant-isolation.api.test.ts. Company A (whose Maintenance area is on) has a
// machine of its own, made here by A's admin on first use, placed nowhere so that no other case's counts of A's data
// change. B's Maintenance area is switched on around each probe (and off again after, as the label-configuration
// case expects it), so B is refused for A's data and not for the switch. B naming A's machine is 404 with the words
// of an id that exists nowhere, nothing of A's machine in the answer, A's machine exactly as it was (read back as A);
// then A's own request succeeds: the 404 is the company's. B's own machines are refused A's location id, naming
// locationId.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { MACHINE_MESSAGES } from '#common/schemas/machines.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { companySettings } from '../modules/companies/companies.tables.ts';
import type { TCaseHelpers, TRequest, TRouteCase } from './route-case.ts';

const A_MACHINE = 'A secret lathe';
const A_TAG = 'A-SECRET-LT';
const A_MAKE = 'A secret make';

export function maintenanceCases({ app, a, b, asB }: TCaseHelpers): Record<string, TRouteCase> {
  let made: Promise<{ id: string; locationId: string }> | undefined;
  /** A's machine (running, meter 10) and a location of A's tree. */
  const aMachine = () => {
    made ??= (async () => {
      const { ok } = client(app(), a().cookie);
      const locationId: string = (await ok('GET', '/api/v1/locations')).items[0].id;
      const machine = await ok(
        'POST',
        '/api/v1/machines',
        { name: A_MACHINE, assetTag: A_TAG, make: A_MAKE, model: 'A model', serial: 'A-SER' },
        201,
      );
      await ok('POST', `/api/v1/machines/${machine.id}/meter-readings`, { reading: '10' });
      return { id: machine.id as string, locationId };
    })();
    return made;
  };
  /** A's machine as A reads it: the thing that must not change. */
  const aView = async () => client(app(), a().cookie).ok('GET', `/api/v1/machines/${(await aMachine()).id}`);
  let bMade: Promise<string> | undefined;
  /** B's own machine, made by B's admin with the area on. */
  const bMachine = () => {
    bMade ??= client(app(), b().cookie)
      .ok('POST', '/api/v1/machines', { name: 'B press', assetTag: 'B-PR-1' }, 201)
      .then((m) => m.id as string);
    return bMade;
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
  const noneOfA = (body: string) => {
    for (const secret of [A_MACHINE, A_TAG, A_MAKE]) expect(body).not.toContain(secret);
  };
  /** B sends it and is refused with 404 as for an id nowhere; A's machine is as it was. */
  const refusedToB = async (method: TRequest['method'], url: (id: string) => string, payload?: object) => {
    const before = await aView();
    const A = await aMachine();
    for (const id of [A.id, randomUUID()]) {
      const response = await asB({ method, url: url(id), ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url(id)}: ${response.body}`).toBe(404);
      expect(response.json().error.message).toBe(MACHINE_MESSAGES.notFound);
      noneOfA(response.body);
    }
    expect(await aView()).toEqual(before);
  };
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe: () => withMaintenanceForB(probe),
  });

  return {
    'GET /api/v1/machines': tenantCase(
      "lists machines searching A's asset tag and name: B's own machines only",
      async () => {
        await aMachine();
        const own = await bMachine();
        for (const q of [A_TAG, A_MACHINE, '']) {
          const response = await asB({ method: 'GET', url: `/api/v1/machines?q=${encodeURIComponent(q)}` });
          expect(response.statusCode, response.body).toBe(200);
          noneOfA(response.body);
          expect(response.json().items.every((m: { id: string }) => m.id === own)).toBe(true);
        }
      },
    ),
    'GET /api/v1/machines/export.csv': tenantCase(
      "exports the machine list searching A's asset tag: B's rows only",
      async () => {
        await aMachine();
        for (const q of [A_TAG, '']) {
          const response = await asB({
            method: 'GET',
            url: `/api/v1/machines/export.csv?q=${encodeURIComponent(q)}`,
          });
          expect(response.statusCode, response.body).toBe(200);
          noneOfA(response.body);
        }
      },
    ),
    'POST /api/v1/machines': tenantCase(
      "adds a machine at A's location: 404 naming locationId; A's asset tag is free in B",
      async () => {
        const A = await aMachine();
        const refused = await asB({
          method: 'POST',
          url: '/api/v1/machines',
          payload: { name: 'B mill', assetTag: 'B-ML-1', locationId: A.locationId },
        });
        expect(refused.statusCode, refused.body).toBe(404);
        expect(refused.json().error.fieldErrors).toEqual({ locationId: MACHINE_MESSAGES.locationNotFound });
        const same = await asB({
          method: 'POST',
          url: '/api/v1/machines',
          payload: { name: 'B copy', assetTag: A_TAG.toLowerCase() },
        });
        expect(same.statusCode, same.body).toBe(201);
      },
    ),
    'GET /api/v1/machines/:id': tenantCase("reads A's machine: 404 as for an id nowhere", async () => {
      await refusedToB('GET', (id) => `/api/v1/machines/${id}`);
      expect((await aView()).name).toBe(A_MACHINE);
    }),
    'PUT /api/v1/machines/:id': tenantCase(
      "changes A's machine: 404, A's unchanged; B's own machine moved to A's location: 404 naming locationId",
      async () => {
        const A = await aMachine();
        await refusedToB('PUT', (id) => `/api/v1/machines/${id}`, { name: 'Taken', assetTag: 'B-TAKEN' });
        const own = await bMachine();
        const moved = await asB({
          method: 'PUT',
          url: `/api/v1/machines/${own}`,
          payload: { name: 'B press', assetTag: 'B-PR-1', locationId: A.locationId },
        });
        expect(moved.statusCode, moved.body).toBe(404);
        expect(moved.json().error.fieldErrors).toEqual({ locationId: MACHINE_MESSAGES.locationNotFound });
        const { ok } = client(app(), a().cookie);
        await ok('PUT', `/api/v1/machines/${A.id}`, {
          name: A_MACHINE,
          assetTag: A_TAG,
          make: A_MAKE,
          model: 'A model',
          serial: 'A-SER',
        });
      },
    ),
    'POST /api/v1/machines/:id/status': tenantCase(
      "moves A's machine down: 404, A's status and history unchanged; then A moves it",
      async () => {
        const A = await aMachine();
        await refusedToB('POST', (id) => `/api/v1/machines/${id}/status`, { status: 'down', reason: 'B' });
        const { ok } = client(app(), a().cookie);
        const before = (await aView()).status;
        const next = before === 'down' ? 'running' : 'down';
        expect((await ok('POST', `/api/v1/machines/${A.id}/status`, { status: next })).status).toBe(next);
      },
    ),
    'POST /api/v1/machines/:id/meter-readings': tenantCase(
      "reads A's machine's meter: 404, A's meter and readings unchanged; then A reads it",
      async () => {
        const A = await aMachine();
        await refusedToB('POST', (id) => `/api/v1/machines/${id}/meter-readings`, { reading: '99999' });
        const { ok } = client(app(), a().cookie);
        const reading = (await aView()).meterReading;
        expect(
          (
            await ok('POST', `/api/v1/machines/${A.id}/meter-readings`, {
              reading: String(Number(reading) + 1),
            })
          ).meterReading,
        ).toBe(String(Number(reading) + 1));
      },
    ),
  };
}
