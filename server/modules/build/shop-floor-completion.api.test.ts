// Completion is never silent (decision 064): while a planned line is not fully consumed, POST …/complete answers
// 409 UNCONSUMED listing each open line in `details`, and changes nothing; with a resolution for each, it completes —
// `consume` takes what is left by backflush's rules, `used` records what was actually used (taking the difference
// when it is more than consumed), `return` takes nothing more — and the ledger, on hand, the reservations' short
// reasons and the material cost say so. A resolution that is not for an open line, or lacks what it needs, is 400
// naming it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balancesOf,
  consumeRows,
  consumptionShopOf,
  costAndReservations,
  type TClient,
  type TConsumptionShop,
} from '../../../tests/setup/consumption-shop.ts';
import { balancesOffLedger, ledgerCount } from '../../../tests/setup/shop-floor.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let admin: TClient;
let shop: TConsumptionShop;

const wo = (id: string, rest = '') => `/api/v1/work-orders/${id}${rest}`;
const complete = (id: string, resolutions?: object[]) =>
  admin.send('POST', wo(id, '/complete'), resolutions ? { resolutions } : undefined);

/** A work order of `assembly` for `quantity`, each step run and finished, and all of it output: ready to complete. */
async function ready(assembly: TConsumptionShop['kit'], quantity: string, scans: object[] = []) {
  const id = await shop.released(assembly.assemblyId, quantity);
  for (const step of assembly.steps) {
    await admin.ok('POST', wo(id, `/steps/${step}/start`));
    for (const scan of scans.splice(0)) {
      await admin.ok('POST', wo(id, '/consumptions'), { idempotencyKey: randomUUID(), ...scan }, 201);
    }
    await admin.ok('POST', wo(id, `/steps/${step}/finish`), { goodQuantity: quantity });
  }
  await admin.ok('POST', wo(id, '/outputs'), { idempotencyKey: randomUUID(), goodQuantity: quantity }, 201);
  return id;
}

/** Sends `request`, expects 400 naming `field`, and the work order, its ledger and its reservations as they were. */
async function refused(id: string, resolutions: object[], field: string, message?: string) {
  const before = [await admin.ok('GET', wo(id, '/floor')), await ledgerCount(t, shop.companyId)];
  const response = await complete(id, resolutions);
  expect(response.statusCode, response.body).toBe(400);
  expect(Object.keys(response.json().error.fieldErrors)).toEqual([field]);
  if (message) expect(response.json().error.message).toBe(message);
  expect([await admin.ok('GET', wo(id, '/floor')), await ledgerCount(t, shop.companyId)]).toEqual(before);
}

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@done.example', role: 'admin', companyName: 'Done Works' });
  admin = client(t, cookie);
  shop = await consumptionShopOf(t, cookie, 'D');
});
afterAll(async () => {
  await t?.close();
});

describe('an open line', () => {
  let id: string;

  it('is listed by a 409 UNCONSUMED, and nothing changes', async () => {
    // Screws and glue are backflushed at their steps; the bolts are scanned, and nobody scanned them.
    id = await ready(shop.fg, '3');
    const ledger = await ledgerCount(t, shop.companyId);
    const response = await complete(id);
    expect(response.statusCode, response.body).toBe(409);
    const { error } = response.json();
    expect(error.code).toBe('UNCONSUMED');
    expect(error.message).toBe(
      'Not every component is consumed: DBOLT 3 ea left. For each, consume what is left, enter what was used, or return it.',
    );
    expect(error.details).toEqual({
      lines: [
        { itemId: shop.items.bolt, partNumber: 'DBOLT', planned: '3', consumed: '0', left: '3', unit: 'ea' },
      ],
    });
    expect(await ledgerCount(t, shop.companyId)).toEqual(ledger);
    expect((await admin.ok('GET', wo(id, '/floor'))).status).toBe('in_progress');
  });

  it('is taken as planned by a consume resolution, backflush’s way', async () => {
    const done = await complete(id, [{ itemId: shop.items.bolt, action: 'consume' }]);
    expect(done.statusCode, done.body).toBe(200);
    const floor = done.json();
    expect(floor.status).toBe('completed');
    expect(floor.consumptions.at(-1)).toMatchObject({
      partNumber: 'DBOLT',
      source: 'completion',
      quantity: '3',
      lotNumber: 'DB-1',
    });
    expect(await balancesOf(t, shop.companyId, shop.items.bolt)).toEqual({ 'DBIN DB-1': '37' });
    expect((await consumeRows(t, shop.companyId, floor.numberText)).at(-1)).toEqual({
      item_id: shop.items.bolt,
      quantity: '-3.000000',
      unit_cost: '2.0000',
    });
    // 13 screws × 0.10 + 6 glue × 0.50 + 3 bolts × 2.
    expect((await costAndReservations(t, shop.companyId, id)).materialCost).toBe('10.3000');
    expect(await balancesOffLedger(t, shop.companyId)).toEqual([]);
  });
});

describe('less than planned', () => {
  let id: string;
  const bolt = (rest: object) => ({ itemId: shop.items.bolt, ...rest });
  const nut = (rest: object) => ({ itemId: shop.items.nut, ...rest });

  beforeAll(async () => {
    // Two kits: 2 bolts and 4 nuts planned; one bolt scanned.
    id = await ready(shop.kit, '2', [{ code: 'DB-1', quantity: '1', locationId: shop.bin }]);
  });

  it('refuses resolutions that are not for an open line or lack what they need, naming them', async () => {
    const returnNuts = nut({ action: 'return', reason: 'Not fitted' });
    await refused(id, [bolt({ action: 'used', quantity: '1' }), returnNuts], 'resolutions.0.reason');
    await refused(
      id,
      [bolt({ action: 'used', quantity: '0', reason: 'None' }), returnNuts],
      'resolutions.0.quantity',
      '1 ea is already consumed: enter at least that',
    );
    await refused(id, [bolt({ action: 'used', reason: 'Some' }), returnNuts], 'resolutions.0.quantity');
    await refused(id, [bolt({ action: 'consume' }), nut({ action: 'return' })], 'resolutions.1.reason');
    await refused(
      id,
      [bolt({ action: 'consume' }), returnNuts, { itemId: shop.items.screw, action: 'consume' }],
      'resolutions.2.itemId',
      'This component has nothing left to resolve.',
    );
    await refused(id, [bolt({ action: 'consume' }), bolt({ action: 'consume' })], 'resolutions.1.itemId');
  });

  it('still lists a line no resolution covers', async () => {
    const response = await complete(id, [bolt({ action: 'consume' })]);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.details.lines.map((l: { partNumber: string }) => l.partNumber)).toEqual([
      'DNUT',
    ]);
  });

  it('completes with what was used and what goes back, each with its reason, taking nothing more', async () => {
    const ledger = await ledgerCount(t, shop.companyId);
    const nutsBefore = await balancesOf(t, shop.companyId, shop.items.nut);
    const done = await complete(id, [
      bolt({ action: 'used', quantity: '1', reason: 'One bolt holds it' }),
      nut({ action: 'return', reason: 'Nuts not fitted' }),
    ]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('completed');
    expect(await ledgerCount(t, shop.companyId)).toEqual(ledger);
    expect(await balancesOf(t, shop.companyId, shop.items.nut)).toEqual(nutsBefore);
    const stored = await costAndReservations(t, shop.companyId, id);
    const reason = (itemId: string) => stored.reservations.find((r) => r.item_id === itemId)?.short_reason;
    expect([reason(shop.items.bolt), reason(shop.items.nut)]).toEqual([
      'One bolt holds it',
      'Nuts not fitted',
    ]);
    expect(stored.materialCost).toBe('2.0000');
    // What the reservations held back is free again.
    const detail = await admin.ok('GET', wo(id));
    expect(detail.components.map((c: { reserved: string }) => c.reserved)).toEqual(['0', '0']);
  });
});

describe('used more than consumed', () => {
  it('takes the difference, past the plan with a reason', async () => {
    const id = await ready(shop.kit, '1');
    const done = await complete(id, [
      { itemId: shop.items.bolt, action: 'used', quantity: '1' },
      { itemId: shop.items.nut, action: 'used', quantity: '3', reason: 'One thread stripped' },
    ]);
    expect(done.statusCode, done.body).toBe(200);
    const floor = done.json();
    expect(
      floor.consumptions.map((c: { partNumber: string; quantity: string; reason: string | null }) => [
        c.partNumber,
        c.quantity,
        c.reason,
      ]),
    ).toEqual([
      ['DBOLT', '1', null],
      ['DNUT', '3', 'One thread stripped'],
    ]);
    expect(floor.components.find((c: { itemId: string }) => c.itemId === shop.items.nut)).toMatchObject({
      planned: '2',
      consumed: '3',
      over: '1',
    });
    // 1 bolt × 2 + 3 nuts × 0.05.
    expect((await costAndReservations(t, shop.companyId, id)).materialCost).toBe('2.1500');
  });
});
