// Stock checks through the API, on PGlite and PostgreSQL: expected quantities frozen at the start, counts compared
// with the book at the moment they were entered (so movements during the count are never variances), blind counts
// that hide the book from counters in the JSON itself, found stock, all-or-nothing posting, and the ledger still
// adding up to every balance afterwards.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { users } from '../auth/auth.tables.ts';
import { countSessions } from './count.tables.ts';
import { stockLedger, stockTransactions } from './stock.tables.ts';

let t: TTestApp;
let admin: string;
let operator: string;
let outsider: string;
let companyId: string;
let site: string;
let area: string;
let bin1: string;
let bin2: string;
let elsewhere: string;

function send(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function newLocation(kind: string, code: string, parentId: string | null, cookie = admin) {
  const response = await send('POST', '/api/v1/locations', cookie, { kind, code, name: code, parentId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

let counter = 0;
/** A new item, counted in whole `ea` unless `unitOfMeasure` says it is measured (a count of 7.5 needs a measure). */
async function newItem(options: { lotTracked?: boolean; unitCost?: string; unitOfMeasure?: string } = {}) {
  const partNumber = `CNT-${String(++counter).padStart(3, '0')}`;
  const response = await send('POST', '/api/v1/items', admin, {
    partNumber,
    name: `Counted part ${counter}`,
    unitCost: options.unitCost ?? '2.5',
    lotTracked: options.lotTracked ?? false,
    unitOfMeasure: options.unitOfMeasure ?? 'ea',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as string, partNumber };
}

async function stock(kind: 'receive' | 'issue', itemId: string, locationId: string, quantity: string) {
  const response = await send('POST', '/api/v1/stock/transactions', operator, {
    kind,
    idempotencyKey: randomUUID(),
    lines: [{ itemId, locationId, quantity }],
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function balance(itemId: string, locationId: string): Promise<string> {
  const response = await send('GET', `/api/v1/items/${itemId}/balances`, operator);
  const row = (response.json().balances as { locationId: string; quantity: string }[]).find(
    (b) => b.locationId === locationId,
  );
  return row?.quantity ?? '0';
}

async function start(body: object, cookie = admin) {
  const response = await send('POST', '/api/v1/stock-checks', cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

interface TLine {
  id: string;
  itemId: string;
  locationId: string;
  partNumber: string;
  countedQuantity: string | null;
  expectedQuantity?: string;
  bookAtCount?: string | null;
  variance?: string | null;
}

async function lines(sessionId: string, cookie = admin, query = ''): Promise<TLine[]> {
  const response = await send('GET', `/api/v1/stock-checks/${sessionId}/lines?pageSize=200${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

const lineOf = async (sessionId: string, itemId: string) =>
  (await lines(sessionId)).find((l) => l.itemId === itemId)!;

const count = (sessionId: string, lineId: string, countedQuantity: unknown, cookie = operator) =>
  send('PUT', `/api/v1/stock-checks/${sessionId}/lines/${lineId}`, cookie, { countedQuantity });

const postCount = (sessionId: string, cookie = admin) =>
  send('POST', `/api/v1/stock-checks/${sessionId}/post`, cookie);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'ada@counts.example', role: 'admin', companyName: 'Count Works' });
  operator = await t.signIn({ email: 'otto@counts.example', role: 'user', companyName: 'Count Works' });
  outsider = await t.signIn({ email: 'eve@other.example', role: 'admin', companyName: 'Other Count Co' });
  const [row] = await t.database.db.select().from(users).where(eq(users.email, 'ada@counts.example'));
  companyId = row!.companyId!;
  site = await newLocation('site', 'MAIN', null);
  area = await newLocation('area', 'A', site);
  bin1 = await newLocation('bin', 'A1', area);
  bin2 = await newLocation('bin', 'A2', area);
  elsewhere = await newLocation('bin', 'DOCK', site);
});
afterAll(async () => {
  await t?.close();
});

describe('starting a count', () => {
  it('freezes one line per non-zero balance under the location; a receipt after the start does not change it', async () => {
    const item = await newItem();
    await stock('receive', item.id, bin1, '10');
    await stock('receive', item.id, elsewhere, '4');
    const session = await start({ scope: 'location', locationId: area, title: 'Area A', blind: false });
    expect(session).toMatchObject({
      status: 'counting',
      title: 'Area A',
      locationCode: 'MAIN / A',
      blind: false,
    });
    expect((await lines(session.id)).filter((l) => l.itemId === item.id)).toEqual([
      expect.objectContaining({ locationId: bin1, expectedQuantity: '10', countedQuantity: null }),
    ]);
    await stock('receive', item.id, bin1, '5');
    expect((await lineOf(session.id, item.id)).expectedQuantity).toBe('10');
    await send('POST', `/api/v1/stock-checks/${session.id}/cancel`, admin);
  });

  it('numbers counts per company, one after the other, also when two start at once', async () => {
    const [a, b] = await Promise.all([
      start({ scope: 'location', locationId: bin2 }),
      start({ scope: 'location', locationId: bin2 }),
    ]);
    expect(Math.abs(a.number - b.number)).toBe(1);
    expect(a.blind && b.blind).toBe(true);
    const own = await start(
      { scope: 'location', locationId: await newLocation('site', 'OWN', null, outsider) },
      outsider,
    );
    expect(own.number).toBe(1);
    for (const s of [a, b]) await send('POST', `/api/v1/stock-checks/${s.id}/cancel`, admin);
  });

  it('counts a set of items wherever they are, and refuses an item with no stock anywhere', async () => {
    const stocked = await newItem();
    const empty = await newItem();
    await stock('receive', stocked.id, bin1, '3');
    await stock('receive', stocked.id, elsewhere, '1');
    const session = await start({ scope: 'items', itemIds: [stocked.id] });
    expect(session).toMatchObject({ scope: 'items', locationCode: null, lines: 2, counted: 0 });
    const refused = await send('POST', '/api/v1/stock-checks', admin, {
      scope: 'items',
      itemIds: [stocked.id, empty.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fieldErrors.itemIds).toContain(empty.partNumber);
    await send('POST', `/api/v1/stock-checks/${session.id}/cancel`, admin);
  });
});

describe('counting and posting', () => {
  it('does not count a movement between the start and the count as a variance', async () => {
    const item = await newItem();
    await stock('receive', item.id, bin1, '10');
    const session = await start({ scope: 'location', locationId: bin1 });
    await stock('issue', item.id, bin1, '4');
    const line = await lineOf(session.id, item.id);
    const counted = await count(session.id, line.id, '6');
    expect(counted.statusCode, counted.body).toBe(200);
    expect(await lineOf(session.id, item.id)).toMatchObject({
      expectedQuantity: '10',
      bookAtCount: '6',
      countedQuantity: '6',
      variance: '0',
    });
    const posted = await postCount(session.id);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({
      changedLines: 0,
      transactionId: null,
      session: { status: 'posted' },
    });
    expect(await balance(item.id, bin1)).toBe('6');
  });

  it('applies the variance to the balance as it is at posting, so what moved after the count is kept', async () => {
    const item = await newItem({ unitOfMeasure: 'kg' });
    await stock('receive', item.id, bin1, '10');
    const session = await start({ scope: 'location', locationId: bin1 });
    const line = await lineOf(session.id, item.id);
    await count(session.id, line.id, '7.5');
    expect(await lineOf(session.id, item.id)).toMatchObject({ bookAtCount: '10', variance: '-2.5' });
    await stock('issue', item.id, bin1, '3');
    const posted = await postCount(session.id);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().changedLines).toBeGreaterThanOrEqual(1);
    // Counted 7.5, then 3 went out after the count: 4.5 is what is really there.
    expect(await balance(item.id, bin1)).toBe('4.5');
    const transaction = await send('GET', `/api/v1/stock/transactions/${posted.json().transactionId}`, admin);
    expect(transaction.json()).toMatchObject({ kind: 'count', reference: `Count ${session.number}` });
    expect(transaction.json().lines).toContainEqual(
      expect.objectContaining({ itemId: item.id, quantityDelta: '-2.5', balanceAfter: '4.5' }),
    );
  });

  it('keeps expected quantities and variances out of the JSON for counters while a blind count runs', async () => {
    const item = await newItem();
    await stock('receive', item.id, bin2, '9');
    const session = await start({ scope: 'location', locationId: bin2, blind: true });
    const response = await send('GET', `/api/v1/stock-checks/${session.id}/lines`, operator);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/expectedQuantity|bookAtCount|variance/);
    const line = (response.json().items as TLine[]).find((l) => l.itemId === item.id)!;
    const counted = await count(session.id, line.id, '8');
    expect(counted.body).not.toMatch(/expectedQuantity|bookAtCount|variance/);
    expect((await send('GET', `/api/v1/stock-checks/${session.id}`, operator)).json()).toMatchObject({
      expectedVisible: false,
      counted: 1,
      variances: null,
      varianceValue: null,
    });
    const variancesAsked = await send(
      'GET',
      `/api/v1/stock-checks/${session.id}/lines?filter=variance`,
      operator,
    );
    expect(variancesAsked.statusCode).toBe(403);
    expect(await lineOf(session.id, item.id)).toMatchObject({ expectedQuantity: '9', variance: '-1' });
    expect((await send('GET', `/api/v1/stock-checks/${session.id}`, admin)).json()).toMatchObject({
      variances: 1,
      varianceValue: '-2.5',
    });
    await postCount(session.id);
    expect((await lines(session.id, operator)).find((l) => l.itemId === item.id)).toMatchObject({
      expectedQuantity: '9',
      variance: '-1',
    });
  });

  it('filters lines: uncounted, counted, with a variance, and by search', async () => {
    const same = await newItem();
    const differs = await newItem({ unitOfMeasure: 'kg' });
    const notYet = await newItem();
    for (const item of [same, differs, notYet]) await stock('receive', item.id, bin1, '5');
    const session = await start({ scope: 'items', itemIds: [same.id, differs.id, notYet.id] });
    await count(session.id, (await lineOf(session.id, same.id)).id, '5');
    await count(session.id, (await lineOf(session.id, differs.id)).id, '5.25');
    const ids = async (query: string) => (await lines(session.id, admin, query)).map((l) => l.itemId);
    expect(await ids('&filter=variance')).toEqual([differs.id]);
    expect(await ids('&filter=uncounted')).toEqual([notYet.id]);
    expect((await ids('&filter=counted')).sort()).toEqual([same.id, differs.id].sort());
    expect(await ids(`&q=${notYet.partNumber.toLowerCase()}`)).toEqual([notYet.id]);
    const session2 = (await send('GET', `/api/v1/stock-checks/${session.id}`, admin)).json();
    expect(session2).toMatchObject({ lines: 3, counted: 2, variances: 1, varianceValue: '0.625' });
    await send('POST', `/api/v1/stock-checks/${session.id}/cancel`, admin);
  });

  it('adds stock found during the count, inside the scope only, once per item, location and lot', async () => {
    const item = await newItem();
    const lotted = await newItem({ lotTracked: true, unitOfMeasure: 'kg' });
    await stock('receive', item.id, bin1, '2');
    const session = await start({ scope: 'location', locationId: area });
    const url = `/api/v1/stock-checks/${session.id}/lines`;
    const found = await send('POST', url, operator, {
      itemId: item.id,
      locationId: bin2,
      countedQuantity: '3',
    });
    expect(found.statusCode, found.body).toBe(201);
    expect(found.json()).toMatchObject({ added: true, countedQuantity: '3', locationCode: 'MAIN / A / A2' });
    expect(found.body).not.toContain('expectedQuantity');
    const again = await send('POST', url, operator, {
      itemId: item.id,
      locationId: bin2,
      countedQuantity: '4',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().existingLineId).toBe(found.json().id);
    expect(again.json().error.message).toContain(item.partNumber);
    const outside = await send('POST', url, operator, {
      itemId: item.id,
      locationId: elsewhere,
      countedQuantity: '1',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fieldErrors.locationId).toContain('MAIN / A');
    const noLot = await send('POST', url, operator, {
      itemId: lotted.id,
      locationId: bin1,
      countedQuantity: '1',
    });
    expect(noLot.json().error.fieldErrors).toHaveProperty('lotNumber');
    const withLot = await send('POST', url, operator, {
      itemId: lotted.id,
      locationId: bin1,
      lotNumber: 'FOUND-7',
      countedQuantity: '1.5',
    });
    expect(withLot.statusCode, withLot.body).toBe(201);
    expect(withLot.json().lotNumber).toBe('FOUND-7');
    const posted = await postCount(session.id);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await balance(item.id, bin2)).toBe('3');
    const lotBalances = (await send('GET', `/api/v1/items/${lotted.id}/balances`, admin)).json();
    expect(lotBalances.balances).toEqual([
      expect.objectContaining({ lotNumber: 'FOUND-7', quantity: '1.5' }),
    ]);
    expect(posted.json().uncountedLines).toBeGreaterThanOrEqual(1);
  });

  it('refuses an item outside an items count', async () => {
    const inScope = await newItem();
    const other = await newItem();
    await stock('receive', inScope.id, bin1, '1');
    const session = await start({ scope: 'items', itemIds: [inScope.id] });
    const response = await send('POST', `/api/v1/stock-checks/${session.id}/lines`, operator, {
      itemId: other.id,
      locationId: bin1,
      countedQuantity: '1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors).toHaveProperty('itemId');
    await send('POST', `/api/v1/stock-checks/${session.id}/cancel`, admin);
  });

  it('posts once: a second post, a count after posting and a cancel after posting are refused', async () => {
    const item = await newItem();
    await stock('receive', item.id, bin1, '4');
    const session = await start({ scope: 'items', itemIds: [item.id] });
    const line = await lineOf(session.id, item.id);
    await count(session.id, line.id, '5');
    expect((await postCount(session.id)).statusCode).toBe(200);
    const twice = await postCount(session.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This count has already been posted.');
    expect((await count(session.id, line.id, '6')).statusCode).toBe(409);
    expect((await send('POST', `/api/v1/stock-checks/${session.id}/cancel`, admin)).statusCode).toBe(409);
    expect(await balance(item.id, bin1)).toBe('5');
    const countTransactions = await t.database.db
      .select()
      .from(stockTransactions)
      .where(eq(stockTransactions.idempotencyKey, `count-session:${session.id}`));
    expect(countTransactions).toHaveLength(1);
  });

  it('refuses the whole post when stock moved away so a negative variance no longer fits, and changes nothing', async () => {
    const short = await newItem();
    const over = await newItem();
    await stock('receive', short.id, bin2, '10');
    await stock('receive', over.id, bin2, '1');
    const session = await start({ scope: 'items', itemIds: [short.id, over.id] });
    await count(session.id, (await lineOf(session.id, short.id)).id, '4');
    await count(session.id, (await lineOf(session.id, over.id)).id, '3');
    await stock('issue', short.id, bin2, '5');
    const response = await postCount(session.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      `Stock has moved since ${short.partNumber} at MAIN / A / A2 was counted: it now has 5, and the count would take 6 away. Recount that line, then post again. Nothing was posted.`,
    );
    expect(await balance(short.id, bin2)).toBe('5');
    expect(await balance(over.id, bin2)).toBe('1');
    expect((await send('GET', `/api/v1/stock-checks/${session.id}`, admin)).json().status).toBe('counting');
    // Recounting the line and posting again works.
    await count(session.id, (await lineOf(session.id, short.id)).id, '4');
    expect((await postCount(session.id)).statusCode).toBe(200);
    expect(await balance(short.id, bin2)).toBe('4');
    expect(await balance(over.id, bin2)).toBe('3');
  });
});

describe('limits and races', () => {
  it('posts once when two admins post the same count at the same moment', async () => {
    const item = await newItem();
    await stock('receive', item.id, bin1, '6');
    const session = await start({ scope: 'items', itemIds: [item.id] });
    await count(session.id, (await lineOf(session.id, item.id)).id, '8');
    const results = await Promise.all([postCount(session.id), postCount(session.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balance(item.id, bin1)).toBe('8');
  });

  it('refuses a count of more than 5,000 lines and says what to do', async () => {
    const big = await t.signIn({ email: 'bo@bigcount.example', role: 'admin', companyName: 'Big Count Co' });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'bo@bigcount.example'));
    const bigSite = await newLocation('site', 'HUGE', null, big);
    const item = await send('POST', '/api/v1/items', big, {
      partNumber: 'MANY',
      name: 'Many lots',
      lotTracked: true,
    });
    // 5,001 lots of one unit each, written straight to the tables (as the owner) to keep the test quick.
    await t.database.db.execute(sql`
      with new_lots as (
        insert into lots (id, company_id, item_id, lot_number)
        select gen_random_uuid(), ${row!.companyId}, ${item.json().id}, 'L' || g from generate_series(1, 5001) g
        returning id
      )
      insert into stock_balances (id, company_id, item_id, location_id, lot_id, quantity)
      select gen_random_uuid(), ${row!.companyId}, ${item.json().id}, ${bigSite}, id, 1 from new_lots`);
    const response = await send('POST', '/api/v1/stock-checks', big, {
      scope: 'location',
      locationId: bigSite,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors.locationId).toBe(
      'This count would have more than 5,000 lines, the most one count holds. Count a smaller location (an area or a shelf) or fewer items.',
    );
    const sessions = await send('GET', '/api/v1/stock-checks', big);
    expect(sessions.json().total).toBe(0);
  });
});

describe('refusals', () => {
  it.each([
    ['-1', 'countedQuantity'],
    ['abc', 'countedQuantity'],
    [5, 'countedQuantity'],
    ['1.0000001', 'countedQuantity'],
  ])('refuses a count of %j naming %s, and records nothing', async (value, field) => {
    const item = await newItem();
    await stock('receive', item.id, bin1, '2');
    const session = await start({ scope: 'items', itemIds: [item.id] });
    const line = await lineOf(session.id, item.id);
    const response = await count(session.id, line.id, value);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
    expect((await lineOf(session.id, item.id)).countedQuantity).toBeNull();
    await send('POST', `/api/v1/stock-checks/${session.id}/cancel`, admin);
  });

  it("answers 404 for an unknown line and for another company's count, and 400 for its ids in a body", async () => {
    const item = await newItem();
    await stock('receive', item.id, bin1, '2');
    const mine = await start({ scope: 'items', itemIds: [item.id] });
    const line = await lineOf(mine.id, item.id);
    expect((await count(mine.id, randomUUID(), '1')).statusCode).toBe(404);
    const theirSite = await newLocation('site', 'THEIRS', null, outsider);
    const theirs = await start({ scope: 'location', locationId: theirSite }, outsider);
    expect((await send('GET', `/api/v1/stock-checks/${theirs.id}`, admin)).statusCode).toBe(404);
    expect((await count(theirs.id, line.id, '1', admin)).statusCode).toBe(404);
    expect((await count(mine.id, line.id, '1', outsider)).statusCode).toBe(404);
    expect((await postCount(mine.id, outsider)).statusCode).toBe(404);
    const withTheirLocation = await send('POST', '/api/v1/stock-checks', admin, {
      scope: 'location',
      locationId: theirSite,
    });
    expect(withTheirLocation.statusCode).toBe(400);
    expect(withTheirLocation.json().error.fieldErrors).toHaveProperty('locationId');
    const foundTheirs = await send('POST', `/api/v1/stock-checks/${theirs.id}/lines`, admin, {
      itemId: item.id,
      locationId: bin1,
      countedQuantity: '1',
    });
    expect(foundTheirs.statusCode).toBe(404);
    expect((await lineOf(mine.id, item.id)).countedQuantity).toBeNull();
    const bad = await send('POST', '/api/v1/stock-checks', admin, { scope: 'items', itemIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toHaveProperty('itemIds');
    await send('POST', `/api/v1/stock-checks/${mine.id}/cancel`, admin);
  });

  it('lets counters count and add found stock, and only admins start, post and cancel', async () => {
    const item = await newItem();
    await stock('receive', item.id, bin1, '2');
    expect(
      (await send('POST', '/api/v1/stock-checks', operator, { scope: 'items', itemIds: [item.id] }))
        .statusCode,
    ).toBe(403);
    const session = await start({ scope: 'items', itemIds: [item.id] });
    expect((await send('GET', '/api/v1/stock-checks?status=counting', operator)).statusCode).toBe(200);
    const line = await lineOf(session.id, item.id);
    expect((await count(session.id, line.id, '2', operator)).statusCode).toBe(200);
    expect((await postCount(session.id, operator)).statusCode).toBe(403);
    expect((await send('POST', `/api/v1/stock-checks/${session.id}/cancel`, operator)).statusCode).toBe(403);
    const cancelled = await send('POST', `/api/v1/stock-checks/${session.id}/cancel`, admin);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await postCount(session.id)).statusCode).toBe(409);
    const [row] = await t.database.db.select().from(countSessions).where(eq(countSessions.id, session.id));
    expect(row!.transactionId).toBeNull();
  });

  it('lists counts newest first by status, with progress', async () => {
    const response = await send('GET', '/api/v1/stock-checks?status=posted&pageSize=100', operator);
    const page = response.json() as {
      items: { number: number; status: string; lines: number }[];
      total: number;
    };
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((s) => s.status === 'posted')).toBe(true);
    const numbers = page.items.map((s) => s.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });
});

describe('the ledger after counting', () => {
  it('still adds up: every balance of the company equals the sum of its ledger rows', async () => {
    const mismatches = (await t.database.db.execute(sql`
      select b.item_id, b.location_id, b.lot_id, b.quantity, coalesce(l.total, 0) as ledger
      from stock_balances b
      left join (
        select item_id, location_id, lot_id, sum(quantity_delta) as total
        from stock_ledger where company_id = ${companyId}
        group by item_id, location_id, lot_id
      ) l on l.item_id = b.item_id and l.location_id = b.location_id
        and l.lot_id is not distinct from b.lot_id
      where b.company_id = ${companyId} and b.quantity <> coalesce(l.total, 0)`)) as unknown as {
      rows: unknown[];
    };
    expect(mismatches.rows).toEqual([]);
    const countLines = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockLedger)
      .innerJoin(stockTransactions, eq(stockTransactions.id, stockLedger.transactionId))
      .where(eq(stockTransactions.kind, 'count'));
    expect(Number(countLines[0]!.n)).toBeGreaterThan(0);
  });
});
