// A balance and an item's total hold at most 999,999,999,999.999999 (numeric(18,6)): a posting that would go past
// that is refused on its line with a 409, posts nothing, and leaves the stock as it was (it was a 500, found by the
// fuzz test) — on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_MESSAGES } from '#common/schemas/stock.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';

const MOST = '999999999999.999999';

let t: TTestApp;
let admin: string;
let site: string;
let area: string;

function send(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie: admin },
    ...(payload ? { payload } : {}),
  });
}

let keys = 0;
function post(payload: object) {
  keys += 1;
  return send('POST', '/api/v1/stock/transactions', { idempotencyKey: `limits-${keys}`, ...payload });
}

/** Measured in kg: the most a balance holds has six decimals, which an item counted in whole units never takes. */
async function newItem(partNumber: string): Promise<string> {
  const response = await send('POST', '/api/v1/items', {
    partNumber,
    name: partNumber,
    lotTracked: false,
    unitOfMeasure: 'kg',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function balancesOf(itemId: string) {
  const response = await send('GET', `/api/v1/items/${itemId}/balances`);
  return response.json() as { total: string; balances: { locationId: string; quantity: string }[] };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'max@limits.example', role: 'admin', companyName: 'Limits Works' });
  site = (await send('POST', '/api/v1/locations', { kind: 'site', code: 'S', name: 'Site' })).json().id;
  area = (
    await send('POST', '/api/v1/locations', { kind: 'area', code: 'A', name: 'Area', parentId: site })
  ).json().id;
});
afterAll(async () => {
  await t?.close();
});

describe('stock past the most a balance holds', () => {
  it('takes a receipt up to the most, and refuses one more unit on the line, posting nothing', async () => {
    const item = await newItem('FULL-1');
    const full = await post({ kind: 'receive', lines: [{ itemId: item, locationId: site, quantity: MOST }] });
    expect(full.statusCode, full.body).toBe(201);

    const more = await post({
      kind: 'receive',
      lines: [
        { itemId: item, locationId: area, quantity: '1' },
        { itemId: item, locationId: site, quantity: '0.000001' },
      ],
    });
    expect(more.statusCode, more.body).toBe(409);
    const message = STOCK_MESSAGES.tooMuch('FULL-1', 'S');
    expect(more.json()).toEqual({
      error: { code: 'CONFLICT', message, fieldErrors: { 'lines.1.quantity': message } },
    });
    expect(await balancesOf(item)).toEqual({
      itemId: item,
      total: MOST,
      reserved: '0',
      onHold: '0',
      available: MOST,
      balances: [expect.objectContaining({ locationId: site, quantity: MOST })],
    });
  });

  it("names an adjustment's quantityDelta", async () => {
    const item = await newItem('FULL-2');
    await post({ kind: 'receive', lines: [{ itemId: item, locationId: site, quantity: MOST }] });
    const adjust = await post({
      kind: 'adjust',
      reason: 'found one more',
      lines: [{ itemId: item, locationId: site, quantityDelta: '1' }],
    });
    expect(adjust.statusCode, adjust.body).toBe(409);
    expect(adjust.json().error.fieldErrors).toEqual({
      'lines.0.quantityDelta': STOCK_MESSAGES.tooMuch('FULL-2', 'S'),
    });
    expect((await balancesOf(item)).total).toBe(MOST);
  });

  it("refuses a posting that keeps every balance in range but takes the item's total past the most", async () => {
    const item = await newItem('FULL-3');
    await post({ kind: 'receive', lines: [{ itemId: item, locationId: site, quantity: '600000000000' }] });
    const second = await post({
      kind: 'receive',
      lines: [{ itemId: item, locationId: area, quantity: '600000000000' }],
    });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().error.fieldErrors).toEqual({
      'lines.0.quantity': STOCK_MESSAGES.tooMuchInAll('FULL-3'),
    });
    expect(await balancesOf(item)).toMatchObject({
      total: '600000000000',
      balances: [{ locationId: site, quantity: '600000000000' }],
    });
  });
});
