// The stock balance report from the kept month sums (decision 094, migration 0062), on both databases: ledger lines
// spread over fourteen months (written straight into the ledger at chosen instants, and posted through the API today
// as the tenant) keep stock_ledger_months equal to the sums derived afresh from the ledger, and for hundreds of random
// periods — within a month, across many, starting and ending early or late in a month, on a month's first day — the
// report equals the same sums read from the ledger alone, for the whole company and under a location.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeDecimal } from '#common/decimal.ts';
import { addDays, dayRangeIn, todayIn } from '#common/time/calendar.ts';
import { queryRows } from '#server/db/client.ts';
import { seededRandom } from '#server/db/seed/random.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';

const ZONE = 'America/New_York'; // the company's zone at sign-up: its days bound the report
const today = todayIn(ZONE);
const DAYS_BACK = 430;

let t: TTestApp;
let admin: string;
let companyId: string;
let area: string;
const items: string[] = [];
const places: string[] = [];

function send(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie: admin },
    ...(payload ? { payload } : {}),
  });
}
async function created(url: string, payload: object): Promise<string> {
  const response = await send('POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

type TSums = { item_id: string; opening: string; received: string; issued: string };

/** The report's sums per item as the ledger alone gives them (what the report read before decision 094). */
async function fromLedger(from: string, to: string, locationPath?: string): Promise<Map<string, TSums>> {
  const start = new Date(dayRangeIn(from, ZONE).from);
  const until = new Date(dayRangeIn(to, ZONE).to);
  const rows = await queryRows<TSums>(
    t.database.db,
    sql`select l.item_id::text,
               (coalesce(sum(l.quantity_delta) filter (where l.created_at < ${start}), 0))::text as opening,
               (coalesce(sum(l.quantity_delta) filter (where l.created_at >= ${start} and l.quantity_delta > 0), 0))::text
                 as received,
               (coalesce(-sum(l.quantity_delta) filter (where l.created_at >= ${start} and l.quantity_delta < 0), 0))::text
                 as issued
          from stock_ledger l
         where l.company_id = ${companyId} and l.created_at < ${until}
           ${locationPath ? sql`and l.location_id in (select id from locations where path like ${`${locationPath}%`})` : sql``}
         group by l.item_id`,
  );
  return new Map(
    rows
      .map((r) => ({
        item_id: r.item_id,
        opening: normalizeDecimal(r.opening),
        received: normalizeDecimal(r.received),
        issued: normalizeDecimal(r.issued),
      }))
      .filter((r) => r.opening !== '0' || r.received !== '0' || r.issued !== '0')
      .map((r) => [r.item_id, r]),
  );
}

async function fromReport(from: string, to: string, locationId?: string): Promise<Map<string, TSums>> {
  const location = locationId ? `&locationId=${locationId}` : '';
  const response = await send(
    'GET',
    `/api/v1/stock/balance-report?from=${from}&to=${to}&pageSize=100${location}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as {
    items: Array<{ itemId: string; opening: string; received: string; issued: string }>;
  };
  return new Map(
    body.items.map((r) => [
      r.itemId,
      { item_id: r.itemId, opening: r.opening, received: r.received, issued: r.issued },
    ]),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'mona@months.example', role: 'admin', companyName: 'Month Sums Works' });
  companyId = (
    await queryRows<{ company_id: string }>(
      t.database.db,
      sql`select company_id::text from users where email = 'mona@months.example'`,
    )
  )[0]!.company_id;
  const site = await created('/api/v1/locations', { kind: 'site', code: 'MS', name: 'Month site' });
  area = await created('/api/v1/locations', { kind: 'area', parentId: site, code: 'MS-A', name: 'Stores' });
  places.push(
    await created('/api/v1/locations', { kind: 'shelf', parentId: area, code: 'MS-A1', name: 'A1' }),
  );
  places.push(
    await created('/api/v1/locations', { kind: 'area', parentId: site, code: 'MS-B', name: 'Line' }),
  );
  for (let i = 1; i <= 4; i++)
    items.push(
      await created('/api/v1/items', {
        partNumber: `MS-${i}`,
        name: `Month part ${i}`,
        category: 'Parts',
        unitCost: '1',
        lotTracked: false,
      }),
    );
  // 600 lines at random instants over fourteen months and a little of the future, as the owner writes them (the
  // ledger's trigger keeps the month sums whoever inserts); whole and fractional quantities, in and out.
  const random = seededRandom(94);
  const now = Date.now();
  const lines = Array.from({ length: 600 }, () => {
    const at = new Date(now - random.int(-3 * 86_400, DAYS_BACK * 86_400) * 1000 - random.int(0, 999));
    const quantity = (random.int(-500, 800) / (random.next() < 0.3 ? 1000 : 1)).toString();
    return { at, quantity: quantity === '0' ? '1' : quantity };
  });
  // Two statements: the ledger's statement trigger sums all 600 lines at once, as it does a multi-line posting's.
  const ids = lines.map(() => randomUUID());
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into stock_transactions (id, company_id, kind, reason, reference, idempotency_key, posted_by_name,
                                      posted_at)
      values ${sql.join(
        lines.map(
          (line, n) =>
            sql`(${ids[n]}, ${companyId}, 'adjust', 'test', '', ${`months-${n}`}, 'Test', ${line.at})`,
        ),
        sql`, `,
      )}`);
    await tx.execute(sql`
      insert into stock_ledger (id, company_id, transaction_id, line_no, item_id, location_id, quantity_delta,
                                unit_cost, balance_after, created_at)
      values ${sql.join(
        lines.map(
          (line, n) =>
            sql`(${randomUUID()}, ${companyId}, ${ids[n]}, 1, ${items[n % 4]}, ${places[(n >> 2) % 2]},
                 ${line.quantity}, 1, 0, ${line.at})`,
        ),
        sql`, `,
      )}`);
  });
  // And postings through the API today, as the tenant: the trigger runs under the company's policy.
  for (const item of items) {
    const response = await send('POST', '/api/v1/stock/transactions', {
      idempotencyKey: randomUUID(),
      kind: 'receive',
      lines: [{ itemId: item, locationId: places[0], quantity: '7' }],
    });
    expect(response.statusCode, response.body).toBe(201);
  }
}, 120_000);

afterAll(() => t?.close());

describe('stock balance report from the month sums', () => {
  it('keeps the month sums equal to the ledger summed afresh', async () => {
    const read = (table: 'kept' | 'derived') =>
      queryRows<{ key: string; received: string; issued: string }>(
        t.database.db,
        table === 'kept'
          ? sql`select item_id || ' ' || location_id || ' ' || month as key, received_micro::text as received,
                       issued_micro::text as issued
                  from stock_ledger_months where company_id = ${companyId} order by key`
          : sql`select item_id || ' ' || location_id || ' ' || date_trunc('month', created_at at time zone 'UTC')::date
                         as key,
                       coalesce(sum(quantity_micro) filter (where quantity_micro > 0), 0)::text as received,
                       coalesce(-sum(quantity_micro) filter (where quantity_micro < 0), 0)::text as issued
                  from stock_ledger where company_id = ${companyId} group by key order by key`,
      );
    const kept = await read('kept');
    expect(kept.length).toBeGreaterThan(60); // 4 items in 2 places over 15 months
    expect(kept).toEqual(await read('derived'));
  });

  it('equals the ledger alone for random periods, whole company and under a location', async () => {
    const random = seededRandom(4094);
    const periods: Array<[string, string]> = [
      [addDays(today, -364), today],
      [addDays(today, -DAYS_BACK - 5), addDays(today, 5)],
      [today, today],
    ];
    // First and last days of months, and days around them.
    for (let m = 0; m < 14; m++) {
      const first = `${addDays(today, -30 * m).slice(0, 7)}-01`;
      periods.push([first, addDays(first, 27)], [addDays(first, -1), addDays(first, 40)], [first, first]);
    }
    for (let i = 0; i < 120; i++) {
      const from = addDays(today, -random.int(0, DAYS_BACK));
      periods.push([from, addDays(from, random.next() < 0.3 ? random.int(0, 20) : random.int(0, 400))]);
    }
    for (const [from, to] of periods) {
      expect(await fromReport(from, to), `${from} to ${to}`).toEqual(await fromLedger(from, to));
    }
    const areaPath = (
      await queryRows<{ path: string }>(t.database.db, sql`select path from locations where id = ${area}`)
    )[0]!.path;
    for (const [from, to] of periods.slice(0, 30)) {
      expect(await fromReport(from, to, area), `${from} to ${to} under the area`).toEqual(
        await fromLedger(from, to, areaPath),
      );
    }
  }, 120_000);
});
