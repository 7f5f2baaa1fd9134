// Borrowing moves stock only through the ledger and never loses a unit: lending takes it out of the source location,
// returns (whole or in parts, here or elsewhere) put it back, more never comes back than went out (also when two
// people return at once), a retried request acts once, and refusals change nothing — on PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BORROWING_MESSAGES } from '#common/schemas/borrowing.ts';
import { todayIn } from '#common/time/calendar.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { users } from '../auth/auth.tables.ts';
import { borrowings } from './borrowing.tables.ts';
import { stockLedger, stockTransactions } from './stock.tables.ts';

let t: TTestApp;
let admin: string;
let operator: string;
let anaId: string;
let inactiveId: string;
let outsiderId: string;
let bin1: string;
let bin2: string;

/** A date `days` from now (UTC): far enough from any time zone's today for the tests' purposes. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const DUE = inDays(30);

const userIdOf = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  const company = { companyName: 'Lend Works' };
  admin = await t.signIn({ email: 'ada@lend.example', role: 'admin', ...company });
  operator = await t.signIn({ email: 'otto@lend.example', role: 'user', ...company });
  await t.signIn({ email: 'ana@lend.example', role: 'user', firstName: 'Ana', lastName: 'Diaz', ...company });
  await t.signIn({
    email: 'gone@lend.example',
    role: 'user',
    firstName: 'Gus',
    lastName: 'Gone',
    ...company,
  });
  await t.signIn({ email: 'bo@other.example', role: 'user', firstName: 'Bo', companyName: 'Other Works' });
  anaId = await userIdOf('ana@lend.example');
  inactiveId = await userIdOf('gone@lend.example');
  outsiderId = await userIdOf('bo@other.example');
  await t.database.db.update(users).set({ active: false }).where(eq(users.id, inactiveId));
  const allowed = await send('PATCH', '/api/v1/company/label-config', admin, { allowBorrowing: true });
  expect(allowed.statusCode, allowed.body).toBe(200);
  const site = (
    await send('POST', '/api/v1/locations', admin, { kind: 'site', code: 'YARD', name: 'Yard' })
  ).json();
  const bin = async (code: string) =>
    (
      await send('POST', '/api/v1/locations', admin, { kind: 'bin', parentId: site.id, code, name: code })
    ).json().id as string;
  bin1 = await bin('B1');
  bin2 = await bin('B2');
});
afterAll(async () => {
  await t?.close();
});

function send(method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie },
    ...(payload ? { payload } : {}),
  });
}

let counter = 0;
/** A new item (in `unitOfMeasure`) with `quantity` received at bin 1 (lot "L1" when lot-tracked). */
async function stockedItem(
  quantity: string,
  lotTracked = false,
  unitOfMeasure = 'ea',
): Promise<{ id: string; partNumber: string }> {
  const partNumber = `TOOL-${++counter}`;
  const item = await send('POST', '/api/v1/items', admin, {
    partNumber,
    name: `Tool ${counter}`,
    lotTracked,
    unitOfMeasure,
  });
  expect(item.statusCode, item.body).toBe(201);
  const received = await send('POST', '/api/v1/stock/transactions', admin, {
    kind: 'receive',
    idempotencyKey: randomUUID(),
    lines: [
      { itemId: item.json().id, locationId: bin1, quantity, ...(lotTracked ? { lotNumber: 'L1' } : {}) },
    ],
  });
  expect(received.statusCode, received.body).toBe(201);
  return { id: item.json().id, partNumber };
}

const balances = async (itemId: string) =>
  (await send('GET', `/api/v1/items/${itemId}/balances`, operator)).json();
const lend = (body: object, cookie = operator) =>
  send('POST', '/api/v1/borrowings', cookie, {
    locationId: bin1,
    borrower: { userId: anaId },
    dueOn: DUE,
    idempotencyKey: randomUUID(),
    ...body,
  });
const giveBack = (id: string, body: object) =>
  send('POST', `/api/v1/borrowings/${id}/returns`, operator, { idempotencyKey: randomUUID(), ...body });
const list = async (query: string) => (await send('GET', `/api/v1/borrowings?${query}`, operator)).json();

/** The ledger rows of an item with their transaction kind, oldest first. */
const ledgerOf = (itemId: string) =>
  t.database.db
    .select({
      kind: stockTransactions.kind,
      delta: stockLedger.quantityDelta,
      locationId: stockLedger.locationId,
    })
    .from(stockLedger)
    .innerJoin(stockTransactions, eq(stockTransactions.id, stockLedger.transactionId))
    .where(eq(stockLedger.itemId, itemId))
    .orderBy(stockLedger.createdAt, stockLedger.lineNo);

describe('lending', () => {
  it('takes the stock out of its location with a borrow posting and says who has it until when', async () => {
    // Cable by the metre: a measure lends its fractions (an item counted in whole units is refused one).
    const item = await stockedItem('10', false, 'm');
    const response = await lend({ itemId: item.id, quantity: '2.5', note: 'For the press fix' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      partNumber: item.partNumber,
      unitOfMeasure: 'm',
      locationCode: 'YARD / B1',
      quantity: '2.5',
      returnedQuantity: '0',
      outstanding: '2.5',
      borrowerUserId: anaId,
      borrowerName: 'Ana Diaz',
      jobReference: '',
      dueOn: DUE,
      overdue: false,
      note: 'For the press fix',
      borrowedByName: expect.stringContaining('otto@lend.example'),
      closedAt: null,
      returns: [],
    });
    expect((await balances(item.id)).total).toBe('7.5');
    expect((await ledgerOf(item.id)).map((l) => [l.kind, l.delta])).toEqual([
      ['receive', '10.000000'],
      ['borrow', '-2.500000'],
    ]);
    const out = await list(`status=out&itemId=${item.id}`);
    expect(out.items).toMatchObject([
      { id: response.json().id, outstanding: '2.5', borrowerName: 'Ana Diaz' },
    ]);
  });

  it('lends to a job by its reference, and from a lot', async () => {
    const item = await stockedItem('4', true);
    const [lot] = (await balances(item.id)).balances;
    const response = await lend({
      itemId: item.id,
      lotId: lot.lotId,
      quantity: '1',
      borrower: { jobReference: 'J-17' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      borrowerUserId: null,
      borrowerName: '',
      jobReference: 'J-17',
      lotNumber: 'L1',
    });
    expect((await list('q=J-17')).items.map((b: { id: string }) => b.id)).toEqual([response.json().id]);
    expect((await balances(item.id)).total).toBe('3');
  });

  it('refuses more than is on hand with the ledger message, and lends nothing', async () => {
    const item = await stockedItem('1');
    const response = await lend({ itemId: item.id, quantity: '2' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      message: `Not enough stock: ${item.partNumber} at YARD / B1 has 1, and 2 is needed. Nothing was posted.`,
      fieldErrors: { quantity: 'Only 1 available' },
    });
    expect((await list(`status=all&itemId=${item.id}`)).total).toBe(0);
  });

  it('posts a retried request once and answers with the first borrowing', async () => {
    const item = await stockedItem('5');
    const idempotencyKey = randomUUID();
    const first = await lend({ itemId: item.id, quantity: '2', idempotencyKey });
    const again = await Promise.all([
      lend({ itemId: item.id, quantity: '2', idempotencyKey }),
      lend({ itemId: item.id, quantity: '2', idempotencyKey }),
    ]);
    expect([first, ...again].map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(again.map((r) => r.json().id)).toEqual([first.json().id, first.json().id]);
    expect((await balances(item.id)).total).toBe('3');
    expect((await list(`status=all&itemId=${item.id}`)).total).toBe(1);
  });

  it('lends only to an active person of the same company, naming the field', async () => {
    const item = await stockedItem('5');
    for (const userId of [inactiveId, outsiderId, randomUUID()]) {
      const response = await lend({ itemId: item.id, quantity: '1', borrower: { userId } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fieldErrors).toEqual({
        'borrower.userId': BORROWING_MESSAGES.borrowerNotFound,
      });
    }
    const neither = await lend({ itemId: item.id, quantity: '1', borrower: {} });
    expect(neither.statusCode).toBe(400);
    expect(Object.keys(neither.json().error.fieldErrors)).toEqual(['borrower.userId']);
    expect((await balances(item.id)).total).toBe('5');
  });

  it('refuses a due date in the past, and takes today', async () => {
    const item = await stockedItem('5');
    const past = await lend({ itemId: item.id, quantity: '1', dueOn: inDays(-2) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fieldErrors.dueOn).toMatch(/cannot be in the past/);
    // The company's day (the test factories' companies keep New York time).
    const today = todayIn('America/New_York');
    const due = await lend({ itemId: item.id, quantity: '1', dueOn: today });
    expect(due.statusCode, due.body).toBe(201);
    expect(due.json()).toMatchObject({ dueOn: today, overdue: false });
    expect((await balances(item.id)).total).toBe('4');
  });

  it('refuses bad input naming the fields, and changes nothing', async () => {
    const item = await stockedItem('5');
    const cases: [object, string][] = [
      [{ quantity: '-1' }, 'quantity'],
      [{ quantity: '0' }, 'quantity'],
      [{ quantity: 'two' }, 'quantity'],
      [{ quantity: 2 }, 'quantity'],
      [{ quantity: '1', dueOn: '01/12/2026' }, 'dueOn'],
      [{ quantity: '1', itemId: 'nope' }, 'itemId'],
      [{ quantity: '1', itemId: randomUUID() }, 'itemId'],
      [{ quantity: '1', locationId: randomUUID() }, 'locationId'],
      [{ quantity: '1', lotId: randomUUID() }, 'lotId'],
      [{ quantity: '1', borrower: { userId: anaId, jobReference: 'J-1' } }, 'borrower.jobReference'],
      [{ quantity: '1', idempotencyKey: 'x' }, 'idempotencyKey'],
    ];
    for (const [body, field] of cases) {
      const response = await lend({ itemId: item.id, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors), JSON.stringify(body)).toContain(field);
    }
    expect((await balances(item.id)).total).toBe('5');
    expect((await list(`status=all&itemId=${item.id}`)).total).toBe(0);
  });
});

describe('returning', () => {
  it('takes back part, then the rest: the stock is back and the borrowing is closed', async () => {
    const item = await stockedItem('10', false, 'm');
    const lent = (await lend({ itemId: item.id, quantity: '4' })).json();
    const part = await giveBack(lent.id, { quantity: '1.5' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ returnedQuantity: '1.5', outstanding: '2.5', closedAt: null });
    expect((await balances(item.id)).total).toBe('7.5');
    const rest = await giveBack(lent.id, { quantity: '2.5' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({
      returnedQuantity: '4',
      outstanding: '0',
      closedAt: expect.any(String),
    });
    expect(rest.json().returns.map((r: { quantity: string }) => r.quantity)).toEqual(['1.5', '2.5']);
    expect(await balances(item.id)).toMatchObject({
      total: '10',
      balances: [{ locationCode: 'YARD / B1', quantity: '10' }],
    });
    expect((await ledgerOf(item.id)).map((l) => l.kind)).toEqual(['receive', 'borrow', 'return', 'return']);
    expect((await list(`status=out&itemId=${item.id}`)).total).toBe(0);
    expect((await list(`status=returned&itemId=${item.id}`)).items).toMatchObject([
      { id: lent.id, outstanding: '0' },
    ]);
    const detail = await send('GET', `/api/v1/borrowings/${lent.id}`, admin);
    expect(detail.json().returns).toHaveLength(2);
  });

  it('puts a return into another location when told', async () => {
    const item = await stockedItem('3');
    const lent = (await lend({ itemId: item.id, quantity: '3' })).json();
    const back = await giveBack(lent.id, { quantity: '3', locationId: bin2 });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().returns).toMatchObject([{ locationCode: 'YARD / B2', quantity: '3' }]);
    expect((await balances(item.id)).balances).toMatchObject([{ locationCode: 'YARD / B2', quantity: '3' }]);
  });

  it('refuses more than is out, saying how much is, and then a closed borrowing; nothing changes', async () => {
    const item = await stockedItem('5');
    const lent = (await lend({ itemId: item.id, quantity: '2' })).json();
    const tooMuch = await giveBack(lent.id, { quantity: '2.5' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.fieldErrors.quantity).toBe('Only 2 ea is still out: return at most that.');
    expect((await balances(item.id)).total).toBe('3');
    expect((await send('GET', `/api/v1/borrowings/${lent.id}`, operator)).json()).toMatchObject({
      returnedQuantity: '0',
      returns: [],
    });
    await giveBack(lent.id, { quantity: '2' });
    const closed = await giveBack(lent.id, { quantity: '1' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(BORROWING_MESSAGES.closed);
    expect((await balances(item.id)).total).toBe('5');
  });

  it('never takes back more than was lent when several people return at once', async () => {
    const item = await stockedItem('5');
    const lent = (await lend({ itemId: item.id, quantity: '5' })).json();
    const results = await Promise.all(Array.from({ length: 5 }, () => giveBack(lent.id, { quantity: '2' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    const [row] = await t.database.db.select().from(borrowings).where(eq(borrowings.id, lent.id));
    expect(row!.returnedQuantity).toBe('4.000000');
    expect((await balances(item.id)).total).toBe('4');
    expect((await ledgerOf(item.id)).filter((l) => l.kind === 'return')).toHaveLength(2);
  });

  it('posts a retried return once', async () => {
    const item = await stockedItem('5');
    const lent = (await lend({ itemId: item.id, quantity: '3' })).json();
    const body = { quantity: '2', idempotencyKey: randomUUID() };
    const results = await Promise.all([
      giveBack(lent.id, body),
      giveBack(lent.id, body),
      giveBack(lent.id, body),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(results.map((r) => r.json().returnedQuantity)).toEqual(['2', '2', '2']);
    expect((await balances(item.id)).total).toBe('4');
  });

  it('refuses bad input and unknown borrowings, naming the fields', async () => {
    const item = await stockedItem('5');
    const lent = (await lend({ itemId: item.id, quantity: '3' })).json();
    for (const [body, field] of [
      [{ quantity: '-1' }, 'quantity'],
      [{ quantity: 'lots' }, 'quantity'],
      [{ quantity: '1', locationId: randomUUID() }, 'locationId'],
    ] as const) {
      const response = await giveBack(lent.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
    }
    expect((await giveBack(randomUUID(), { quantity: '1' })).statusCode).toBe(404);
    expect((await send('GET', `/api/v1/borrowings/${randomUUID()}`, operator)).statusCode).toBe(404);
    expect((await balances(item.id)).total).toBe('2');
  });
});

describe('what is out', () => {
  it('lists overdue borrowings: still out and due before the company’s today', async () => {
    const item = await stockedItem('5');
    const late = (await lend({ itemId: item.id, quantity: '1' })).json();
    const onTime = (await lend({ itemId: item.id, quantity: '1' })).json();
    const lateReturned = (await lend({ itemId: item.id, quantity: '1' })).json();
    await giveBack(lateReturned.id, { quantity: '1' });
    await t.database.db
      .update(borrowings)
      .set({ dueOn: inDays(-3) })
      .where(and(eq(borrowings.itemId, item.id)));
    await t.database.db.update(borrowings).set({ dueOn: DUE }).where(eq(borrowings.id, onTime.id));
    const overdue = await list(`status=overdue&itemId=${item.id}`);
    expect(overdue.items).toMatchObject([{ id: late.id, overdue: true }]);
    const out = await list(`status=out&itemId=${item.id}`);
    expect(out.items.map((b: { id: string; overdue: boolean }) => [b.id, b.overdue])).toEqual([
      [late.id, true],
      [onTime.id, false],
    ]);
    const returned = await list(`status=returned&itemId=${item.id}`);
    expect(returned.items).toMatchObject([{ id: lateReturned.id, overdue: false }]);
    const paged = await list(`status=all&itemId=${item.id}&pageSize=2&page=2`);
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);
    expect(
      (await send('GET', '/api/v1/borrowings?status=late', operator)).json().error.fieldErrors,
    ).toHaveProperty('status');
  });

  it('offers the company’s active people (names only) to lend to, to any user', async () => {
    const page = (await send('GET', '/api/v1/borrowings/borrowers?q=a', operator)).json();
    expect(page.items).toContainEqual({ id: anaId, name: 'Ana Diaz' });
    const ids = page.items.map((p: { id: string }) => p.id);
    expect(ids).not.toContain(inactiveId);
    expect(ids).not.toContain(outsiderId);
    expect(Object.keys(page.items[0]).sort()).toEqual(['id', 'name']);
  });
});

describe('switched off', () => {
  it('refuses every borrowing route with 403 while the company does not allow borrowing', async () => {
    const other = await t.signIn({ email: 'olga@nolend.example', role: 'admin', companyName: 'No Lend Co' });
    const site = (
      await send('POST', '/api/v1/locations', other, { kind: 'site', code: 'S', name: 'S' })
    ).json();
    const item = (
      await send('POST', '/api/v1/items', other, { partNumber: 'P-1', name: 'Part', lotTracked: false })
    ).json();
    const receipt = await send('POST', '/api/v1/stock/transactions', other, {
      kind: 'receive',
      idempotencyKey: randomUUID(),
      lines: [{ itemId: item.id, locationId: site.id, quantity: '3' }],
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    const refused = await send('POST', '/api/v1/borrowings', other, {
      itemId: item.id,
      locationId: site.id,
      quantity: '1',
      borrower: { jobReference: 'J-1' },
      dueOn: DUE,
      idempotencyKey: randomUUID(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(BORROWING_MESSAGES.notAllowed);
    expect(refused.json().error.message).toContain('Admin → Config');
    for (const url of [
      '/api/v1/borrowings',
      '/api/v1/borrowings/borrowers',
      `/api/v1/borrowings/${randomUUID()}`,
    ]) {
      expect((await send('GET', url, other)).statusCode, url).toBe(403);
    }
    expect((await send('GET', `/api/v1/items/${item.id}/balances`, other)).json().total).toBe('3');
  });
});
