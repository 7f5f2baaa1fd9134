// Whole units in stock (decision 064): a fraction of an item counted in whole things (ea, pcs…) is refused by every
// way stock changes — receive, issue, move, adjust, lend, count — with 400 naming the field the request typed and
// "RM-2 is counted in whole ea: enter a whole number", and nothing changes; a measured item (kg) keeps its
// fractions. On PGlite and on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeUnitMessage } from '#common/units.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';

let t: TTestApp;
let admin: string;
let bin1: string;
let bin2: string;

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH';
function send(method: TMethod, url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie: admin },
    ...(payload ? { payload } : {}),
  });
}
async function ok(method: TMethod, url: string, payload?: object, status = 200) {
  const response = await send(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}
const post = (body: object) =>
  send('POST', '/api/v1/stock/transactions', { idempotencyKey: randomUUID(), ...body });
const balances = (itemId: string) => ok('GET', `/api/v1/items/${itemId}/balances`);

/** A new item in `unitOfMeasure` with `quantity` received at bin 1. */
async function stocked(partNumber: string, unitOfMeasure: string, quantity: string): Promise<string> {
  const item = await ok(
    'POST',
    '/api/v1/items',
    { partNumber, name: partNumber, unitOfMeasure, lotTracked: false },
    201,
  );
  await ok(
    'POST',
    '/api/v1/stock/transactions',
    {
      kind: 'receive',
      idempotencyKey: randomUUID(),
      lines: [{ itemId: item.id, locationId: bin1, quantity }],
    },
    201,
  );
  return item.id;
}

/** The refusal every path gives: 400, the one field named with the same words. */
function expectWholeRefusal(
  response: { statusCode: number; body: string; json: () => unknown },
  field: string,
  partNumber: string,
  unit = 'ea',
) {
  expect(response.statusCode, response.body).toBe(400);
  const message = wholeUnitMessage(partNumber, unit);
  expect(response.json()).toEqual({
    error: { code: 'BAD_REQUEST', message, fieldErrors: { [field]: message } },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'ada@whole.example', role: 'admin', companyName: 'Whole Stock' });
  await ok('PATCH', '/api/v1/company/label-config', { allowBorrowing: true });
  const site = (await ok('POST', '/api/v1/locations', { kind: 'site', code: 'WS', name: 'Site' }, 201)).id;
  const bin = (code: string) =>
    ok('POST', '/api/v1/locations', { kind: 'bin', parentId: site, code, name: code }, 201);
  bin1 = (await bin('B1')).id;
  bin2 = (await bin('B2')).id;
});
afterAll(async () => {
  await t?.close();
});

describe('an item counted in whole units', () => {
  it('refuses a fractional receive, issue, move and adjustment on the line typed, and stock stays as it was', async () => {
    const screw = await stocked('RM-2', 'ea', '10');
    const before = await balances(screw);
    expect(before.total).toBe('10');

    expectWholeRefusal(
      await post({ kind: 'receive', lines: [{ itemId: screw, locationId: bin1, quantity: '2.5' }] }),
      'lines.0.quantity',
      'RM-2',
    );
    expectWholeRefusal(
      await post({ kind: 'issue', lines: [{ itemId: screw, locationId: bin1, quantity: '0.5' }] }),
      'lines.0.quantity',
      'RM-2',
    );
    expectWholeRefusal(
      await post({
        kind: 'move',
        lines: [{ itemId: screw, fromLocationId: bin1, toLocationId: bin2, quantity: '1.25' }],
      }),
      'lines.0.quantity',
      'RM-2',
    );
    expectWholeRefusal(
      await post({
        kind: 'adjust',
        reason: 'Found half a screw',
        lines: [{ itemId: screw, locationId: bin1, quantityDelta: '-0.5' }],
      }),
      'lines.0.quantityDelta',
      'RM-2',
    );
    expect(await balances(screw)).toEqual(before);
  });

  it('posts nothing of a posting whose second line is a fraction, naming that line', async () => {
    const nut = await stocked('RM-3', 'pcs', '4');
    const bolt = await stocked('RM-4', 'ea', '4');
    const response = await post({
      kind: 'issue',
      lines: [
        { itemId: nut, locationId: bin1, quantity: '2' },
        { itemId: bolt, locationId: bin1, quantity: '1.5' },
      ],
    });
    expectWholeRefusal(response, 'lines.1.quantity', 'RM-4');
    expect((await balances(nut)).total).toBe('4');
    expect((await balances(bolt)).total).toBe('4');
  });

  it('takes whole quantities as before', async () => {
    const washer = await stocked('RM-5', 'box', '3');
    const issued = await post({
      kind: 'issue',
      lines: [{ itemId: washer, locationId: bin1, quantity: '2' }],
    });
    expect(issued.statusCode, issued.body).toBe(201);
    expect((await balances(washer)).total).toBe('1');
  });

  it('refuses lending a fraction, naming quantity, and lends nothing', async () => {
    const drill = await stocked('RM-6', 'ea', '2');
    const response = await send('POST', '/api/v1/borrowings', {
      idempotencyKey: randomUUID(),
      itemId: drill,
      locationId: bin1,
      quantity: '0.5',
      borrower: { jobReference: 'J-7' },
      dueOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    expectWholeRefusal(response, 'quantity', 'RM-6');
    expect((await balances(drill)).total).toBe('2');
    expect((await ok('GET', `/api/v1/borrowings?status=all&itemId=${drill}`)).total).toBe(0);
  });

  it('refuses a fractional count when it is typed, on a line and on stock found, recording nothing', async () => {
    const clip = await stocked('RM-7', 'ea', '5');
    const session = await ok('POST', '/api/v1/stock-checks', { scope: 'items', itemIds: [clip] }, 201);
    const lines = await ok('GET', `/api/v1/stock-checks/${session.id}/lines`);
    const line = lines.items.find((l: { itemId: string }) => l.itemId === clip);
    expectWholeRefusal(
      await send('PUT', `/api/v1/stock-checks/${session.id}/lines/${line.id}`, { countedQuantity: '4.5' }),
      'countedQuantity',
      'RM-7',
    );
    expectWholeRefusal(
      await send('POST', `/api/v1/stock-checks/${session.id}/lines`, {
        itemId: clip,
        locationId: bin2,
        countedQuantity: '0.5',
      }),
      'countedQuantity',
      'RM-7',
    );
    const after = await ok('GET', `/api/v1/stock-checks/${session.id}/lines`);
    expect(after.items).toEqual([expect.objectContaining({ itemId: clip, countedQuantity: null })]);
    await ok('PUT', `/api/v1/stock-checks/${session.id}/lines/${line.id}`, { countedQuantity: '4' });
    await ok('POST', `/api/v1/stock-checks/${session.id}/post`);
    expect((await balances(clip)).total).toBe('4');
  });
});

describe('a measured item', () => {
  it('keeps its fractions: received, issued, moved, counted', async () => {
    const resin = await stocked('RM-8', 'kg', '2.5');
    const issued = await post({
      kind: 'issue',
      lines: [{ itemId: resin, locationId: bin1, quantity: '0.25' }],
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const moved = await post({
      kind: 'move',
      lines: [{ itemId: resin, fromLocationId: bin1, toLocationId: bin2, quantity: '0.75' }],
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const session = await ok('POST', '/api/v1/stock-checks', { scope: 'items', itemIds: [resin] }, 201);
    const lines = await ok('GET', `/api/v1/stock-checks/${session.id}/lines`);
    const atBin1 = lines.items.find((l: { locationId: string }) => l.locationId === bin1);
    await ok('PUT', `/api/v1/stock-checks/${session.id}/lines/${atBin1.id}`, { countedQuantity: '1.4' });
    await ok('POST', `/api/v1/stock-checks/${session.id}/post`);
    expect(await balances(resin)).toMatchObject({
      total: '2.15',
      balances: expect.arrayContaining([
        expect.objectContaining({ locationId: bin1, quantity: '1.4' }),
        expect.objectContaining({ locationId: bin2, quantity: '0.75' }),
      ]),
    });
  });
});
