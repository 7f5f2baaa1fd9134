// What the work-order API tests share: a company with a site and bin, parts in stock, and an assembly released
// through the API as an admin would, so every test starts from what a planner has on the screen.
import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import { buildOrderLines, buildOrders } from '../../server/modules/build/orders.tables.ts';
import { TEST_APP_URL, type TTestApp } from './test-app.ts';

export type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH';

export function client(t: TTestApp, cookie: string) {
  const send = (method: TMethod, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { origin: TEST_APP_URL, cookie },
      ...(payload ? { payload } : {}),
    });
  const ok = async (method: TMethod, url: string, payload?: object, status = 200) => {
    const response = await send(method, url, payload);
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  return { send, ok };
}

export interface TShop {
  site: string;
  bin: string;
  /** A bought item, counted in whole `ea` unless `unitOfMeasure` names a measure (kg, l…). */
  item: (partNumber: string, unitCost?: string, unitOfMeasure?: string) => Promise<string>;
  /** Receives into the bin; a lot-tracked item (an assembly is) needs `lotNumber`. */
  receive: (itemId: string, quantity: string, lotNumber?: string) => Promise<void>;
  /** An assembly of `itemId` with `lines` and one step, released; returns the assembly and its revision ids. */
  released: (
    itemId: string,
    lines: Array<{ componentItemId: string; quantity: string; scrapPercent?: string }>,
  ) => Promise<{ assemblyId: string; revisionId: string }>;
  /** An order (status as given) with one line of the assembly, written as the orders module would. */
  order: (
    assemblyId: string,
    status: string,
    quantity?: string,
  ) => Promise<{ orderId: string; lineId: string }>;
}

/**
 * The shop of the admin signed in as `admin`. Location codes are unique in a company: a second shop in one company
 * (the tenant-isolation run's company A) names its own bin.
 */
export async function shopOf(t: TTestApp, admin: string, prefix: string, binCode = 'BIN'): Promise<TShop> {
  const { ok } = client(t, admin);
  const site = (
    await ok('POST', '/api/v1/locations', { kind: 'site', code: `${prefix}-S`, name: 'Site' }, 201)
  ).id;
  const bin = (
    await ok('POST', '/api/v1/locations', { kind: 'bin', parentId: site, code: binCode, name: 'Bin' }, 201)
  ).id;
  const session = await ok('GET', '/api/v1/session');
  const companyId: string = session.user.companyId;
  let orderNumber = 0;
  return {
    site,
    bin,
    item: async (partNumber, unitCost = '1', unitOfMeasure = 'ea') =>
      (
        await ok(
          'POST',
          '/api/v1/items',
          { partNumber, name: `Part ${partNumber}`, unitCost, lotTracked: false, unitOfMeasure },
          201,
        )
      ).id,
    receive: async (itemId, quantity, lotNumber) => {
      await ok(
        'POST',
        '/api/v1/stock/transactions',
        {
          idempotencyKey: randomUUID(),
          kind: 'receive',
          lines: [{ itemId, locationId: bin, quantity, ...(lotNumber ? { lotNumber } : {}) }],
        },
        201,
      );
    },
    released: async (itemId, lines) => {
      const made = await ok('POST', '/api/v1/assemblies', { itemId }, 201);
      await ok('PUT', `/api/v1/assembly-revisions/${made.draftRevisionId}`, {
        lines: lines.map((l) => ({ scrapPercent: '0', ...l })),
        steps: [{ title: 'Fit', instructions: 'Fit the parts', setupMinutes: '5', runMinutes: '2' }],
      });
      await ok('POST', `/api/v1/assembly-revisions/${made.draftRevisionId}/release`);
      return { assemblyId: made.id, revisionId: made.draftRevisionId };
    },
    order: async (assemblyId, status, quantity = '10') => {
      const orderId = uuidv7();
      const lineId = uuidv7();
      await t.database.db.insert(buildOrders).values({
        id: orderId,
        companyId,
        number: 9000 + ++orderNumber,
        status,
        dueOn: '2027-03-31',
        createdBy: 'test',
      });
      await t.database.db
        .insert(buildOrderLines)
        .values({ id: lineId, companyId, orderId, position: 1, assemblyId, quantity });
      return { orderId, lineId };
    },
  };
}
