// What the floor refuses (decision 049), each with nothing posted or changed: a part that is not on the work order
// and a lot of another part (the expected parts named), a lot-tracked part without its lot, more than planned
// without a reason (decision 064), more than the location's lot holds, bad input (400 naming the field), a retried consumption key (answered
// once) and the same key for another request (422). Another company gets 404 for the work order and its steps, and
// can neither consume the first company's lot nor use its location.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floorShopOf, ledgerCount, type TClient, type TFloorShop } from '../../../tests/setup/shop-floor.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let admin: TClient;
let other: TClient;
let shop: TFloorShop;
let otherShop: TFloorShop;
let top: string;

const wo = (id: string, rest = '') => `/api/v1/work-orders/${id}${rest}`;
const consume = (c: TClient, id: string, body: object) =>
  c.send('POST', wo(id, '/consumptions'), { idempotencyKey: randomUUID(), ...body });

/** Sends `request` and expects `status` with `message` on `field`, the floor and the ledger as they were. */
async function refused(
  request: () => Promise<{
    statusCode: number;
    body: string;
    json: () => { error: { message: string; fieldErrors?: Record<string, string> } };
  }>,
  status: number,
  field: string | null,
  message?: string,
) {
  const floor = await admin.ok('GET', wo(top, '/floor'));
  const ledger = await ledgerCount(t, shop.companyId);
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  const { error } = response.json();
  if (field) expect(Object.keys(error.fieldErrors ?? {})).toContain(field);
  if (message) expect(error.message).toBe(message);
  expect(await admin.ok('GET', wo(top, '/floor'))).toEqual(floor);
  expect(await ledgerCount(t, shop.companyId)).toEqual(ledger);
}

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@refuse.example', role: 'admin', companyName: 'Refuse Works' });
  const otherCookie = await t.signIn({ email: 'bo@else.example', role: 'admin', companyName: 'Else Works' });
  admin = client(t, cookie);
  other = client(t, otherCookie);
  shop = await floorShopOf(t, cookie, 'R');
  otherShop = await floorShopOf(t, otherCookie, 'X');
  top = await shop.released(shop.top.assemblyId, '1');
  await admin.ok('POST', wo(top, `/steps/${shop.top.steps[0]}/start`));
});
afterAll(async () => {
  await t?.close();
});

describe('what is scanned', () => {
  it('refuses a part that is not on the work order, naming the expected ones', async () => {
    await refused(
      () => consume(admin, top, { code: 'ROTHER', quantity: '1', locationId: shop.bin }),
      400,
      'code',
      'ROTHER is not on this work order. Expected one of: RBOLT, RSCREW, RSUB.',
    );
  });

  it('refuses a lot of another part, by number and by label', async () => {
    const message =
      'Lot RW-1 is of RWIRE, which is not on this work order. Expected a lot of: RBOLT, RSCREW, RSUB.';
    await refused(
      () => consume(admin, top, { code: 'rw-1', quantity: '1', locationId: shop.bin }),
      400,
      'code',
      message,
    );
    const label = await shop.lotLabel(await shop.lotId(shop.items.wire, 'RW-1'));
    await refused(
      () => consume(admin, top, { code: label, quantity: '1', locationId: shop.bin }),
      400,
      'code',
      message,
    );
  });

  it('asks for the lot of a lot-tracked part scanned by its part number', async () => {
    await refused(
      () => consume(admin, top, { code: 'RBOLT', quantity: '1', locationId: shop.bin }),
      400,
      'code',
      'RBOLT is lot-tracked: scan the lot’s label or type its lot number.',
    );
  });

  it('says what it does not recognise', async () => {
    await refused(
      () => consume(admin, top, { code: 'NOPE-42', quantity: '1', locationId: shop.bin }),
      400,
      'code',
      'Not recognised: “NOPE-42”. Scan a part’s or a lot’s label, or type its number.',
    );
  });
});

describe('how much', () => {
  it('asks why when more than planned is taken', async () => {
    await refused(
      () => consume(admin, top, { code: 'RSCREW', quantity: '3', locationId: shop.bin }),
      400,
      'reason',
      'Say why more than planned was used',
    );
    await refused(
      () => consume(admin, top, { code: 'RSCREW', quantity: '3', locationId: shop.bin, reason: '   ' }),
      400,
      'reason',
    );
  });

  it('refuses more than the location holds of the lot', async () => {
    // Lot RB-2 holds 1; the work order has 1 bolt reserved, so ask for it from a bin where the lot is not.
    await refused(
      () => consume(admin, top, { code: 'RB-2', quantity: '1', locationId: shop.out }),
      409,
      'quantity',
    );
  });

  it('answers a retried key once, and refuses the key for another request', async () => {
    const body = { idempotencyKey: randomUUID(), code: 'RSCREW', quantity: '1', locationId: shop.bin };
    const first = await admin.send('POST', wo(top, '/consumptions'), body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await admin.send('POST', wo(top, '/consumptions'), body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().recordId).toBe(first.json().recordId);
    expect(again.json().floor.consumptions).toHaveLength(1);
    await refused(
      () => admin.send('POST', wo(top, '/consumptions'), { ...body, quantity: '0.5' }),
      422,
      null,
    );
    const floor = await admin.ok('GET', wo(top, '/floor'));
    expect(floor.components.find((c: { partNumber: string }) => c.partNumber === 'RSCREW').consumed).toBe(
      '1',
    );
  });

  it('records a retried output of scrap alone once: it posts nothing, yet its key is kept', async () => {
    const id = await shop.released(shop.top.assemblyId, '3');
    await admin.ok('POST', wo(id, `/steps/${shop.top.steps[0]}/start`));
    const body = {
      idempotencyKey: randomUUID(),
      goodQuantity: '0',
      scrapQuantity: '1',
      scrapReason: 'Cracked',
    };
    const first = await admin.send('POST', wo(id, '/outputs'), body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await admin.send('POST', wo(id, '/outputs'), body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().recordId).toBe(first.json().recordId);
    const floor = await admin.ok('GET', wo(id, '/floor'));
    expect(floor.outputs).toHaveLength(1);
    expect(floor.scrapQuantity).toBe('1');
    const other = await admin.send('POST', wo(id, '/outputs'), { ...body, scrapQuantity: '2' });
    expect(other.statusCode, other.body).toBe(422);
  });
});

describe('bad input', () => {
  it.each([
    ['quantity', { code: 'RSCREW', quantity: 'lots' }],
    ['quantity', { code: 'RSCREW', quantity: '0' }],
    ['code', { code: '  ', quantity: '1' }],
    ['idempotencyKey', { idempotencyKey: 'short', code: 'RSCREW', quantity: '1' }],
    ['locationId', { code: 'RSCREW', quantity: '1', locationId: 'bin 4' }],
  ])('refuses a consumption with a bad %s', async (field, body) => {
    await refused(() => consume(admin, top, { locationId: shop.bin, ...body }), 400, field);
  });

  it('refuses a finish without a scrap reason, and an output of nothing', async () => {
    const step = shop.top.steps[0];
    await refused(
      () => admin.send('POST', wo(top, `/steps/${step}/finish`), { goodQuantity: '0', scrapQuantity: '1' }),
      400,
      'scrapReason',
    );
    await refused(
      () => admin.send('POST', wo(top, '/outputs'), { idempotencyKey: randomUUID(), goodQuantity: '0' }),
      400,
      'goodQuantity',
    );
  });
});

describe('another company', () => {
  it('gets 404 for the work order, its floor and its steps', async () => {
    const step = shop.top.steps[1];
    for (const [method, url] of [
      ['GET', wo(top, '/floor')],
      ['POST', wo(top, `/steps/${step}/start`)],
      ['POST', wo(top, '/complete')],
    ] as const) {
      const response = await other.send(method, url);
      expect(response.statusCode, url).toBe(404);
    }
    await refused(
      () => consume(other, top, { code: 'RSCREW', quantity: '1', locationId: shop.bin }),
      404,
      null,
      'No such work order in your company.',
    );
  });

  it('cannot consume the first company’s lot or take from its location', async () => {
    const own = await otherShop.released(otherShop.top.assemblyId, '1');
    await other.ok('POST', wo(own, `/steps/${otherShop.top.steps[0]}/start`));
    const lot = await consume(other, own, { code: 'RB-1', quantity: '1', locationId: otherShop.bin });
    expect(lot.statusCode).toBe(400);
    expect(lot.json().error.fieldErrors.code).toBe(
      'Not recognised: “RB-1”. Scan a part’s or a lot’s label, or type its number.',
    );
    const label = await shop.lotLabel(await shop.lotId(shop.items.bolt, 'RB-1'));
    expect(
      (await consume(other, own, { code: label, quantity: '1', locationId: otherShop.bin })).statusCode,
    ).toBe(400);
    const place = await consume(other, own, { code: 'XSCREW', quantity: '1', locationId: shop.bin });
    expect(place.statusCode).toBe(404);
    expect(place.json().error.fieldErrors).toEqual({ locationId: 'No such location in your company.' });
    const output = await other.send('POST', wo(own, '/outputs'), {
      idempotencyKey: randomUUID(),
      goodQuantity: '1',
      locationId: shop.out,
    });
    expect(output.statusCode).toBe(404);
    expect(output.json().error.fieldErrors).toEqual({ locationId: 'No such location in your company.' });
  });
});
