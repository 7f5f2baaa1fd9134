// An order's line split into work orders through the work-order module's own route (POST /api/v1/work-orders), as
// the Manage Orders screen does it (decision 047): each part on the line, what is left to plan going down, and the
// order's rules seeing them (not back to draft, not cancelled while they are unfinished, the line kept).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';

let t: TTestApp;
let cookie: string;
let assemblyId: string;

function send(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie },
    ...(payload ? { payload } : {}),
  });
}
async function ok(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, status = 200) {
  const response = await send(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn({ email: 'ada@split.example', role: 'admin', companyName: 'Split Works' });
  const part = await ok('POST', '/api/v1/items', { partNumber: 'PIN', name: 'Pin', lotTracked: false }, 201);
  const top = await ok('POST', '/api/v1/items', { partNumber: 'GATE', name: 'Gate', lotTracked: false }, 201);
  const made = await ok('POST', '/api/v1/assemblies', { itemId: top.id }, 201);
  await ok('PUT', `/api/v1/assembly-revisions/${made.draftRevisionId}`, {
    lines: [{ componentItemId: part.id, quantity: '2' }],
  });
  await ok('POST', `/api/v1/assembly-revisions/${made.draftRevisionId}/release`);
  assemblyId = made.id;
});
afterAll(async () => {
  await t?.close();
});

describe('a line split into work orders', () => {
  it('shows each part on its line, and the order keeps to its rules while they are unfinished', async () => {
    const order = await ok(
      'POST',
      '/api/v1/build-orders',
      { customer: 'Acme', dueOn: '2027-03-01', lines: [{ assemblyId, quantity: '5' }] },
      201,
    );
    const lineId = order.lines[0].id;
    // A draft takes no work orders (the work-order module's rule).
    expect(
      (await send('POST', '/api/v1/work-orders', { assemblyId, orderLineId: lineId, quantity: '5' }))
        .statusCode,
    ).toBe(409);
    await ok('POST', `/api/v1/build-orders/${order.id}/status`, { status: 'open' });
    // Whole quantities: a gate is counted in whole ea (decision 064).
    for (const quantity of ['2', '1']) {
      await ok('POST', '/api/v1/work-orders', { assemblyId, orderLineId: lineId, quantity }, 201);
    }
    const seen = await ok('GET', `/api/v1/build-orders/${order.id}`);
    expect(seen.lines[0]).toMatchObject({ quantity: '5', planned: '3', remaining: '2' });
    expect(
      seen.lines[0].workOrders.map((w: { quantity: string; status: string; dueOn: string }) => [
        w.quantity,
        w.status,
        w.dueOn,
      ]),
    ).toEqual([
      ['2', 'planned', '2027-03-01'],
      ['1', 'planned', '2027-03-01'],
    ]);
    expect(
      (await send('POST', `/api/v1/build-orders/${order.id}/status`, { status: 'draft' })).statusCode,
    ).toBe(409);
    expect(
      (await send('POST', `/api/v1/build-orders/${order.id}/status`, { status: 'cancelled' })).statusCode,
    ).toBe(409);
    const below = await send('PATCH', `/api/v1/build-orders/${order.id}`, {
      lines: [{ id: lineId, assemblyId, quantity: '2' }],
    });
    expect(below.statusCode).toBe(409);
    // Planned work orders have reserved nothing: their quantity is still checked against stock.
    const check = await ok('GET', `/api/v1/build-orders/${order.id}/buildability`);
    expect(check.lines).toEqual([{ lineId, partNumber: 'GATE', quantity: '5' }]);
    expect(check.components).toEqual([
      expect.objectContaining({ partNumber: 'PIN', needed: '10', missing: '10' }),
    ]);
  });
});
