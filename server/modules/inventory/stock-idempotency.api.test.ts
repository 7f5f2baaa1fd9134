// An idempotency key stands for one request: the same body sent again answers the first posting, a different body
// under the same key is refused with 422 and posts nothing, also when both arrive at once — on PGlite and on
// PostgreSQL (where the two requests really overlap).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { users } from '../auth/auth.tables.ts';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from './idempotency.ts';
import { stockTransactions } from './stock.tables.ts';

let t: TTestApp;
let admin: string;
let companyId: string;
let bin1: string;
let bin2: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'ida@keys.example', role: 'admin', companyName: 'Key Works' });
  const [row] = await t.database.db.select().from(users).where(eq(users.email, 'ida@keys.example'));
  companyId = row!.companyId!;
  const site = (await send('POST', '/api/v1/locations', { kind: 'site', code: 'KEYS', name: 'Keys' })).json();
  const bin = async (code: string) =>
    (await send('POST', '/api/v1/locations', { kind: 'bin', parentId: site.id, code, name: code })).json().id;
  bin1 = await bin('K-1');
  bin2 = await bin('K-2');
});
afterAll(async () => {
  await t?.close();
});

function send(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie: admin },
    ...(payload ? { payload } : {}),
  });
}

let counter = 0;
async function newItem(lotTracked = false): Promise<string> {
  const response = await send('POST', '/api/v1/items', {
    partNumber: `KEY-${++counter}`,
    name: `Key item ${counter}`,
    unitCost: '1.25',
    lotTracked,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const post = (body: object) => send('POST', '/api/v1/stock/transactions', body);
const total = async (itemId: string) => (await send('GET', `/api/v1/items/${itemId}/balances`)).json().total;
const postingsWithKey = async (key: string) =>
  t.database.db
    .select()
    .from(stockTransactions)
    .where(and(eq(stockTransactions.companyId, companyId), eq(stockTransactions.idempotencyKey, key)));

/** A receipt of 7 of a new item into bin 1 at 2.5, under a new key. */
async function firstReceipt() {
  const itemId = await newItem();
  const body = {
    kind: 'receive',
    idempotencyKey: randomUUID(),
    reference: 'PO-1',
    lines: [{ itemId, locationId: bin1, quantity: '7', unitCost: '2.5' }],
  };
  const first = await post(body);
  expect(first.statusCode, first.body).toBe(201);
  return { itemId, body, first: first.json() };
}

describe('a retried idempotency key', () => {
  it('answers the same request with the first posting, however its numbers are spelled, and posts nothing more', async () => {
    const { itemId, body, first } = await firstReceipt();
    const retry = await post(body);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first);
    const respelled = await post({
      ...body,
      lines: [{ ...body.lines[0], quantity: '7.000', unitCost: '2.50' }],
    });
    expect(respelled.json().id).toBe(first.id);
    expect(await total(itemId)).toBe('7');
    expect(await postingsWithKey(body.idempotencyKey)).toHaveLength(1);
  });

  it.each([
    ['another quantity', { quantity: '8' }],
    ['another location', { locationId: 'bin2' }],
    ['another unit cost', { unitCost: '3' }],
  ])(
    'refuses %s under the same key with 422 IDEMPOTENCY_KEY_REUSED and posts nothing',
    async (_what, change) => {
      const { itemId, body } = await firstReceipt();
      const line = { ...body.lines[0], ...change };
      if (line.locationId === 'bin2') line.locationId = bin2;
      const reused = await post({ ...body, lines: [line] });
      expect(reused.statusCode, reused.body).toBe(422);
      expect(reused.json().error).toEqual({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: IDEMPOTENCY_KEY_REUSED_MESSAGE,
      });
      expect(await total(itemId)).toBe('7');
      expect(await postingsWithKey(body.idempotencyKey)).toHaveLength(1);
    },
  );

  it('refuses another kind, reference, item or an extra line under the same key, and posts nothing', async () => {
    const { itemId, body } = await firstReceipt();
    const other = await newItem();
    const line = body.lines[0]!;
    const variants = [
      {
        kind: 'issue',
        idempotencyKey: body.idempotencyKey,
        lines: [{ itemId, locationId: bin1, quantity: '7' }],
      },
      { ...body, reference: 'PO-2' },
      { ...body, lines: [{ ...line, itemId: other }] },
      { ...body, lines: [line, { ...line, quantity: '1' }] },
    ];
    for (const variant of variants) {
      const reused = await post(variant);
      expect(reused.statusCode, JSON.stringify(variant)).toBe(422);
      expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(await total(itemId)).toBe('7');
    expect(await total(other)).toBe('0');
    expect(await postingsWithKey(body.idempotencyKey)).toHaveLength(1);
  });

  it('compares a receipt’s lot number, in any case as lots are', async () => {
    const itemId = await newItem(true);
    const body = {
      kind: 'receive',
      idempotencyKey: randomUUID(),
      lines: [{ itemId, locationId: bin1, quantity: '2', lotNumber: 'LOT-A' }],
    };
    const first = (await post(body)).json();
    expect((await post({ ...body, lines: [{ ...body.lines[0], lotNumber: 'lot-a' }] })).json().id).toBe(
      first.id,
    );
    const otherLot = await post({ ...body, lines: [{ ...body.lines[0], lotNumber: 'LOT-B' }] });
    expect(otherLot.statusCode).toBe(422);
    const lots = (await send('GET', `/api/v1/items/${itemId}/balances`)).json().balances;
    expect(lots.map((b: { lotNumber: string }) => b.lotNumber)).toEqual(['LOT-A']);
  });

  it('compares an adjustment’s reason and a move’s two locations', async () => {
    const itemId = await newItem();
    await post({
      kind: 'receive',
      idempotencyKey: randomUUID(),
      lines: [{ itemId, locationId: bin1, quantity: '5' }],
    });
    const adjust = {
      kind: 'adjust',
      idempotencyKey: randomUUID(),
      reason: 'Found two behind the shelf',
      lines: [{ itemId, locationId: bin1, quantityDelta: '2' }],
    };
    expect((await post(adjust)).statusCode).toBe(201);
    expect((await post({ ...adjust, reason: 'Miscounted' })).statusCode).toBe(422);
    expect((await post(adjust)).statusCode).toBe(201);

    const move = {
      kind: 'move',
      idempotencyKey: randomUUID(),
      lines: [{ itemId, fromLocationId: bin1, toLocationId: bin2, quantity: '3' }],
    };
    expect((await post(move)).statusCode).toBe(201);
    const back = { ...move, lines: [{ itemId, fromLocationId: bin2, toLocationId: bin1, quantity: '3' }] };
    expect((await post(back)).statusCode).toBe(422);
    expect((await post(move)).statusCode).toBe(201);
    const balances = (await send('GET', `/api/v1/items/${itemId}/balances`)).json().balances;
    expect(balances.map((b: { quantity: string }) => b.quantity)).toEqual(['4', '3']);
  });

  it('lets exactly one of two different requests sent at once under one key post; the other gets 422', async () => {
    for (let round = 0; round < 5; round += 1) {
      const itemId = await newItem();
      const idempotencyKey = randomUUID();
      const receive = (quantity: string) =>
        post({ kind: 'receive', idempotencyKey, lines: [{ itemId, locationId: bin1, quantity }] });
      const answers = await Promise.all([receive('3'), receive('4')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
      const winner = answers.find((a) => a.statusCode === 201)!.json();
      expect(await postingsWithKey(idempotencyKey)).toHaveLength(1);
      expect(await total(itemId)).toBe(winner.lines[0].quantityDelta);
      // The winner's own retry still answers its posting.
      expect((await receive(winner.lines[0].quantityDelta)).json().id).toBe(winner.id);
    }
  });
});

// Decision 036, "A refused request": a refusal is not remembered. It wrote nothing, so its key is still unused.
describe('a key whose first request was refused', () => {
  it('is judged afresh when sent again, and once it posts every retry answers that posting', async () => {
    const itemId = await newItem();
    const issue = {
      kind: 'issue',
      idempotencyKey: randomUUID(),
      reference: 'WO-7',
      lines: [{ itemId, locationId: bin1, quantity: '4' }],
    };
    const refused = await post(issue);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await postingsWithKey(issue.idempotencyKey)).toHaveLength(0);

    // The stock arrives; the same request under the same key now posts.
    const receipt = {
      kind: 'receive',
      idempotencyKey: randomUUID(),
      lines: [{ itemId, locationId: bin1, quantity: '5' }],
    };
    expect((await post(receipt)).statusCode).toBe(201);
    const posted = await post(issue);
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().lines[0]).toMatchObject({ quantityDelta: '-4', balanceAfter: '1' });

    const retried = await post(issue);
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual(posted.json());
    expect(await postingsWithKey(issue.idempotencyKey)).toHaveLength(1);
    expect(await total(itemId)).toBe('1');
  });

  it('lets a different request use it too: nothing was posted under it', async () => {
    const itemId = await newItem();
    const idempotencyKey = randomUUID();
    const refused = await post({
      kind: 'issue',
      idempotencyKey,
      lines: [{ itemId, locationId: bin1, quantity: '2' }],
    });
    expect(refused.statusCode).toBe(409);
    const receipt = await post({
      kind: 'receive',
      idempotencyKey,
      lines: [{ itemId, locationId: bin2, quantity: '2' }],
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    expect(await total(itemId)).toBe('2');
  });
});
