// The stock balance report: per item, the opening quantity, what came in and went out in the period and what is
// left, from the ledger alone — by period, location subtree and category — on PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '#common/time/calendar.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';

let t: TTestApp;
let admin: string;
let bolt: string;
let nut: string;
let stores: string;
let shelf: string;
let line: string;
// The company signs up in New York (the default zone): its days, not UTC's, bound the report (decision 040).
const today = todayIn('America/New_York');
const dayOffset = (days: number) => addDays(today, days);

function send(method: 'GET' | 'POST', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie },
    ...(payload ? { payload } : {}),
  });
}
async function created(method: 'POST', url: string, payload: object): Promise<string> {
  const response = await send(method, url, admin, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}
const post = (body: object) =>
  created('POST', '/api/v1/stock/transactions', { idempotencyKey: randomUUID(), ...body });
const report = (query: string, cookie = admin) =>
  send('GET', `/api/v1/stock/balance-report?${query}`, cookie);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'rita@report.example', role: 'admin', companyName: 'Report Works' });
  const site = await created('POST', '/api/v1/locations', { kind: 'site', code: 'RPT', name: 'Report site' });
  stores = await created('POST', '/api/v1/locations', {
    kind: 'area',
    parentId: site,
    code: 'RPT-ST',
    name: 'Stores',
  });
  shelf = await created('POST', '/api/v1/locations', {
    kind: 'shelf',
    parentId: stores,
    code: 'RPT-S1',
    name: 'S1',
  });
  line = await created('POST', '/api/v1/locations', {
    kind: 'area',
    parentId: site,
    code: 'RPT-LN',
    name: 'Line',
  });
  bolt = await created('POST', '/api/v1/items', {
    partNumber: 'RPT-BOLT',
    name: 'Bolt',
    category: 'Fasteners',
    unitCost: '0.5',
    lotTracked: false,
  });
  // Nuts by weight: a measure keeps the 4.5 received (whole units would refuse it).
  nut = await created('POST', '/api/v1/items', {
    partNumber: 'RPT-NUT',
    name: 'Nut',
    category: 'Hardware',
    unitCost: '0.25',
    lotTracked: false,
    unitOfMeasure: 'kg',
  });
  await post({ kind: 'receive', lines: [{ itemId: bolt, locationId: shelf, quantity: '10' }] });
  await post({ kind: 'issue', lines: [{ itemId: bolt, locationId: shelf, quantity: '3' }] });
  await post({
    kind: 'move',
    lines: [{ itemId: bolt, fromLocationId: shelf, toLocationId: line, quantity: '2' }],
  });
  await post({ kind: 'receive', lines: [{ itemId: nut, locationId: line, quantity: '4.5' }] });
});
afterAll(async () => {
  await t?.close();
});

describe('stock balance report', () => {
  it("shows today's movements per item, the moves as both in and out, and the company's closing value", async () => {
    const response = await report(`from=${today}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.items).toEqual([
      expect.objectContaining({
        partNumber: 'RPT-BOLT',
        opening: '0',
        received: '12',
        issued: '5',
        closing: '7',
        closingValue: '3.5',
      }),
      expect.objectContaining({
        partNumber: 'RPT-NUT',
        opening: '0',
        received: '4.5',
        issued: '0',
        closing: '4.5',
        closingValue: '1.125',
      }),
    ]);
    expect(body.totals).toEqual({ openingValue: '0', closingValue: '4.625', itemsWithMovement: 2 });
  });

  it('carries the closing quantity into a later period as its opening, and leaves out an earlier one', async () => {
    const later = (await report(`from=${dayOffset(1)}&to=${dayOffset(2)}`)).json();
    expect(
      later.items.map((r: { partNumber: string; opening: string; closing: string }) => [
        r.partNumber,
        r.opening,
        r.closing,
      ]),
    ).toEqual([
      ['RPT-BOLT', '7', '7'],
      ['RPT-NUT', '4.5', '4.5'],
    ]);
    const earlier = (await report(`from=${dayOffset(-3)}&to=${dayOffset(-1)}`)).json();
    expect(earlier).toMatchObject({ items: [], total: 0, totals: { closingValue: '0' } });
  });

  it('counts only stock under a location when given one, and filters by category', async () => {
    const inStores = (await report(`from=${today}&to=${today}&locationId=${stores}`)).json();
    expect(inStores.items).toEqual([
      expect.objectContaining({ partNumber: 'RPT-BOLT', received: '10', issued: '5', closing: '5' }),
    ]);
    const onLine = (await report(`from=${today}&to=${today}&locationId=${line}`)).json();
    expect(
      onLine.items.map((r: { partNumber: string; closing: string }) => [r.partNumber, r.closing]),
    ).toEqual([
      ['RPT-BOLT', '2'],
      ['RPT-NUT', '4.5'],
    ]);
    const hardware = (await report(`from=${today}&to=${today}&category=Hardware`)).json();
    expect(hardware.items.map((r: { partNumber: string }) => r.partNumber)).toEqual(['RPT-NUT']);
  });

  it('pages the rows while the totals stay those of the whole report', async () => {
    const second = (await report(`from=${today}&to=${today}&page=2&pageSize=1`)).json();
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1, totals: { closingValue: '4.625' } });
    expect(second.items.map((r: { partNumber: string }) => r.partNumber)).toEqual(['RPT-NUT']);
    // A page past the end (a bookmarked page 3 after items left the report) lists nothing but keeps the totals.
    const past = (await report(`from=${today}&to=${today}&page=3&pageSize=1`)).json();
    expect(past).toMatchObject({
      items: [],
      total: 2,
      totals: { openingValue: '0', closingValue: '4.625', itemsWithMovement: 2 },
    });
  });

  it('refuses a bad period or location with the field named', async () => {
    const backwards = await report(`from=${today}&to=${dayOffset(-1)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fieldErrors).toHaveProperty('to');
    const notADate = await report(`from=yesterday&to=${today}`);
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().error.fieldErrors).toHaveProperty('from');
    const tooLong = await report(`from=2000-01-01&to=${today}`);
    expect(tooLong.statusCode).toBe(400);
    // In New York the first day of year 1 ends in year 1, but a zone east of UTC starts it in year 0: refused alike.
    const yearOne = await report('from=0001-01-01&to=0001-01-05');
    expect(yearOne.statusCode).toBe(400);
    expect(yearOne.json().error.fieldErrors).toHaveProperty('from');
    const unknown = await report(`from=${today}&to=${today}&locationId=${randomUUID()}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fieldErrors).toEqual({ locationId: 'No such location in your company.' });
  });

  it("shows another company nothing of this one's stock, even given its location", async () => {
    const other = await t.signIn({
      email: 'olga@elsewhere.example',
      role: 'admin',
      companyName: 'Elsewhere Inc',
    });
    const mine = (await report(`from=${today}&to=${today}`, other)).json();
    expect(mine).toMatchObject({ items: [], total: 0 });
    expect((await report(`from=${today}&to=${today}&locationId=${stores}`, other)).statusCode).toBe(400);
  });
});
