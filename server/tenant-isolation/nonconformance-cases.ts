// The cross-company cases of nonconformances (decision 073: server/modules/quality/nonconformances.routes.ts), spread
// into ROUTE_CASES of server/tenant-isolation.api.test.ts. A's nonconformance (opened by A's admin on A's first lot)
// named by B in a path is 404 in the words of one that exists nowhere and stays as it was; B's list never shows it,
// and filtering by A's item, lot or supplier is 404 naming the filter; B opening one naming A's item, lot, work order
// or supplier, or dispositioning its own from A's location or to A's supplier, is 404 naming the field.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { NC_MESSAGES } from '#common/schemas/nonconformances.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { workOrders } from '../modules/build/work-orders.tables.ts';
import { locations } from '../modules/inventory/inventory.tables.ts';
import { lots } from '../modules/inventory/stock.tables.ts';
import { nonconformances } from '../modules/quality/inspections.tables.ts';
import type { TCaseHelpers, TRequest, TRouteCase } from './route-case.ts';

const NC = '/api/v1/nonconformances';
const A_SECRET = 'A secret crack in the casting';

export function nonconformanceCases({ app, a, b, asB }: TCaseHelpers): Record<string, TRouteCase> {
  const db = () => app().database.db;
  let made: Promise<{ id: string; itemId: string; lotId: string; supplierId: string }> | undefined;
  /** A's nonconformance on A's first lot, naming A's own supplier, made by A's admin on first use. */
  const aWorld = () => {
    made ??= (async () => {
      const [lot] = await db().select().from(lots).where(eq(lots.companyId, a().companyId)).limit(1);
      expect(lot, "company A's fixture has a lot").toBeDefined();
      const { ok } = client(app(), a().cookie);
      const supplier = await ok(
        'POST',
        '/api/v1/suppliers',
        { code: 'A-NC-VENDOR', name: 'A NC vendor' },
        201,
      );
      const nc = await ok(
        'POST',
        NC,
        {
          itemId: lot!.itemId,
          lotId: lot!.id,
          supplierId: supplier.id,
          quantity: '1',
          description: A_SECRET,
        },
        201,
      );
      return { id: nc.id as string, itemId: lot!.itemId, lotId: lot!.id, supplierId: supplier.id as string };
    })();
    return made;
  };
  const aRow = async () =>
    (
      await db()
        .select()
        .from(nonconformances)
        .where(eq(nonconformances.id, (await aWorld()).id))
    )[0];
  let bMade: Promise<{ itemId: string; ncId: string }> | undefined;
  /** B's own item (not lot-tracked) and an open nonconformance of it. */
  const bWorld = () => {
    bMade ??= (async () => {
      const { ok } = client(app(), b().cookie);
      const item = await ok(
        'POST',
        '/api/v1/items',
        { partNumber: 'B-NC-PART', name: 'B part', unitCost: '1' },
        201,
      );
      const nc = await ok('POST', NC, { itemId: item.id, quantity: '1', description: 'B own' }, 201);
      return { itemId: item.id as string, ncId: nc.id as string };
    })();
    return bMade;
  };
  const refusedField = async (request: Omit<TRequest, 'cookie'>, field: string, message: string) => {
    const before = await aRow();
    const response = await asB(request);
    expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(404);
    expect(response.json().error.fieldErrors).toEqual({ [field]: message });
    expect(response.body).not.toContain(A_SECRET);
    expect(await aRow()).toEqual(before);
  };
  const refused = async (method: TRequest['method'], path: (id: string) => string, payload?: object) => {
    const { id } = await aWorld();
    const before = await aRow();
    for (const probe of [id, randomUUID()]) {
      const response = await asB({ method, url: path(probe), ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${path(probe)}: ${response.body}`).toBe(404);
      expect(response.json().error.message).toBe(NC_MESSAGES.notFound);
      expect(response.body).not.toContain(A_SECRET);
    }
    expect(await aRow()).toEqual(before);
  };
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe,
  });
  return {
    [`GET ${NC}`]: tenantCase(
      "lists searching A's description: none of A's; filtering by A's item, lot or supplier: 404 naming it",
      async () => {
        const A = await aWorld();
        for (const q of ['secret crack', 'NC-000001', '']) {
          const response = await asB({ method: 'GET', url: `${NC}?status=all&q=${encodeURIComponent(q)}` });
          expect(response.statusCode, response.body).toBe(200);
          expect(response.body).not.toContain(A_SECRET);
          expect(response.body).not.toContain(A.id);
        }
        await refusedField(
          { method: 'GET', url: `${NC}?itemId=${A.itemId}` },
          'itemId',
          NC_MESSAGES.itemNotFound,
        );
        await refusedField(
          { method: 'GET', url: `${NC}?lotId=${A.lotId}` },
          'lotId',
          NC_MESSAGES.lotNotFound,
        );
        await refusedField(
          { method: 'GET', url: `${NC}?supplierId=${A.supplierId}` },
          'supplierId',
          NC_MESSAGES.supplierNotFound,
        );
      },
    ),
    [`GET ${NC}/:id`]: tenantCase("reads A's nonconformance: 404", () =>
      refused('GET', (id) => `${NC}/${id}`),
    ),
    [`POST ${NC}`]: tenantCase(
      "opens one naming A's item, lot, work order or supplier: 404 naming the field, nothing opened",
      async () => {
        const A = await aWorld();
        const B = await bWorld();
        const [aWorkOrder] = await db()
          .select()
          .from(workOrders)
          .where(eq(workOrders.companyId, a().companyId))
          .limit(1);
        const body = { itemId: B.itemId, quantity: '1', description: 'B tries' };
        const count = async () => (await db().select().from(nonconformances)).length;
        const before = await count();
        await refusedField(
          { method: 'POST', url: NC, payload: { ...body, itemId: A.itemId } },
          'itemId',
          NC_MESSAGES.itemNotFound,
        );
        await refusedField(
          { method: 'POST', url: NC, payload: { ...body, lotId: A.lotId } },
          'lotId',
          NC_MESSAGES.lotNotFound,
        );
        await refusedField(
          { method: 'POST', url: NC, payload: { ...body, supplierId: A.supplierId } },
          'supplierId',
          NC_MESSAGES.supplierNotFound,
        );
        await refusedField(
          { method: 'POST', url: NC, payload: { ...body, workOrderId: aWorkOrder?.id ?? randomUUID() } },
          'workOrderId',
          NC_MESSAGES.workOrderNotFound,
        );
        expect(await count()).toBe(before);
      },
    ),
    [`PATCH ${NC}/:id`]: tenantCase("writes up A's nonconformance: 404, unchanged", () =>
      refused('PATCH', (id) => `${NC}/${id}`, { rootCause: 'B says so' }),
    ),
    [`POST ${NC}/:id/disposition`]: tenantCase(
      "dispositions A's (404, unchanged), or B's own from A's location or to A's supplier (404 naming it)",
      async () => {
        await refused('POST', (id) => `${NC}/${id}/disposition`, { disposition: 'use_as_is', quantity: '1' });
        const A = await aWorld();
        const B = await bWorld();
        const [aLocation] = await db()
          .select()
          .from(locations)
          .where(eq(locations.companyId, a().companyId))
          .limit(1);
        const url = `${NC}/${B.ncId}/disposition`;
        await refusedField(
          {
            method: 'POST',
            url,
            payload: { disposition: 'scrap', quantity: '1', locationId: aLocation!.id },
          },
          'locationId',
          NC_MESSAGES.locationNotFound,
        );
        await refusedField(
          {
            method: 'POST',
            url,
            payload: { disposition: 'return_to_supplier', quantity: '1', supplierId: A.supplierId },
          },
          'supplierId',
          NC_MESSAGES.supplierNotFound,
        );
        const [mine] = await db().select().from(nonconformances).where(eq(nonconformances.id, B.ncId));
        expect(mine).toMatchObject({ status: 'open', dispositionQuantity: null });
      },
    ),
    [`POST ${NC}/:id/close`]: tenantCase("closes A's nonconformance: 404, unchanged", () =>
      refused('POST', (id) => `${NC}/${id}/close`),
    ),
  };
}
