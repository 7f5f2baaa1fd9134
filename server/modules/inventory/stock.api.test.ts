// The stock ledger never loses a unit: postings are all-or-nothing, stock never goes below zero (also when two
// people take the same stock at once), a retried request posts once, and history cannot be rewritten — on PGlite
// and on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_MESSAGES } from '#common/schemas/stock.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { withTenant } from '../../db/tenant.ts';
import { users } from '../auth/auth.tables.ts';
import { stockLedger } from './stock.tables.ts';

let t: TTestApp;
let admin: string;
let operator: string;
let companyId: string;
let bin1: string;
let bin2: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'ada@ledger.example', role: 'admin', companyName: 'Ledger Works' });
  operator = await t.signIn({ email: 'otto@ledger.example', role: 'user', companyName: 'Ledger Works' });
  const [row] = await t.database.db.select().from(users).where(eq(users.email, 'ada@ledger.example'));
  companyId = row!.companyId!;
  const site = (
    await send('POST', '/api/v1/locations', admin, { kind: 'site', code: 'MAIN', name: 'Main' })
  ).json();
  bin1 = (
    await send('POST', '/api/v1/locations', admin, {
      kind: 'bin',
      parentId: site.id,
      code: 'BIN-1',
      name: 'Bin 1',
    })
  ).json().id;
  bin2 = (
    await send('POST', '/api/v1/locations', admin, {
      kind: 'bin',
      parentId: site.id,
      code: 'BIN-2',
      name: 'Bin 2',
    })
  ).json().id;
});
afterAll(async () => {
  await t?.close();
});

function send(method: 'GET' | 'POST', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie },
    ...(payload ? { payload } : {}),
  });
}

let counter = 0;
async function newItem(lotTracked = false, unitOfMeasure = 'ea'): Promise<string> {
  const response = await send('POST', '/api/v1/items', admin, {
    partNumber: `LEDGER-${++counter}`,
    name: `Ledger item ${counter}`,
    unitCost: '1.25',
    lotTracked,
    unitOfMeasure,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const post = (cookie: string, body: object) =>
  send('POST', '/api/v1/stock/transactions', cookie, { idempotencyKey: randomUUID(), ...body });
const balances = async (itemId: string) =>
  (await send('GET', `/api/v1/items/${itemId}/balances`, operator)).json();

describe('postings', () => {
  it('receives, issues and moves with exact decimals; every line keeps who, the cost and the balance after', async () => {
    // Measured in kg: a fraction of an item counted in whole units is refused (whole-units.api.test.ts).
    const item = await newItem(false, 'kg');
    const received = await post(operator, {
      kind: 'receive',
      lines: [{ itemId: item, locationId: bin1, quantity: '10.5' }],
    });
    expect(received.statusCode, received.body).toBe(201);
    expect(received.json()).toMatchObject({
      kind: 'receive',
      postedByName: expect.stringContaining('otto@ledger.example'),
      lines: [
        { quantityDelta: '10.5', unitCost: '1.25', balanceAfter: '10.5', locationCode: 'MAIN / BIN-1' },
      ],
    });
    const issued = await post(operator, {
      kind: 'issue',
      reference: 'WO-17',
      lines: [{ itemId: item, locationId: bin1, quantity: '0.1' }],
    });
    expect(issued.json().lines[0]).toMatchObject({ quantityDelta: '-0.1', balanceAfter: '10.4' });
    const moved = await post(operator, {
      kind: 'move',
      lines: [{ itemId: item, fromLocationId: bin1, toLocationId: bin2, quantity: '0.2' }],
    });
    expect(moved.json().lines.map((l: { balanceAfter: string }) => l.balanceAfter)).toEqual(['10.2', '0.2']);
    expect(await balances(item)).toMatchObject({
      total: '10.4',
      balances: [
        { locationCode: 'MAIN / BIN-1', quantity: '10.2' },
        { locationCode: 'MAIN / BIN-2', quantity: '0.2' },
      ],
    });
  });

  it('refuses to take more than there is, says how much there is, and posts nothing of a multi-line posting', async () => {
    const a = await newItem();
    const b = await newItem();
    await post(admin, {
      kind: 'receive',
      lines: [
        { itemId: a, locationId: bin1, quantity: '5' },
        { itemId: b, locationId: bin1, quantity: '1' },
      ],
    });
    const response = await post(operator, {
      kind: 'issue',
      lines: [
        { itemId: a, locationId: bin1, quantity: '3' },
        { itemId: b, locationId: bin1, quantity: '2' },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      `Not enough stock: LEDGER-${counter} at MAIN / BIN-1 has 1, and 2 is needed. Nothing was posted.`,
    );
    expect((await balances(a)).total).toBe('5');
    expect((await balances(b)).total).toBe('1');
  });

  it('posts a retried request once: the same key answers the first posting and changes nothing more', async () => {
    const item = await newItem();
    const body = {
      kind: 'receive',
      idempotencyKey: randomUUID(),
      lines: [{ itemId: item, locationId: bin1, quantity: '7' }],
    };
    const first = await send('POST', '/api/v1/stock/transactions', operator, body);
    const retry = await send('POST', '/api/v1/stock/transactions', operator, body);
    expect(retry.json().id).toBe(first.json().id);
    expect((await balances(item)).total).toBe('7');
  });

  it('lets two people take the same stock at once only if there is enough for both', async () => {
    const item = await newItem();
    await post(admin, { kind: 'receive', lines: [{ itemId: item, locationId: bin1, quantity: '10' }] });
    const take = () =>
      post(operator, { kind: 'issue', lines: [{ itemId: item, locationId: bin1, quantity: '6' }] });
    const results = await Promise.all([take(), take()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await balances(item)).total).toBe('4');
    const both = await Promise.all([
      post(operator, { kind: 'issue', lines: [{ itemId: item, locationId: bin1, quantity: '2' }] }),
      post(operator, { kind: 'issue', lines: [{ itemId: item, locationId: bin1, quantity: '2' }] }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await balances(item)).total).toBe('0');
  });

  it('needs a lot for a lot-tracked item, creates it at receipt, and issues from it', async () => {
    const item = await newItem(true);
    const noLot = await post(operator, {
      kind: 'receive',
      lines: [{ itemId: item, locationId: bin1, quantity: '3' }],
    });
    expect(noLot.statusCode).toBe(400);
    expect(noLot.json().error.fieldErrors).toEqual({
      'lines.0.lotNumber': 'This item is lot-tracked: give a lot number.',
    });
    const received = await post(operator, {
      kind: 'receive',
      lines: [
        { itemId: item, locationId: bin1, quantity: '3', lotNumber: 'L-2026-11', lotExpiresOn: '2027-06-30' },
      ],
    });
    const lotId = received.json().lines[0].lotId as string;
    expect(received.json().lines[0].lotNumber).toBe('L-2026-11');
    const issued = await post(operator, {
      kind: 'issue',
      lines: [{ itemId: item, locationId: bin1, lotId, quantity: '1' }],
    });
    expect(issued.json().lines[0]).toMatchObject({ lotNumber: 'L-2026-11', balanceAfter: '2' });
  });

  it("refuses an unknown item or location, another item's lot and a lot number for a plain item, naming the field; posts nothing", async () => {
    const plain = await newItem();
    const tracked = await newItem(true);
    const received = await post(operator, {
      kind: 'receive',
      lines: [
        { itemId: plain, locationId: bin1, quantity: '5' },
        { itemId: tracked, locationId: bin1, quantity: '5', lotNumber: 'HEAT-77' },
      ],
    });
    expect(received.statusCode).toBe(201);
    const trackedLot = received.json().lines[1].lotId as string;
    const cases: [object, string, string][] = [
      [
        { kind: 'issue', lines: [{ itemId: randomUUID(), locationId: bin1, quantity: '1' }] },
        'lines.0.itemId',
        STOCK_MESSAGES.itemNotFound,
      ],
      [
        { kind: 'issue', lines: [{ itemId: plain, locationId: randomUUID(), quantity: '1' }] },
        'lines.0.locationId',
        STOCK_MESSAGES.locationNotFound,
      ],
      [
        { kind: 'issue', lines: [{ itemId: plain, locationId: bin1, lotId: trackedLot, quantity: '1' }] },
        'lines.0.lotId',
        STOCK_MESSAGES.lotNotFound,
      ],
      [
        {
          kind: 'receive',
          lines: [{ itemId: plain, locationId: bin1, quantity: '1', lotNumber: 'HEAT-78' }],
        },
        'lines.0.lotNumber',
        STOCK_MESSAGES.lotNotTaken,
      ],
      [
        // The good first line is not posted either.
        {
          kind: 'receive',
          lines: [
            { itemId: plain, locationId: bin1, quantity: '1' },
            { itemId: plain, locationId: randomUUID(), quantity: '1' },
          ],
        },
        'lines.1.locationId',
        STOCK_MESSAGES.locationNotFound,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(operator, body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.fieldErrors, field).toEqual({ [field]: message });
    }
    expect((await balances(plain)).total).toBe('5');
    expect((await balances(tracked)).total).toBe('5');
    const ledger = await t.database.db.select().from(stockLedger).where(eq(stockLedger.itemId, plain));
    expect(ledger).toHaveLength(1);
  });

  it('lets only admins adjust, with a reason', async () => {
    const item = await newItem();
    const line = { itemId: item, locationId: bin1, quantityDelta: '4' };
    expect(
      (await post(operator, { kind: 'adjust', reason: 'Found in returns', lines: [line] })).statusCode,
    ).toBe(403);
    const noReason = await post(admin, { kind: 'adjust', lines: [line] });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().error.fieldErrors)).toContain('reason');
    const adjusted = await post(admin, { kind: 'adjust', reason: 'Found in returns', lines: [line] });
    expect(adjusted.json()).toMatchObject({ reason: 'Found in returns', lines: [{ balanceAfter: '4' }] });
  });

  it.each([
    [{ kind: 'receive', lines: [{ quantity: '1' }] }, 'lines.0.itemId'],
    [{ kind: 'issue', lines: [] }, 'lines'],
    [
      { kind: 'receive', lines: [{ itemId: randomUUID(), locationId: randomUUID(), quantity: '1.0000001' }] },
      'lines.0.quantity',
    ],
    [
      { kind: 'receive', lines: [{ itemId: randomUUID(), locationId: randomUUID(), quantity: 1 }] },
      'lines.0.quantity',
    ],
    [
      { kind: 'issue', lines: [{ itemId: randomUUID(), locationId: randomUUID(), quantity: '0' }] },
      'lines.0.quantity',
    ],
    [
      { kind: 'issue', lines: [{ itemId: randomUUID(), locationId: randomUUID(), quantity: '-1' }] },
      'lines.0.quantity',
    ],
    [
      { kind: 'receive', lines: [{ itemId: randomUUID(), locationId: randomUUID(), quantity: 'ten' }] },
      'lines.0.quantity',
    ],
    [{ kind: 'teleport', lines: [] }, 'kind'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const response = await post(operator, body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
  });
});

describe('reversals', () => {
  it('undoes a posting with a new one, once; the ledger keeps both', async () => {
    const item = await newItem();
    await post(admin, { kind: 'receive', lines: [{ itemId: item, locationId: bin1, quantity: '10' }] });
    const mistake = await post(operator, {
      kind: 'move',
      lines: [{ itemId: item, fromLocationId: bin1, toLocationId: bin2, quantity: '4' }],
    });
    const url = `/api/v1/stock/transactions/${mistake.json().id}/reversal`;
    expect((await send('POST', url, operator, { reason: 'Wrong bin' })).statusCode).toBe(403);
    const reversal = await send('POST', url, admin, { reason: 'Wrong bin' });
    expect(reversal.statusCode, reversal.body).toBe(201);
    expect(reversal.json()).toMatchObject({
      kind: 'reversal',
      reason: 'Wrong bin',
      lines: [
        { quantityDelta: '4', balanceAfter: '10' },
        { quantityDelta: '-4', balanceAfter: '0' },
      ],
    });
    expect((await balances(item)).balances).toEqual([
      expect.objectContaining({ locationCode: 'MAIN / BIN-1', quantity: '10' }),
    ]);
    const again = await send('POST', url, admin, { reason: 'Wrong bin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This transaction has already been reversed.');
    const ofReversal = await send(
      'POST',
      `/api/v1/stock/transactions/${reversal.json().id}/reversal`,
      admin,
      { reason: 'Undo the undo' },
    );
    expect(ofReversal.statusCode).toBe(409);
    const lines = await t.database.db.select().from(stockLedger).where(eq(stockLedger.itemId, item));
    expect(lines).toHaveLength(5);
  });

  it('is refused when the stock has moved on since, and then changes nothing', async () => {
    const item = await newItem();
    const receipt = await post(admin, {
      kind: 'receive',
      lines: [{ itemId: item, locationId: bin1, quantity: '5' }],
    });
    await post(operator, { kind: 'issue', lines: [{ itemId: item, locationId: bin1, quantity: '3' }] });
    const response = await send('POST', `/api/v1/stock/transactions/${receipt.json().id}/reversal`, admin, {
      reason: 'Typo',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('has 2, and 5 is needed');
    expect((await balances(item)).total).toBe('2');
  });
});

describe('history', () => {
  it('cannot be changed or deleted, not even by the database owner', async () => {
    const item = await newItem();
    await post(admin, { kind: 'receive', lines: [{ itemId: item, locationId: bin1, quantity: '1' }] });
    const [line] = await t.database.db.select().from(stockLedger).where(eq(stockLedger.itemId, item));
    await expect(
      t.database.db.execute(sql`update stock_ledger set quantity_delta = 100 where id = ${line!.id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from stock_ledger where id = ${line!.id}`),
    ).rejects.toThrow();
    await expect(
      withTenant(t.database.db, companyId, (tx) =>
        tx.execute(sql`delete from stock_transactions where company_id = ${companyId}`),
      ),
    ).rejects.toThrow();
    expect(await t.database.db.select().from(stockLedger).where(eq(stockLedger.id, line!.id))).toEqual([
      line,
    ]);
  });

  it('keeps a balance from going below zero even when the app check is skipped (database CHECK)', async () => {
    const item = await newItem();
    await post(admin, { kind: 'receive', lines: [{ itemId: item, locationId: bin1, quantity: '1' }] });
    await expect(
      withTenant(t.database.db, companyId, (tx) =>
        tx.execute(sql`update stock_balances set quantity = quantity - 2 where item_id = ${item}`),
      ),
    ).rejects.toThrow();
    expect((await balances(item)).total).toBe('1');
  });
});
