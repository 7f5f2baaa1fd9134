// Lots: an item's lots with their stock, a lot with where it is, and its genealogy — what went into a finished lot,
// and every lot a component lot ended up in — over several levels, confined to the company.
import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { lotGenealogy } from './stock.tables.ts';

let t: TTestApp;
let admin: string;
let operator: string;
let outsider: string;
let companyId: string;
let shelf: string;
let bin: string;
let postingId: string;
const lot: Record<string, string> = {};
const item: Record<string, string> = {};

function send(method: 'GET' | 'POST', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie },
    ...(payload ? { payload } : {}),
  });
}

async function created(url: string, payload: object, cookie = admin) {
  const response = await send('POST', url, cookie, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Receives lots (lot number → quantity) of an item at `locationId`; returns their ids by lot number. */
async function receiveLots(itemId: string, locationId: string, quantities: Record<string, string>) {
  const receipt = await created('/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: randomUUID(),
    lines: Object.entries(quantities).map(([lotNumber, quantity]) => ({
      itemId,
      locationId,
      quantity,
      lotNumber,
      ...(lotNumber === 'CL-1' ? { lotExpiresOn: '2027-06-30' } : {}),
    })),
  });
  postingId = receipt.id;
  for (const line of receipt.lines) lot[line.lotNumber] = line.lotId;
}

/** A genealogy link as the build area will write it: `quantity` of `child` went into `parent`. */
async function link(parent: string, child: string, quantity: string) {
  await t.database.db.insert(lotGenealogy).values({
    id: uuidv7(),
    companyId,
    parentLotId: lot[parent]!,
    childLotId: lot[child]!,
    quantity,
    transactionId: postingId,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'ada@lots.example', role: 'admin', companyName: 'Lot Works' });
  operator = await t.signIn({ email: 'otto@lots.example', role: 'user', companyName: 'Lot Works' });
  outsider = await t.signIn({
    email: 'eve@elsewhere-lots.example',
    role: 'admin',
    companyName: 'Other Lots',
  });
  const site = await created('/api/v1/locations', { kind: 'site', code: 'MAIN', name: 'Main' });
  companyId = (await send('GET', '/api/v1/session', admin)).json().user.companyId;
  shelf = (
    await created('/api/v1/locations', { kind: 'shelf', parentId: site.id, code: 'SH1', name: 'Shelf' })
  ).id;
  bin = (await created('/api/v1/locations', { kind: 'bin', parentId: site.id, code: 'B1', name: 'Bin' })).id;
  for (const [key, partNumber, name] of [
    ['component', 'C-1', 'Resin'],
    ['sub', 'S-1', 'Housing'],
    ['finished', 'F-1', 'Pump'],
    ['chain', 'CH-1', 'Chain part'],
  ] as const) {
    item[key] = (
      await created('/api/v1/items', { partNumber, name, lotTracked: true, unitOfMeasure: 'kg' })
    ).id;
  }
  await receiveLots(item.component!, shelf, { 'CL-1': '10', 'CL-2': '5' });
  await receiveLots(item.component!, bin, { 'CL-1': '2.5' });
  await receiveLots(item.sub!, shelf, { 'SL-1': '1' });
  await receiveLots(item.finished!, shelf, { 'FL-1': '1' });
  // SL-1 was made of 4 of CL-1; FL-1 of SL-1 and 2 of CL-2.
  await link('SL-1', 'CL-1', '4');
  await link('FL-1', 'SL-1', '1');
  await link('FL-1', 'CL-2', '2');
});
afterAll(async () => {
  await t?.close();
});

describe("an item's lots", () => {
  it('lists the lots newest first with their stock on hand and expiry', async () => {
    const response = await send('GET', `/api/v1/items/${item.component}/lots`, operator);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(page.items.map((l: Record<string, unknown>) => [l.lotNumber, l.onHand, l.expiresOn])).toEqual([
      ['CL-2', '5', null],
      ['CL-1', '12.5', '2027-06-30'],
    ]);
    const second = (
      await send('GET', `/api/v1/items/${item.component}/lots?pageSize=1&page=2`, operator)
    ).json();
    expect(second.items.map((l: Record<string, unknown>) => l.lotNumber)).toEqual(['CL-1']);
  });

  it("answers 404 for another company's item", async () => {
    expect((await send('GET', `/api/v1/items/${item.component}/lots`, outsider)).statusCode).toBe(404);
  });
});

describe('a lot', () => {
  it('shows its number, expiry, item and stock by location with the total', async () => {
    const response = await send('GET', `/api/v1/lots/${lot['CL-1']}`, operator);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: lot['CL-1'],
      lotNumber: 'CL-1',
      expiresOn: '2027-06-30',
      item: { id: item.component, partNumber: 'C-1', name: 'Resin', unitOfMeasure: 'kg' },
      balances: [
        { locationId: bin, locationCode: 'MAIN / B1', quantity: '2.5' },
        { locationId: shelf, locationCode: 'MAIN / SH1', quantity: '10' },
      ],
      total: '12.5',
    });
  });

  it("answers 404 for an unknown lot or another company's", async () => {
    expect((await send('GET', `/api/v1/lots/${lot['CL-1']}`, outsider)).statusCode).toBe(404);
    expect((await send('GET', `/api/v1/lots/${randomUUID()}`, operator)).statusCode).toBe(404);
    expect((await send('GET', '/api/v1/lots/not-an-id', operator)).statusCode).toBe(400);
  });
});

describe('genealogy', () => {
  const walk = async (lotNumber: string, direction: string, cookie = operator) => {
    const response = await send(
      'GET',
      `/api/v1/lots/${lot[lotNumber]}/genealogy?direction=${direction}`,
      cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const byNumber = (id: string) => Object.entries(lot).find(([, v]) => v === id)?.[0];

  it('shows what went into a finished lot, level by level, each under the lot it went into', async () => {
    const tree = await walk('FL-1', 'inputs');
    expect(tree).toMatchObject({ lotId: lot['FL-1'], direction: 'inputs', truncated: false });
    expect(
      tree.nodes.map((n: Record<string, string>) => [
        n.lotNumber,
        n.partNumber,
        n.quantity,
        n.depth,
        byNumber(n.viaLotId!),
      ]),
    ).toEqual([
      ['SL-1', 'S-1', '1', 1, 'FL-1'],
      ['CL-1', 'C-1', '4', 2, 'SL-1'],
      ['CL-2', 'C-1', '2', 1, 'FL-1'],
    ]);
    expect(tree.nodes[0]).toMatchObject({ itemId: item.sub, itemName: 'Housing', lotId: lot['SL-1'] });
  });

  it('shows every lot a component lot ended up in', async () => {
    const tree = await walk('CL-1', 'uses');
    expect(
      tree.nodes.map((n: Record<string, unknown>) => [n.lotNumber, n.depth, byNumber(n.viaLotId as string)]),
    ).toEqual([
      ['SL-1', 1, 'CL-1'],
      ['FL-1', 2, 'SL-1'],
    ]);
    expect((await walk('FL-1', 'uses')).nodes).toEqual([]);
    expect((await walk('CL-2', 'inputs')).nodes).toEqual([]);
  });

  it('stops at ten levels and says so', async () => {
    const numbers = Array.from({ length: 12 }, (_, n) => `K-${String(n).padStart(2, '0')}`);
    await receiveLots(item.chain!, shelf, Object.fromEntries(numbers.map((n) => [n, '1'])));
    // K-00 was made from K-01, which was made from K-02, … eleven links deep.
    for (let n = 0; n < 11; n++) await link(numbers[n]!, numbers[n + 1]!, '1');
    const inputs = await walk('K-00', 'inputs');
    expect(inputs.truncated).toBe(true);
    expect(inputs.nodes.map((n: Record<string, unknown>) => n.lotNumber)).toEqual(numbers.slice(1, 11));
    expect(inputs.nodes.at(-1).depth).toBe(10);
    const uses = await walk('K-02', 'uses');
    expect(uses).toMatchObject({ truncated: false });
    expect(uses.nodes.map((n: Record<string, unknown>) => n.lotNumber)).toEqual(['K-01', 'K-00']);
  });

  it('refuses a missing or unknown direction naming it, and another company gets 404', async () => {
    for (const query of ['', '?direction=sideways']) {
      const response = await send('GET', `/api/v1/lots/${lot['FL-1']}/genealogy${query}`, operator);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fieldErrors).toHaveProperty('direction');
    }
    const response = await send('GET', `/api/v1/lots/${lot['FL-1']}/genealogy?direction=inputs`, outsider);
    expect(response.statusCode).toBe(404);
  });
});
