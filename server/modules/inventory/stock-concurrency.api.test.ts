// Never lose a unit, under load: many people issuing, receiving and moving the same stock at once. Runs through the
// real routes on PGlite (one connection: requests interleave between statements) and on PostgreSQL (a pool of
// connections: requests really overlap, and only the row locks keep the counts right). After every scenario each
// balance equals the sum of its ledger rows and the sum of what the successful answers said they posted.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromScaled, toScaled } from '#common/decimal.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import type { TStockTransaction } from '#common/schemas/stock.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { users } from '../auth/auth.tables.ts';

let t: TTestApp;
let admin: string;
let operators: string[];
let companyId: string;
const bins: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const companyName = 'Busy Floor Ltd';
  admin = await t.signIn({ email: 'lead@busy.example', role: 'admin', companyName });
  operators = [
    await t.signIn({ email: 'op1@busy.example', role: 'user', companyName }),
    await t.signIn({ email: 'op2@busy.example', role: 'user', companyName }),
    await t.signIn({ email: 'op3@busy.example', role: 'user', companyName }),
  ];
  const [row] = await t.database.db.select().from(users).where(eq(users.email, 'lead@busy.example'));
  companyId = row!.companyId!;
  const site = (
    await send('POST', '/api/v1/locations', admin, { kind: 'site', code: 'FLOOR', name: 'Floor' })
  ).json().id;
  for (const code of ['B1', 'B2', 'B3', 'B4']) {
    const bin = await send('POST', '/api/v1/locations', admin, {
      kind: 'bin',
      parentId: site,
      code,
      name: code,
    });
    bins.push(bin.json().id);
  }
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

const post = (cookie: string, body: object) =>
  send('POST', '/api/v1/stock/transactions', cookie, { idempotencyKey: randomUUID(), ...body });

let counter = 0;
async function newItem(lotTracked = false, unitOfMeasure = 'ea'): Promise<string> {
  const response = await send('POST', '/api/v1/items', admin, {
    partNumber: `BUSY-${++counter}`,
    name: `Busy item ${counter}`,
    unitCost: '2.5',
    lotTracked,
    unitOfMeasure,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/**
 * Balances of the company whose quantity differs from the sum of their ledger rows, and items whose total (on_hand)
 * differs from the sum of their balances (as the database owner).
 */
async function balancesDisagreeingWithLedger() {
  const rows = await queryRows<{ item_id: string; quantity: string; ledger: string }>(
    t.database.db,
    sql`
    select b.item_id, b.quantity::text, coalesce(sum(l.quantity_delta), 0)::text as ledger
      from stock_balances b
      left join stock_ledger l
        on l.item_id = b.item_id and l.location_id = b.location_id and l.lot_id is not distinct from b.lot_id
     where b.company_id = ${companyId}
     group by b.id, b.item_id, b.quantity
    having b.quantity <> coalesce(sum(l.quantity_delta), 0)
    union all
    select l.item_id, '0', sum(l.quantity_delta)::text
      from stock_ledger l
     where l.company_id = ${companyId}
       and not exists (select 1 from stock_balances b
                        where b.item_id = l.item_id and b.location_id = l.location_id
                          and b.lot_id is not distinct from l.lot_id)
     group by l.item_id, l.location_id, l.lot_id
    union all
    select i.id, i.on_hand::text, coalesce((select sum(b.quantity) from stock_balances b where b.item_id = i.id), 0)::text
      from items i
     where i.company_id = ${companyId}
       and i.on_hand <> coalesce((select sum(b.quantity) from stock_balances b where b.item_id = i.id), 0)`,
  );
  return rows;
}

/** The balances of the company keyed "item|location|lot" (non-zero only), as the database owner sees them. */
async function allBalances(): Promise<Map<string, bigint>> {
  const rows = await queryRows<{ key: string; quantity: string }>(
    t.database.db,
    sql`
    select item_id || '|' || location_id || '|' || coalesce(lot_id::text, '') as key, quantity::text
      from stock_balances where company_id = ${companyId} and quantity <> 0`,
  );
  return new Map(rows.map((r) => [r.key, toScaled(r.quantity, QUANTITY_SCALE)]));
}

/** A small seeded generator (mulberry32), so a failing mix can be replayed from the seed in the message. */
function randomFrom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('concurrent postings', () => {
  it('lets exactly 20 of 50 simultaneous issues of 1 through against a balance of 20, and the balance ends at 0', async () => {
    const item = await newItem();
    const receipt = await post(admin, {
      kind: 'receive',
      lines: [{ itemId: item, locationId: bins[0], quantity: '20' }],
    });
    expect(receipt.statusCode, receipt.body).toBe(201);

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(operators[i % operators.length]!, {
          kind: 'issue',
          reference: `Job ${i}`,
          lines: [{ itemId: item, locationId: bins[0], quantity: '1' }],
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    expect(results.find((r) => r.statusCode === 409)!.json().error.message).toMatch(
      /^Not enough stock: BUSY-\d+ at /,
    );

    const balances = (await send('GET', `/api/v1/items/${item}/balances`, admin)).json();
    expect(balances.total).toBe('0');
    // Twenty issue rows, each leaving one fewer: the balances after are 19 … 0, each exactly once.
    const rows = await queryRows<{ after: string }>(
      t.database.db,
      sql`
      select balance_after::text as after from stock_ledger
       where item_id = ${item} and quantity_delta < 0 order by balance_after desc`,
    );
    expect(rows.map((r) => Number(r.after))).toEqual(Array.from({ length: 20 }, (_, i) => 19 - i));
    expect(await balancesDisagreeingWithLedger()).toEqual([]);
  });

  it('posts a key sent ten times at once exactly once, and answers every copy with that posting', async () => {
    const item = await newItem();
    const idempotencyKey = randomUUID();
    const body = {
      idempotencyKey,
      kind: 'receive',
      lines: [{ itemId: item, locationId: bins[1], quantity: '3' }],
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => send('POST', '/api/v1/stock/transactions', operators[0]!, body)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect((await send('GET', `/api/v1/items/${item}/balances`, admin)).json().total).toBe('3');
  });

  // 2,000 postings on PostgreSQL, where 16 requests really overlap; 400 on PGlite, whose one connection interleaves
  // them, which tells nothing more past a few hundred and costs CI half a minute.
  it('keeps every balance equal to its ledger through a random mix of 2,000 (PostgreSQL) or 400 (PGlite) receives, issues and moves', async () => {
    const batches = t.database.driver === 'postgres' ? 125 : 25;
    const seed = Number(process.env.STOCK_MIX_SEED ?? Date.now() % 1_000_000);
    const random = randomFrom(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    // Measured in kg: the mix posts quarter units, which an item counted in whole units refuses.
    const plain = [await newItem(false, 'kg'), await newItem(false, 'kg'), await newItem(false, 'kg')];
    const lotted = await newItem(true, 'kg');
    const lotNumbers = ['MIX-A', 'MIX-B'];
    // Seed stock everywhere, so issues and moves have something to fight over; the lots get their ids here.
    const lotIds: string[] = [];
    for (const bin of bins) {
      const lines = [
        ...plain.map((itemId) => ({ itemId, locationId: bin, quantity: '5' })),
        ...lotNumbers.map((lotNumber) => ({ itemId: lotted, locationId: bin, quantity: '5', lotNumber })),
      ];
      const response = await post(admin, { kind: 'receive', lines });
      expect(response.statusCode, response.body).toBe(201);
      for (const line of (response.json() as TStockTransaction).lines)
        if (line.lotId && !lotIds.includes(line.lotId)) lotIds.push(line.lotId);
    }
    const expected = await allBalances();

    /** A random quantity between 0.5 and 4 in steps of 0.25: decimals that binary floating point would blur. */
    const quantity = () => fromScaled(BigInt(2 + Math.floor(random() * 15)) * 250_000n, QUANTITY_SCALE);
    const randomPosting = () => {
      const itemId = pick([...plain, lotted]);
      const lotId = itemId === lotted ? pick(lotIds) : undefined;
      const lot = lotId ? { lotId } : {};
      const roll = random();
      if (roll < 0.3) {
        const lotNumber = lotId ? lotNumbers[lotIds.indexOf(lotId)] : undefined;
        return {
          kind: 'receive',
          lines: [
            { itemId, locationId: pick(bins), quantity: quantity(), ...(lotNumber ? { lotNumber } : {}) },
          ],
        };
      }
      if (roll < 0.65)
        return { kind: 'issue', lines: [{ itemId, locationId: pick(bins), quantity: quantity(), ...lot }] };
      const from = pick(bins);
      const to = pick(bins.filter((b) => b !== from));
      return {
        kind: 'move',
        lines: [{ itemId, fromLocationId: from, toLocationId: to, quantity: quantity(), ...lot }],
      };
    };

    const answers: LightMyRequestResponse[] = [];
    for (let batch = 0; batch < batches; batch++) {
      // 16 at once: the benchmark's client count.
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 16 }, (_, i) => post(operators[i % operators.length]!, randomPosting())),
        )),
      );
    }
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      `seed ${seed}: ${statuses.filter((s) => s !== 201 && s !== 409)}`,
    ).toBe(true);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(refused.json().error.message, `seed ${seed}`).toMatch(/^Not enough stock/);
    expect(statuses.filter((s) => s === 201).length, `seed ${seed}`).toBeGreaterThan(batches * 8);

    // What the successful answers say they posted, added to the starting balances, is what the database holds.
    for (const answer of answers.filter((r) => r.statusCode === 201)) {
      for (const line of (answer.json() as TStockTransaction).lines) {
        const key = `${line.itemId}|${line.locationId}|${line.lotId ?? ''}`;
        expected.set(key, (expected.get(key) ?? 0n) + toScaled(line.quantityDelta, QUANTITY_SCALE));
      }
    }
    for (const [key, value] of expected) if (value === 0n) expected.delete(key);
    const actual = await allBalances();
    expect(
      Object.fromEntries([...actual].map(([k, v]) => [k, fromScaled(v, QUANTITY_SCALE)])),
      `seed ${seed}`,
    ).toEqual(Object.fromEntries([...expected].map(([k, v]) => [k, fromScaled(v, QUANTITY_SCALE)])));
    expect([...actual.values()].every((v) => v >= 0n)).toBe(true);
    expect(await balancesDisagreeingWithLedger(), `seed ${seed}`).toEqual([]);
  }, 180_000);
});
