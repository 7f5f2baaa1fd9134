// A borrowing's or a return's idempotency key stands for one request: the same request sent again answers what the
// first did, a different one under the same key is refused with 422 and changes nothing, also when both arrive at
// once — on PGlite and on PostgreSQL (decision 036).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { users } from '../auth/auth.tables.ts';
import { BORROWING_KEY_REUSED_MESSAGE } from './borrowing-idempotency.ts';

let t: TTestApp;
let admin: string;
let anaId: string;
let bin1: string;
let bin2: string;
const DUE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const LATER = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const company = { companyName: 'Keyed Lending' };
  admin = await t.signIn({ email: 'kay@keyed.example', role: 'admin', ...company });
  await t.signIn({
    email: 'ana@keyed.example',
    role: 'user',
    firstName: 'Ana',
    lastName: 'Diaz',
    ...company,
  });
  anaId = (await t.database.db.select().from(users).where(eq(users.email, 'ana@keyed.example')))[0]!.id;
  expect((await send('PATCH', '/api/v1/company/label-config', { allowBorrowing: true })).statusCode).toBe(
    200,
  );
  const site = (await send('POST', '/api/v1/locations', { kind: 'site', code: 'SHED', name: 'Shed' })).json();
  const bin = async (code: string) =>
    (await send('POST', '/api/v1/locations', { kind: 'bin', parentId: site.id, code, name: code })).json().id;
  bin1 = await bin('S1');
  bin2 = await bin('S2');
});
afterAll(async () => {
  await t?.close();
});

function send(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie: admin },
    ...(payload ? { payload } : {}),
  });
}

let counter = 0;
/** A new item with 10 in bin 1. */
async function stockedItem(): Promise<string> {
  const item = await send('POST', '/api/v1/items', {
    partNumber: `KEYED-${++counter}`,
    name: `Tool ${counter}`,
    lotTracked: false,
  });
  expect(item.statusCode, item.body).toBe(201);
  const received = await send('POST', '/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: randomUUID(),
    lines: [{ itemId: item.json().id, locationId: bin1, quantity: '10' }],
  });
  expect(received.statusCode, received.body).toBe(201);
  return item.json().id;
}

const lend = (body: object) => send('POST', '/api/v1/borrowings', body);
const giveBack = (id: string, body: object) => send('POST', `/api/v1/borrowings/${id}/returns`, body);
const total = async (itemId: string) => (await send('GET', `/api/v1/items/${itemId}/balances`)).json().total;
const borrowingsOf = async (itemId: string) =>
  (await send('GET', `/api/v1/borrowings?status=all&itemId=${itemId}`)).json().total;

const expectReused = (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toEqual({
    error: { code: 'IDEMPOTENCY_KEY_REUSED', message: BORROWING_KEY_REUSED_MESSAGE },
  });
};

describe('a borrowing’s idempotency key', () => {
  it('answers the same request with the first borrowing and refuses a different one with 422, lending nothing more', async () => {
    const itemId = await stockedItem();
    const body = {
      itemId,
      locationId: bin1,
      quantity: '2',
      borrower: { userId: anaId },
      dueOn: DUE,
      note: 'For the ladder job',
      idempotencyKey: randomUUID(),
    };
    const first = await lend(body);
    expect(first.statusCode, first.body).toBe(201);
    expect((await lend({ ...body, quantity: '2.0' })).json().id).toBe(first.json().id);
    for (const change of [
      { quantity: '3' },
      { locationId: bin2 },
      { dueOn: LATER },
      { note: 'Another job' },
      { borrower: { jobReference: 'J-17' } },
    ])
      expectReused(await lend({ ...body, ...change }));
    expect(await total(itemId)).toBe('8');
    expect(await borrowingsOf(itemId)).toBe(1);
  });

  it('lets exactly one of two different borrowings sent at once under one key through; the other gets 422', async () => {
    for (let round = 0; round < 3; round += 1) {
      const itemId = await stockedItem();
      const body = {
        itemId,
        locationId: bin1,
        borrower: { userId: anaId },
        dueOn: DUE,
        idempotencyKey: randomUUID(),
      };
      const answers = await Promise.all([lend({ ...body, quantity: '1' }), lend({ ...body, quantity: '2' })]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
      const winner = answers.find((a) => a.statusCode === 201)!.json();
      expect(await borrowingsOf(itemId)).toBe(1);
      expect(await total(itemId)).toBe(String(10 - Number(winner.quantity)));
    }
  });
});

describe('a return’s idempotency key', () => {
  it('answers the same return with the borrowing and refuses another quantity, place or borrowing with 422', async () => {
    const itemId = await stockedItem();
    const lent = async () =>
      (
        await lend({
          itemId,
          locationId: bin1,
          quantity: '4',
          borrower: { userId: anaId },
          dueOn: DUE,
          idempotencyKey: randomUUID(),
        })
      ).json().id as string;
    const borrowing = await lent();
    const other = await lent();
    const body = { quantity: '1', idempotencyKey: randomUUID() };
    const first = await giveBack(borrowing, body);
    expect(first.statusCode, first.body).toBe(201);
    // Naming the source location is the same as leaving it out.
    const again = await giveBack(borrowing, { ...body, locationId: bin1 });
    expect(again.statusCode).toBe(201);
    expect(again.json().returnedQuantity).toBe('1');
    expectReused(await giveBack(borrowing, { ...body, quantity: '2' }));
    expectReused(await giveBack(borrowing, { ...body, locationId: bin2 }));
    expectReused(await giveBack(other, body));
    const detail = (await send('GET', `/api/v1/borrowings/${borrowing}`)).json();
    expect(detail.returns).toHaveLength(1);
    expect((await send('GET', `/api/v1/borrowings/${other}`)).json().returnedQuantity).toBe('0');
    expect(await total(itemId)).toBe('3');
  });

  it('lets exactly one of two different returns sent at once under one key through; the other gets 422', async () => {
    const itemId = await stockedItem();
    for (let round = 0; round < 3; round += 1) {
      const borrowing = (
        await lend({
          itemId,
          locationId: bin1,
          quantity: '2',
          borrower: { userId: anaId },
          dueOn: DUE,
          idempotencyKey: randomUUID(),
        })
      ).json().id;
      const idempotencyKey = randomUUID();
      const answers = await Promise.all([
        giveBack(borrowing, { quantity: '1', idempotencyKey }),
        giveBack(borrowing, { quantity: '1', locationId: bin2, idempotencyKey }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
      expect((await send('GET', `/api/v1/borrowings/${borrowing}`)).json().returns).toHaveLength(1);
    }
  });
});
