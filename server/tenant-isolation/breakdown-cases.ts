// The cross-company cases of breakdowns (decision 057, server/modules/maintenance/breakdowns.routes.ts), spread into
// ROUTE_CASES of server/tenant-isolation.api.test.ts. Company A has a machine of its own with a breakdown on it and
// a photo, made here by A's admin on first use; A's item, lot and location are read from the tables. B's Maintenance
// area is switched on around each probe (and off again after). B naming A's breakdown in the path is 404 with the
// words of one that exists nowhere and A's breakdown, machine and stock are as they were; B naming A's machine, photo,
// item, lot or location in a body or query is 404 naming that field, and nothing of B's is written either.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { BREAKDOWN_MESSAGES } from '#common/schemas/breakdowns.ts';
import { MAINTENANCE_PART_MESSAGES } from '#common/schemas/maintenance-parts.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { companySettings } from '../modules/companies/companies.tables.ts';
import { items, locations } from '../modules/inventory/inventory.tables.ts';
import { lots } from '../modules/inventory/stock.tables.ts';
import { breakdowns } from '../modules/maintenance/breakdowns.tables.ts';
import type { TCaseHelpers, TRequest, TRouteCase } from './route-case.ts';

const A_MACHINE = 'A secret compressor';
const A_TAG = 'A-SECRET-CP';
const A_PROBLEM = 'A secret hiss from the valve';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

interface TAData {
  machineId: string;
  breakdownId: string;
  photoId: string;
  itemId: string;
  lotId: string;
  locationId: string;
}

export function breakdownCases({ app, a, b, asB, send }: TCaseHelpers): Record<string, TRouteCase> {
  const upload = (cookie: string, url: string) =>
    app().app.inject({
      method: 'POST',
      url,
      headers: { origin: 'http://localhost:3000', cookie, 'content-type': 'application/octet-stream' },
      payload: PNG,
    });
  let made: Promise<TAData> | undefined;
  /** A's machine, a reported breakdown on it with a photo, and A's lot (with its item) and a location of A. */
  const aData = () => {
    made ??= (async () => {
      const { ok } = client(app(), a().cookie);
      const db = app().database.db;
      const machine = await ok('POST', '/api/v1/machines', { name: A_MACHINE, assetTag: A_TAG }, 201);
      const photo = await upload(a().cookie, '/api/v1/breakdowns/photos?name=a-secret.png');
      expect(photo.statusCode, photo.body).toBe(201);
      const breakdown = await ok(
        'POST',
        '/api/v1/breakdowns',
        { machineId: machine.id, problem: A_PROBLEM, photoFileId: photo.json().id },
        201,
      );
      const [lot] = await db.select().from(lots).where(eq(lots.companyId, a().companyId)).limit(1);
      const [location] = await db
        .select()
        .from(locations)
        .where(eq(locations.companyId, a().companyId))
        .limit(1);
      return {
        machineId: machine.id,
        breakdownId: breakdown.id,
        photoId: photo.json().id,
        itemId: lot!.itemId,
        lotId: lot!.id,
        locationId: location!.id,
      };
    })();
    return made;
  };
  /** What must not change: A's breakdown and machine as A reads them, and A's item's stock. */
  const aState = async () => {
    const A = await aData();
    const { ok } = client(app(), a().cookie);
    const [item] = await app().database.db.select().from(items).where(eq(items.id, A.itemId));
    return {
      breakdown: await ok('GET', `/api/v1/breakdowns/${A.breakdownId}`),
      machine: await ok('GET', `/api/v1/machines/${A.machineId}`),
      onHand: item!.onHand,
    };
  };
  let bMade:
    | Promise<{ machineId: string; breakdownId: string; itemId: string; locationId: string }>
    | undefined;
  /** B's own machine with an open breakdown on it, and B's own item and location (parts that mix in A's ids). */
  const bData = () => {
    bMade ??= (async () => {
      const { ok } = client(app(), b().cookie);
      const machine = await ok('POST', '/api/v1/machines', { name: 'B saw', assetTag: 'B-SW-1' }, 201);
      const breakdown = await ok(
        'POST',
        '/api/v1/breakdowns',
        { machineId: machine.id, problem: 'B blade' },
        201,
      );
      const location = await ok(
        'POST',
        '/api/v1/locations',
        { kind: 'site', code: 'B-BD', name: 'B shop' },
        201,
      );
      const item = await ok(
        'POST',
        '/api/v1/items',
        { partNumber: 'B-BD-BLADE', name: 'B blade', unitCost: '1', lotTracked: false },
        201,
      );
      return {
        machineId: machine.id as string,
        breakdownId: breakdown.id as string,
        itemId: item.id as string,
        locationId: location.id as string,
      };
    })();
    return bMade;
  };
  const bCount = async () =>
    (await app().database.db.select().from(breakdowns).where(eq(breakdowns.companyId, b().companyId))).length;

  const withMaintenance = async (probe: () => Promise<void>) => {
    const on = (enableMaintenanceFeature: boolean) =>
      app()
        .database.db.update(companySettings)
        .set({ enableMaintenanceFeature })
        .where(eq(companySettings.companyId, b().companyId));
    await aData(); // A's area is on; A's data is made before B's area changes
    await on(true);
    try {
      await probe();
    } finally {
      await on(false);
    }
  };
  const noneOfA = (body: string) => {
    for (const secret of [A_MACHINE, A_TAG, A_PROBLEM]) expect(body).not.toContain(secret);
  };
  /** B sends it naming A's breakdown, and an id nowhere: 404 in the same words, and A's data as it was. */
  const refusedToB = async (method: TRequest['method'], url: (id: string) => string, payload?: object) => {
    const before = await aState();
    for (const id of [(await aData()).breakdownId, randomUUID()]) {
      const response = await asB({ method, url: url(id), ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url(id)}: ${response.body}`).toBe(404);
      expect(response.json().error.message).toBe(BREAKDOWN_MESSAGES.notFound);
      noneOfA(response.body);
    }
    expect(await aState()).toEqual(before);
  };
  /** B's answer is 404 naming `field` with `message`, and A's data is as it was. */
  const refusedField = async (request: Omit<TRequest, 'cookie'>, field: string, message: string) => {
    const before = await aState();
    const response = await asB(request);
    expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(404);
    expect(response.json().error.fieldErrors).toEqual({ [field]: message });
    noneOfA(response.body);
    expect(await aState()).toEqual(before);
  };
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe: () => withMaintenance(probe),
  });
  const resolveBody = (part: object) => ({
    cause: 'B cause',
    action: 'B action',
    repairMinutes: 5,
    parts: [part],
  });

  return {
    'GET /api/v1/breakdowns': tenantCase(
      "lists breakdowns searching A's problem and machine, and filtering by A's machine: B's own, or 404 naming machineId",
      async () => {
        const A = await aData();
        const own = await bData();
        for (const q of [A_PROBLEM, A_TAG, '']) {
          const response = await asB({ method: 'GET', url: `/api/v1/breakdowns?q=${encodeURIComponent(q)}` });
          expect(response.statusCode, response.body).toBe(200);
          noneOfA(response.body);
          expect(response.json().items.every((x: { id: string }) => x.id === own.breakdownId)).toBe(true);
        }
        await refusedField(
          { method: 'GET', url: `/api/v1/breakdowns?machineId=${A.machineId}` },
          'machineId',
          BREAKDOWN_MESSAGES.machineNotFound,
        );
      },
    ),
    'GET /api/v1/breakdowns/export.csv': tenantCase(
      "exports searching A's problem: B's rows only; filtering by A's machine: 404 naming machineId",
      async () => {
        const A = await aData();
        for (const q of [A_PROBLEM, '']) {
          const response = await asB({
            method: 'GET',
            url: `/api/v1/breakdowns/export.csv?q=${encodeURIComponent(q)}`,
          });
          expect(response.statusCode, response.body).toBe(200);
          noneOfA(response.body);
        }
        await refusedField(
          { method: 'GET', url: `/api/v1/breakdowns/export.csv?machineId=${A.machineId}` },
          'machineId',
          BREAKDOWN_MESSAGES.machineNotFound,
        );
      },
    ),
    'GET /api/v1/breakdowns/:id': tenantCase("reads A's breakdown: 404 as for an id nowhere", async () => {
      await refusedToB('GET', (id) => `/api/v1/breakdowns/${id}`);
    }),
    'POST /api/v1/breakdowns': tenantCase(
      "reports on A's machine, or with A's photo: 404 naming machineId / photoFileId, A's machine as it was; B's own report alerts B's people only",
      async () => {
        const A = await aData();
        const own = await bData();
        const before = await bCount();
        await refusedField(
          { method: 'POST', url: '/api/v1/breakdowns', payload: { machineId: A.machineId, problem: 'B' } },
          'machineId',
          BREAKDOWN_MESSAGES.machineNotFound,
        );
        await refusedField(
          {
            method: 'POST',
            url: '/api/v1/breakdowns',
            payload: { machineId: own.machineId, problem: 'B', photoFileId: A.photoId },
          },
          'photoFileId',
          BREAKDOWN_MESSAGES.photoNotFound,
        );
        expect(await bCount()).toBe(before);
        // B's own report says who its alert e-mailed: B's recipients or B's admins, never A's (asB fails on A's
        // admin's address anywhere in the answer).
        const reported = await asB({
          method: 'POST',
          url: '/api/v1/breakdowns',
          payload: { machineId: own.machineId, problem: 'B again' },
        });
        expect(reported.statusCode, reported.body).toBe(201);
        expect(['recipients', 'admins', 'off']).toContain(reported.json().alert.source);
      },
    ),
    'POST /api/v1/breakdowns/:id/start': tenantCase(
      "starts work on A's breakdown: 404, A's breakdown and machine unchanged",
      async () => {
        await refusedToB('POST', (id) => `/api/v1/breakdowns/${id}/start`);
      },
    ),
    'POST /api/v1/breakdowns/:id/resolve': tenantCase(
      "resolves A's breakdown: 404; resolves B's own with A's item, lot or location: 404 naming the part's field",
      async () => {
        const A = await aData();
        await refusedToB('POST', (id) => `/api/v1/breakdowns/${id}/resolve`, {
          ...resolveBody({}),
          parts: [],
        });
        const own = await bData();
        const url = `/api/v1/breakdowns/${own.breakdownId}/resolve`;
        const part = { itemId: own.itemId, lotId: null, locationId: own.locationId, quantity: '1' };
        for (const [field, payload, message] of [
          ['parts.0.itemId', { ...part, itemId: A.itemId }, MAINTENANCE_PART_MESSAGES.itemNotFound],
          [
            'parts.0.locationId',
            { ...part, locationId: A.locationId },
            MAINTENANCE_PART_MESSAGES.locationNotFound,
          ],
          ['parts.0.lotId', { ...part, lotId: A.lotId }, MAINTENANCE_PART_MESSAGES.lotNotFound],
        ] as const)
          await refusedField({ method: 'POST', url, payload: resolveBody(payload) }, field, message);
        const [still] = await app()
          .database.db.select()
          .from(breakdowns)
          .where(and(eq(breakdowns.companyId, b().companyId), eq(breakdowns.id, own.breakdownId)));
        expect(still?.status).toBe('reported');
      },
    ),
    'POST /api/v1/breakdowns/photos': tenantCase(
      "uploads a photo naming A's company in the query: the file is B's, and A cannot read it",
      async () => {
        const made = await upload(
          b().cookie,
          `/api/v1/breakdowns/photos?name=b.png&companyId=${a().companyId}`,
        );
        expect(made.statusCode, made.body).toBe(201);
        const url = `/api/v1/files/${made.json().id}`;
        expect((await send({ method: 'GET', url, cookie: b().cookie })).statusCode).toBe(200);
        expect((await send({ method: 'GET', url, cookie: a().cookie })).statusCode).toBe(404);
      },
    ),
  };
}
