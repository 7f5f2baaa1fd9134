// The stock list answers what a storekeeper asks: what do we have, where, what is it worth, what is running low —
// searched by part number, name, lot or location, narrowed to a location's subtree, sorted and paged on the server;
// the same rows as CSV; an item found by its part number in any case; an item's history newest first.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_COUNT_LIMIT, STOCK_SEARCH_COUNT_LIMIT } from '#common/schemas/stock-list.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { createItems } from '../../db/seed/factories.ts';
import { users } from '../auth/auth.tables.ts';

let t: TTestApp;
let admin: string;
let operator: string;
let outsider: string;
const loc: Record<string, string> = {};
const item: Record<string, string> = {};

function send(method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie },
    ...(payload ? { payload } : {}),
  });
}

async function created(method: 'POST' | 'PATCH', url: string, payload: object, cookie = admin) {
  const response = await send(method, url, cookie, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

const post = (body: object, cookie = operator) =>
  created('POST', '/api/v1/stock/transactions', { idempotencyKey: randomUUID(), ...body }, cookie);

async function addLocation(key: string, kind: string, code: string, parent?: string) {
  loc[key] = (
    await created('POST', '/api/v1/locations', {
      kind,
      code,
      name: code,
      ...(parent ? { parentId: loc[parent] } : {}),
    })
  ).id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'ada@stocklist.example', role: 'admin', companyName: 'Stock List Works' });
  operator = await t.signIn({
    email: 'otto@stocklist.example',
    role: 'user',
    companyName: 'Stock List Works',
  });
  outsider = await t.signIn({ email: 'eve@elsewhere.example', role: 'admin', companyName: 'Elsewhere Ltd' });
  await addLocation('plant', 'site', 'PLANT');
  await addLocation('area', 'area', 'A', 'plant');
  await addLocation('shelf', 'shelf', 'S1', 'area');
  await addLocation('other', 'site', 'OTHER');
  const items: [string, object][] = [
    [
      'bolt',
      {
        partNumber: 'P-100',
        name: 'Hex bolt',
        category: 'Hardware',
        unitCost: '0.5',
        reorderPoint: '10',
        lotTracked: true,
      },
    ],
    [
      'washer',
      { partNumber: 'P-200', name: 'Washer', category: 'Hardware', unitCost: '0.1', lotTracked: false },
    ],
    [
      'gasket',
      {
        partNumber: 'P-300',
        name: 'Gasket kit',
        category: 'Seals',
        unitCost: '2.25',
        reorderPoint: '5',
        lotTracked: false,
      },
    ],
    ['old', { partNumber: 'P-400', name: 'Old part', category: 'Seals', lotTracked: false }],
    [
      'formula',
      { partNumber: 'Q_1', name: '=HYPERLINK("x")', category: 'Odd', unitCost: '0.3333', lotTracked: false },
    ],
  ];
  for (const [key, body] of items) item[key] = (await created('POST', '/api/v1/items', body)).id;
  await created('PATCH', `/api/v1/items/${item.old}`, { active: false });
  await post({
    kind: 'receive',
    lines: [
      { itemId: item.bolt, locationId: loc.shelf, quantity: '6', lotNumber: 'L-7' },
      { itemId: item.bolt, locationId: loc.other, quantity: '2', lotNumber: 'L-8' },
      { itemId: item.washer, locationId: loc.area, quantity: '100' },
      { itemId: item.formula, locationId: loc.other, quantity: '3' },
    ],
  });
});
afterAll(async () => {
  await t?.close();
});

const list = async (query = '', cookie = operator) => {
  const response = await send('GET', `/api/v1/stock${query ? `?${query}` : ''}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: Record<string, unknown>[];
    total: number;
    page: number;
    pageSize: number;
  };
};
const parts = async (query = '') => (await list(query)).items.map((r) => r.partNumber);

describe('the stock list', () => {
  it('shows one row per active item with its stock, exact value, locations and low-stock flag, by part number', async () => {
    const page = await list();
    expect(page.total).toBe(4);
    expect(page.items.map((r) => r.partNumber)).toEqual(['P-100', 'P-200', 'P-300', 'Q_1']);
    expect(page.items[0]).toMatchObject({
      id: item.bolt,
      name: 'Hex bolt',
      category: 'Hardware',
      unitOfMeasure: 'ea',
      reorderPoint: '10',
      unitCost: '0.5',
      onHand: '8',
      value: '4',
      locationCount: 2,
      lotTracked: true,
      lowStock: true,
    });
    expect(page.items[1]).toMatchObject({ onHand: '100', value: '10', locationCount: 1, lowStock: false });
    expect(page.items[2]).toMatchObject({ onHand: '0', value: '0', locationCount: 0, lowStock: true });
    expect(page.items[3]).toMatchObject({
      onHand: '3',
      value: '0.9999',
      reorderPoint: null,
      lowStock: false,
    });
  });

  it('searches part numbers, names, lot numbers and the codes of locations holding the item, wildcards taken literally', async () => {
    expect(await parts('q=p-2')).toEqual(['P-200']);
    expect(await parts('q=GASKET')).toEqual(['P-300']);
    expect(await parts('q=l-8')).toEqual(['P-100']);
    expect(await parts('q=other')).toEqual(['P-100', 'Q_1']);
    expect(await parts('q=PLANT%20%2F%20A')).toEqual(['P-100', 'P-200']);
    expect(await parts('q=_')).toEqual(['Q_1']);
    expect(await parts('q=%25')).toEqual([]);
  });

  it('offers the categories in use for the filter, and another company none of them', async () => {
    const response = await send('GET', '/api/v1/stock/categories', operator);
    expect(response.json()).toEqual({ categories: ['Hardware', 'Odd', 'Seals'] });
    expect((await send('GET', '/api/v1/stock/categories', outsider)).json()).toEqual({ categories: [] });
  });

  it('filters by category and by status', async () => {
    expect(await parts('category=Hardware')).toEqual(['P-100', 'P-200']);
    expect(await parts('status=inactive')).toEqual(['P-400']);
    expect(await parts('status=all&category=Seals')).toEqual(['P-300', 'P-400']);
  });

  it("narrows to a location's subtree and shows that subtree's stock only", async () => {
    const area = await list(`locationId=${loc.area}`);
    expect(area.items.map((r) => [r.partNumber, r.onHand, r.locationCount])).toEqual([
      ['P-100', '6', 1],
      ['P-200', '100', 1],
    ]);
    expect(area.total).toBe(2);
    expect((await list(`locationId=${loc.shelf}`)).items.map((r) => [r.partNumber, r.onHand])).toEqual([
      ['P-100', '6'],
    ]);
    const other = await list(`locationId=${loc.other}`);
    expect(other.items.map((r) => [r.partNumber, r.onHand, r.value])).toEqual([
      ['P-100', '2', '1'],
      ['Q_1', '3', '0.9999'],
    ]);
  });

  it('counts under a location only the items of the status asked for, an item retired with stock included', async () => {
    const spare = (
      await created('POST', '/api/v1/items', { partNumber: 'P-500', name: 'Spare', lotTracked: false })
    ).id;
    await post({ kind: 'receive', lines: [{ itemId: spare, locationId: loc.shelf, quantity: '1' }] });
    await created('PATCH', `/api/v1/items/${spare}`, { active: false });
    try {
      expect(await list(`locationId=${loc.area}`)).toMatchObject({ total: 2 });
      const all = await list(`locationId=${loc.area}&status=all`);
      expect([all.total, all.items.map((r) => r.partNumber)]).toEqual([3, ['P-100', 'P-200', 'P-500']]);
      const retired = await list(`locationId=${loc.area}&status=inactive`);
      expect([retired.total, retired.items.map((r) => r.partNumber)]).toEqual([1, ['P-500']]);
    } finally {
      // Out of the other tests' way: reactivated, its unit issued, retired again (no stock, not in any list).
      await created('PATCH', `/api/v1/items/${spare}`, { active: true });
      await post({ kind: 'issue', lines: [{ itemId: spare, locationId: loc.shelf, quantity: '1' }] });
      await created('PATCH', `/api/v1/items/${spare}`, { active: false });
    }
  });

  it('shows only items at or below their reorder point when asked, also those with none left', async () => {
    expect(await parts('lowStock=true')).toEqual(['P-100', 'P-300']);
    expect(await parts('lowStock=false')).toHaveLength(4);
    // Under the area, the bolt's 6 there is judged against its reorder point of 10.
    expect(await parts(`lowStock=true&locationId=${loc.area}`)).toEqual(['P-100']);
  });

  it('sorts by each column both ways', async () => {
    expect(await parts('sort=onHand&dir=desc')).toEqual(['P-200', 'P-100', 'Q_1', 'P-300']);
    expect(await parts('sort=value&dir=asc')).toEqual(['P-300', 'Q_1', 'P-100', 'P-200']);
    expect(await parts('sort=name')).toEqual(['Q_1', 'P-300', 'P-100', 'P-200']);
    expect(await parts('sort=category&dir=desc')).toEqual(['P-300', 'Q_1', 'P-200', 'P-100']);
    expect(await parts('sort=partNumber&dir=desc')).toEqual(['Q_1', 'P-300', 'P-200', 'P-100']);
  });

  it('pages on the server with the total of every page', async () => {
    const second = await list('pageSize=3&page=2');
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.items.map((r) => r.partNumber)).toEqual(['Q_1']);
    const byStock = await list('sort=onHand&dir=desc&pageSize=2&page=2');
    expect(byStock.total).toBe(4);
    expect(byStock.items.map((r) => r.partNumber)).toEqual(['Q_1', 'P-300']);
    // Past the end: no rows, and still the total.
    expect(await list('sort=onHand&pageSize=2&page=9')).toMatchObject({ items: [], total: 4 });
    expect(await list('pageSize=2&page=9')).toMatchObject({ items: [], total: 4 });
  });

  it('refuses a bad query with 400 naming the field', async () => {
    for (const [query, field] of [
      ['sort=price', 'sort'],
      ['dir=up', 'dir'],
      ['lowStock=maybe', 'lowStock'],
      ['locationId=nope', 'locationId'],
      ['pageSize=500', 'pageSize'],
      ['status=gone', 'status'],
    ]) {
      const response = await send('GET', `/api/v1/stock?${query}`, operator);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors), query).toContain(field);
    }
    const unknown = await send('GET', `/api/v1/stock?locationId=${randomUUID()}`, operator);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fieldErrors.locationId).toBe('No such location in your company.');
  });

  it("shows another company nothing of this one's stock, and refuses its locations", async () => {
    expect(await list('', outsider)).toMatchObject({ items: [], total: 0 });
    const response = await send('GET', `/api/v1/stock?locationId=${loc.area}`, outsider);
    expect(response.statusCode).toBe(400);
  });
});

describe('the stock CSV', () => {
  it('holds exactly the filtered rows in the same order, guarded against spreadsheet formulas', async () => {
    const response = await send('GET', '/api/v1/stock/export.csv?sort=onHand&dir=desc', operator);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="stock-\d{4}-\d\d-\d\d\.csv"/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'part_number,name,category,unit_of_measure,on_hand,reserved,on_hold,available,unit_cost,value,reorder_point,low_stock,locations,lot_tracked',
      'P-200,Washer,Hardware,ea,100,0,0,100,0.1,10,,false,1,false',
      'P-100,Hex bolt,Hardware,ea,8,0,0,8,0.5,4,10,true,2,true',
      `Q_1,"'=HYPERLINK(""x"")",Odd,ea,3,0,0,3,0.3333,0.9999,,false,1,false`,
      'P-300,Gasket kit,Seals,ea,0,0,0,0,2.25,0,5,true,0,false',
    ]);
    const area = await send('GET', `/api/v1/stock/export.csv?locationId=${loc.area}&q=bolt`, operator);
    expect(
      area.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
        .slice(1),
    ).toEqual(['P-100,Hex bolt,Hardware,ea,6,0,0,8,0.5,3,10,true,1,true']);
  });
});

describe('the item lookup', () => {
  it('finds an item by its exact part number in any case, and nothing by a part of it', async () => {
    const found = await send('GET', '/api/v1/items/lookup?partNumber=p-100', operator);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: item.bolt, partNumber: 'P-100', lotTracked: true });
    expect((await send('GET', '/api/v1/items/lookup?partNumber=P-10', operator)).statusCode).toBe(404);
    expect((await send('GET', '/api/v1/items/lookup?partNumber=P-100', outsider)).statusCode).toBe(404);
    const missing = await send('GET', '/api/v1/items/lookup', operator);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fieldErrors).toHaveProperty('partNumber');
  });
});

describe("an item's ledger", () => {
  it('lists the postings newest first with who, where, which lot, the change and the balance after', async () => {
    const itemId = (
      await created('POST', '/api/v1/items', {
        partNumber: 'LED-1',
        name: 'Ledger item',
        unitCost: '2',
        lotTracked: true,
      })
    ).id;
    const receipt = await post({
      kind: 'receive',
      reference: 'PO-9',
      lines: [
        { itemId, locationId: loc.shelf, quantity: '10', lotNumber: 'LX-1' },
        { itemId, locationId: loc.other, quantity: '4', lotNumber: 'LX-2' },
      ],
    });
    const lx1 = receipt.lines[0].lotId as string;
    await post({
      kind: 'move',
      lines: [{ itemId, fromLocationId: loc.shelf, toLocationId: loc.area, lotId: lx1, quantity: '3' }],
    });
    const issue = await post({
      kind: 'issue',
      reference: 'WO-5',
      lines: [{ itemId, locationId: loc.area, lotId: lx1, quantity: '1' }],
    });
    await created(
      'POST',
      `/api/v1/stock/transactions/${issue.id}/reversal`,
      { reason: 'Issued by mistake' },
      admin,
    );

    const ledger = (await send('GET', `/api/v1/items/${itemId}/ledger`, operator)).json();
    expect(ledger.total).toBe(6);
    expect(
      ledger.items.map((e: Record<string, unknown>) => [
        e.kind,
        e.locationCode,
        e.lotNumber,
        e.quantityDelta,
        e.balanceAfter,
      ]),
    ).toEqual([
      ['reversal', 'PLANT / A', 'LX-1', '1', '3'],
      ['issue', 'PLANT / A', 'LX-1', '-1', '2'],
      ['move', 'PLANT / A', 'LX-1', '3', '3'],
      ['move', 'PLANT / A / S1', 'LX-1', '-3', '7'],
      ['receive', 'OTHER', 'LX-2', '4', '4'],
      ['receive', 'PLANT / A / S1', 'LX-1', '10', '10'],
    ]);
    expect(ledger.items[0]).toMatchObject({ isReversal: true, reversed: false, reason: 'Issued by mistake' });
    expect(ledger.items[1]).toMatchObject({
      isReversal: false,
      reversed: true,
      reference: 'WO-5',
      transactionId: issue.id,
      postedByName: expect.stringContaining('otto@stocklist.example'),
      unitCost: '2',
    });
    expect(ledger.items[5]).toMatchObject({ reversed: false, reference: 'PO-9' });
    expect(Date.parse(ledger.items[0].postedAt)).toBeGreaterThanOrEqual(Date.parse(ledger.items[5].postedAt));

    const lot2 = (
      await send('GET', `/api/v1/items/${itemId}/ledger?lotId=${receipt.lines[1].lotId}`, operator)
    ).json();
    expect(lot2.items.map((e: Record<string, unknown>) => e.lotNumber)).toEqual(['LX-2']);
    const atArea = (
      await send('GET', `/api/v1/items/${itemId}/ledger?locationId=${loc.area}&pageSize=2`, operator)
    ).json();
    expect(atArea).toMatchObject({ total: 3, pageSize: 2 });
    expect(atArea.items.map((e: Record<string, unknown>) => e.kind)).toEqual(['reversal', 'issue']);
    const next = (
      await send('GET', `/api/v1/items/${itemId}/ledger?locationId=${loc.area}&pageSize=2&page=2`, operator)
    ).json();
    expect(next.items.map((e: Record<string, unknown>) => e.kind)).toEqual(['move']);
  });

  it('answers 404 for an unknown item or one of another company, 400 for a bad filter', async () => {
    expect((await send('GET', `/api/v1/items/${item.bolt}/ledger`, outsider)).statusCode).toBe(404);
    expect((await send('GET', `/api/v1/items/${randomUUID()}/ledger`, operator)).statusCode).toBe(404);
    const bad = await send('GET', `/api/v1/items/${item.bolt}/ledger?lotId=L-7`, operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toHaveProperty('lotId');
  });
});

describe('a company with more items than the list counts', () => {
  it('says "10,000 or more" past the count limit, and counts exactly again once a search narrows it', async () => {
    const big = await t.signIn({ email: 'max@bigshop.example', role: 'admin', companyName: 'Big Shop' });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'max@bigshop.example'));
    await createItems(t.database.db, row!.companyId!, STOCK_COUNT_LIMIT + 5, 'BIG');
    const all = (await send('GET', '/api/v1/stock?pageSize=25', big)).json();
    expect(all).toMatchObject({ total: STOCK_COUNT_LIMIT, totalCapped: true });
    expect(all.items.map((i: { partNumber: string }) => i.partNumber).slice(0, 2)).toEqual([
      'BIG-0001',
      'BIG-0002',
    ]);
    const narrowed = (await send('GET', '/api/v1/stock?q=BIG-1000', big)).json();
    // BIG-1000 and BIG-10000 … BIG-10005 (the factory pads to four digits and no further): seven.
    expect(narrowed).toMatchObject({ total: 7, totalCapped: false });
  });

  it('pages a broad search exactly: the first and last pages, both directions, past the end, and capped', async () => {
    const big = await t.signIn({ email: 'max@bigshop.example', role: 'admin', companyName: 'Big Shop' });
    const parts = (body: { items: { partNumber: string }[] }) => body.items.map((i) => i.partNumber);
    // "BIG-1" is in BIG-1000 … BIG-1999 and BIG-10000 … BIG-10005: more than a thousand, so the page is found by
    // walking the items in order rather than joining every match (decision 026).
    // An item matched only by the code of the location holding it.
    const rack = (
      await created('POST', '/api/v1/locations', { kind: 'site', code: 'BIG-1-RACK', name: 'Rack' }, big)
    ).id;
    const held = (await send('GET', '/api/v1/items/lookup?partNumber=BIG-0005', big)).json().id;
    await post({ kind: 'receive', lines: [{ itemId: held, locationId: rack, quantity: '2' }] }, big);
    // A search counts to a thousand and says "or more" past it.
    const first = (await send('GET', '/api/v1/stock?q=big-1&pageSize=25', big)).json();
    expect(first).toMatchObject({ total: STOCK_SEARCH_COUNT_LIMIT, totalCapped: true });
    expect(parts(first).slice(0, 8)).toEqual([
      'BIG-0005',
      'BIG-1000',
      'BIG-10000',
      'BIG-10001',
      'BIG-10002',
      'BIG-10003',
      'BIG-10004',
      'BIG-10005',
    ]);
    // Every match can still be paged to, the last of the 1,007 on page 41.
    const last = (await send('GET', '/api/v1/stock?q=big-1&pageSize=25&page=41', big)).json();
    expect(parts(last)).toEqual([
      'BIG-1993',
      'BIG-1994',
      'BIG-1995',
      'BIG-1996',
      'BIG-1997',
      'BIG-1998',
      'BIG-1999',
    ]);
    const down = (await send('GET', '/api/v1/stock?q=big-1&pageSize=3&dir=desc', big)).json();
    expect(parts(down)).toEqual(['BIG-1999', 'BIG-1998', 'BIG-1997']);
    const beyond = (await send('GET', '/api/v1/stock?q=big-1&pageSize=25&page=42', big)).json();
    expect(beyond).toMatchObject({ items: [], total: STOCK_SEARCH_COUNT_LIMIT, totalCapped: true });
    // Just under the limit, the count is exact: "big-10" is in BIG-1000 … BIG-1099 and BIG-10000 … BIG-10005.
    const exact = (await send('GET', '/api/v1/stock?q=big-10&pageSize=25&page=5', big)).json();
    expect(exact).toMatchObject({ total: 106, totalCapped: false });
    expect(parts(exact)).toEqual(['BIG-1094', 'BIG-1095', 'BIG-1096', 'BIG-1097', 'BIG-1098', 'BIG-1099']);
    // A name search matching every item: capped, first page in order; a lot or location match walks in too.
    const everything = (await send('GET', '/api/v1/stock?q=factory&pageSize=2', big)).json();
    expect(everything).toMatchObject({ total: STOCK_SEARCH_COUNT_LIMIT, totalCapped: true });
    expect(parts(everything)).toEqual(['BIG-0001', 'BIG-0002']);
    // Inactive items are not among an active search's matches, nor counted.
    const none = (await send('GET', '/api/v1/stock?q=big-1&status=inactive', big)).json();
    expect(none).toMatchObject({ items: [], total: 0 });
  });
});
