// Scanning: a label code (compact form or QR link, any case) resolves to its item, lot or location with stock;
// other text falls back to the company's part numbers, lot numbers and location codes; anything else — including
// another company's code — gets the same "Not recognised" 404 that reveals nothing.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactCode, newToken, scanLink, type TCodeKind } from '#common/label-codes.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { labelCodes } from '../labels/labels.tables.ts';

let t: TTestApp;
let admin: string;
let operator: string;
let outsider: string;
let companyId: string;
let outsiderCompanyId: string;
let shelf: string;
let bin: string;
let pump: string;
let resin: string;
let resinLot: string;
const code: Record<string, string> = {};

function get(url: string, cookie: string) {
  return t.app.inject({ method: 'GET', url, headers: { origin: TEST_APP_URL, cookie } });
}
const resolve = (text: string, cookie = operator) =>
  get(`/api/v1/scan/resolve?code=${encodeURIComponent(text)}`, cookie);

async function created(url: string, payload: object, cookie = admin) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_APP_URL, cookie },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A label code for a thing, as the labels service makes it the first time the thing is printed. */
async function labelFor(company: string, kind: TCodeKind, entityId: string): Promise<string> {
  const token = newToken((n) => randomBytes(n));
  await t.database.db.insert(labelCodes).values({ token, companyId: company, kind, entityId });
  return token;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'ada@scan.example', role: 'admin', companyName: 'Scan Works' });
  operator = await t.signIn({ email: 'otto@scan.example', role: 'user', companyName: 'Scan Works' });
  outsider = await t.signIn({
    email: 'eve@elsewhere-scan.example',
    role: 'admin',
    companyName: 'Other Scan',
  });
  companyId = (await get('/api/v1/session', admin)).json().user.companyId;
  outsiderCompanyId = (await get('/api/v1/session', outsider)).json().user.companyId;
  const site = await created('/api/v1/locations', { kind: 'site', code: 'MAIN', name: 'Main' });
  shelf = (
    await created('/api/v1/locations', { kind: 'shelf', parentId: site.id, code: 'SH1', name: 'Shelf' })
  ).id;
  bin = (await created('/api/v1/locations', { kind: 'bin', parentId: site.id, code: 'B1', name: 'Bin' })).id;
  pump = (
    await created('/api/v1/items', {
      partNumber: 'Pump-100',
      name: 'Pump',
      unitOfMeasure: 'ea',
      lotTracked: false,
    })
  ).id;
  resin = (
    await created('/api/v1/items', {
      partNumber: 'RES-2',
      name: 'Resin',
      unitOfMeasure: 'kg',
      lotTracked: true,
    })
  ).id;
  await created('/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: randomUUID(),
    lines: [
      { itemId: pump, locationId: shelf, quantity: '3' },
      { itemId: pump, locationId: bin, quantity: '7' },
      { itemId: resin, locationId: bin, quantity: '2.25', lotNumber: 'Heat-77' },
    ],
  });
  resinLot = (await get(`/api/v1/items/${resin}/lots`, admin)).json().items[0].id;
  code.item = compactCode('item', await labelFor(companyId, 'item', pump));
  code.lot = compactCode('lot', await labelFor(companyId, 'lot', resinLot));
  code.location = compactCode('location', await labelFor(companyId, 'location', bin));
  // The other company's own item, labelled: its code must mean nothing to Scan Works.
  const theirs = (
    await created(
      '/api/v1/items',
      { partNumber: 'SECRET-9', name: 'Their secret widget', unitOfMeasure: 'ea' },
      outsider,
    )
  ).id;
  code.theirs = compactCode('item', await labelFor(outsiderCompanyId, 'item', theirs));
});
afterAll(async () => {
  await t?.close();
});

describe('resolving our own label codes', () => {
  it('finds an item by its compact code with its stock, largest balance first', async () => {
    const response = await resolve(code.item!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'item',
      matchedBy: 'code',
      item: { id: pump, partNumber: 'Pump-100', name: 'Pump', unitOfMeasure: 'ea', lotTracked: false },
      onHand: '10',
      balanceCount: 2,
      balances: [
        { locationId: bin, locationCode: 'MAIN / B1', quantity: '7', lotId: null },
        { locationId: shelf, locationCode: 'MAIN / SH1', quantity: '3' },
      ],
    });
  });

  it('finds the same item from the QR link, and from the code typed in lower case with O for 0', async () => {
    const link = scanLink(TEST_APP_URL, 'item', code.item!.slice(3));
    const typed = code.item!.toLowerCase().replace(/0/g, 'o');
    for (const text of [link, typed, ` ${code.item} `]) {
      const response = await resolve(text);
      expect(response.statusCode, `${text}: ${response.body}`).toBe(200);
      expect(response.json()).toMatchObject({ kind: 'item', matchedBy: 'code', item: { id: pump } });
    }
  });

  it('finds a lot by code and by link, with its item and where it is', async () => {
    for (const text of [code.lot!, scanLink('https://forgeboard.example', 'lot', code.lot!.slice(3))]) {
      const response = await resolve(text);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        kind: 'lot',
        matchedBy: 'code',
        lot: { id: resinLot, lotNumber: 'Heat-77', expiresOn: null, hold: null },
        item: { id: resin, partNumber: 'RES-2', lotTracked: true },
        onHand: '2.25',
        balances: [{ locationId: bin, lotId: resinLot, lotNumber: 'Heat-77', quantity: '2.25' }],
      });
    }
  });

  it('finds a location by code and by link, with what is in it', async () => {
    for (const text of [code.location!, scanLink(TEST_APP_URL, 'location', code.location!.slice(3))]) {
      const response = await resolve(text);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        kind: 'location',
        matchedBy: 'code',
        location: { id: bin, code: 'B1', fullCode: 'MAIN / B1', kind: 'bin', active: true },
        balanceCount: 2,
      });
      expect(
        body.balances.map((b: { partNumber: string; quantity: string }) => [b.partNumber, b.quantity]),
      ).toEqual([
        ['Pump-100', '7'],
        ['RES-2', '2.25'],
      ]);
    }
  });
});

describe('text that is not one of our codes', () => {
  it('matches a part number in any case', async () => {
    const response = await resolve('pump-100');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'item', matchedBy: 'part-number', item: { id: pump } });
  });

  it('matches a lot number in any case', async () => {
    const response = await resolve('HEAT-77');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'lot', matchedBy: 'lot-number', lot: { id: resinLot } });
  });

  it('matches a location code in any case', async () => {
    const response = await resolve('sh1');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'location',
      matchedBy: 'location-code',
      location: { id: shelf, fullCode: 'MAIN / SH1' },
    });
  });

  it('takes wildcards literally: "%" and "Heat_77" match nothing', async () => {
    for (const text of ['%', 'Heat_77', 'Pump%']) expect((await resolve(text)).statusCode).toBe(404);
  });
});

describe('what is not recognised', () => {
  it('answers 404 "Not recognised" for garbage, an unknown code and an unknown link', async () => {
    for (const text of ['no such thing', 'FBI00000000', `${TEST_APP_URL}/s/FBP00000000`]) {
      const response = await resolve(text);
      expect(response.statusCode, text).toBe(404);
      expect(response.json().error.message).toMatch(/^Not recognised: /);
    }
  });

  it("gives another company's code, link and part number the same answer, revealing nothing of theirs", async () => {
    const garbage = (await resolve('FBI00000000')).json().error.message.replace('FBI00000000', '');
    for (const text of [code.theirs!, scanLink(TEST_APP_URL, 'item', code.theirs!.slice(3)), 'SECRET-9']) {
      const response = await resolve(text);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toMatch(/secret widget/i);
      expect(response.json().error.message.replace(text, '')).toBe(garbage);
    }
    // And the other way round: our code means nothing to them.
    const theirView = await resolve(code.item!, outsider);
    expect(theirView.statusCode).toBe(404);
    expect(theirView.body).not.toContain('Pump');
  });

  it('does not read a code of one kind as another (an item token under the lot letter)', async () => {
    const response = await resolve(`FBL${code.item!.slice(3)}`);
    expect(response.statusCode).toBe(404);
  });

  it('refuses an empty or overlong code with 400 naming the field', async () => {
    for (const url of [
      '/api/v1/scan/resolve',
      '/api/v1/scan/resolve?code=%20',
      `/api/v1/scan/resolve?code=${'x'.repeat(301)}`,
    ]) {
      const response = await get(url, operator);
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors ?? {})).toContain('code');
    }
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/scan/resolve?code=${code.item}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('ambiguous lot numbers', () => {
  it('asks for the lot label or the part number when two items have a lot of that number', async () => {
    const other = (
      await created('/api/v1/items', {
        partNumber: 'RES-3',
        name: 'Resin B',
        unitOfMeasure: 'kg',
        lotTracked: true,
      })
    ).id;
    await created('/api/v1/stock/transactions', {
      kind: 'receive',
      idempotencyKey: randomUUID(),
      lines: [{ itemId: other, locationId: shelf, quantity: '1', lotNumber: 'heat-77' }],
    });
    const response = await resolve('Heat-77');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toMatch(/several items/);
    // The lot's own code still finds exactly it.
    expect((await resolve(code.lot!)).json()).toMatchObject({ kind: 'lot', lot: { id: resinLot } });
  });
});
