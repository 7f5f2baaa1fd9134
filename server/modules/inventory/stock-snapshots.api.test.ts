// The stock balance report from stock snapshots (decision 095, migration 0065), on both databases: with ledger lines
// spread over fourteen months (written straight into the ledger at chosen instants, as a restore would, and posted
// through the API today as the tenant), for a hundred and sixty random periods — within a day, a month, across many,
// starting and ending either side of a UTC midnight, ending today and after it — the report equals the same sums read
// from the ledger alone (the report's arithmetic before snapshots), for the whole company and under a location; every
// snapshot the reports built equals the ledger summed afresh before its instant; a company keeps at most
// SNAPSHOTS_KEPT of them, each of a settled UTC midnight; and two reports that need the same missing snapshot at once
// build it once and answer alike.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeDecimal } from '#common/decimal.ts';
import { addDays, dayRangeIn, todayIn } from '#common/time/calendar.ts';
import { queryRows } from '#server/db/client.ts';
import { seededRandom } from '#server/db/seed/random.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client, type TMethod } from '../../../tests/setup/work-orders-shop.ts';
import { SNAPSHOT_SETTLE_MS, SNAPSHOTS_KEPT } from './stock-snapshots.ts';

// The company's zone bounds the report's days. At sign-up, New York: its midnights fall nearer the UTC midnight before
// them, so a snapshot precedes the instant it stands for; Tokyo's fall nearer the UTC midnight after, so the
// snapshot is the later one and the lines between are taken away.
const ZONES = ['America/New_York', 'Asia/Tokyo'];
let zone = ZONES[0]!;
const today = todayIn(zone);
const DAYS_BACK = 430;

let t: TTestApp;
let admin: string;
let companyId: string;
let area: string;
const items: string[] = [];
const places: string[] = [];

const send = (method: TMethod, url: string, payload?: object) => client(t, admin).send(method, url, payload);
const created = async (url: string, payload: object): Promise<string> =>
  (await client(t, admin).ok('POST', url, payload, 201)).id;

type TSums = { item_id: string; opening: string; received: string; issued: string };

/** The report's sums per item as the ledger alone gives them (what the report read before decision 094). */
async function fromLedger(from: string, to: string, locationPath?: string): Promise<Map<string, TSums>> {
  const start = new Date(dayRangeIn(from, zone).from);
  const until = new Date(dayRangeIn(to, zone).to);
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
  admin = await t.signIn({ email: 'sam@snapshots.example', role: 'admin', companyName: 'Snapshot Works' });
  companyId = (
    await queryRows<{ company_id: string }>(
      t.database.db,
      sql`select company_id::text from users where email = 'sam@snapshots.example'`,
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
  // 600 lines at random instants over fourteen months and a little of the future, as the owner writes them (before
  // any report: a snapshot stands for lines that can no longer arrive before it); whole and fractional quantities, in
  // and out; some in the last day and hour, between the last settled midnight and now.
  const random = seededRandom(94);
  const now = Date.now();
  const lines = Array.from({ length: 600 }, () => {
    const back =
      random.next() < 0.1 ? random.int(-3_600, 2 * 86_400) : random.int(-3 * 86_400, DAYS_BACK * 86_400);
    const at = new Date(now - back * 1000 - random.int(0, 999));
    const quantity = (random.int(-500, 800) / (random.next() < 0.3 ? 1000 : 1)).toString();
    return { at, quantity: quantity === '0' ? '1' : quantity };
  });
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
  // And postings through the API now, as the tenant.
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

/** The company's snapshots: each stamp's instant with its rows' totals per item. */
async function snapshots() {
  return queryRows<{ taken_at: string; item_id: string; received: string; issued: string }>(
    t.database.db,
    sql`select to_char(st.taken_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as taken_at, s.item_id::text,
               s.received_micro::text as received, s.issued_micro::text as issued
          from stock_snapshot_stamps st
          left join stock_snapshots s on s.company_id = st.company_id and s.taken_at = st.taken_at
         where st.company_id = ${companyId} order by 1, 2`,
  );
}

describe('stock balance report from stock snapshots', () => {
  it('equals the ledger alone for random periods in two zones, whole company and under a location', async () => {
    const random = seededRandom(4095);
    const periods: Array<[string, string]> = [
      [addDays(today, -364), today],
      [addDays(today, -DAYS_BACK - 5), addDays(today, 5)],
      [today, today],
      [addDays(today, -1), addDays(today, -1)],
      // The contract's first and last days: snapshots of year 1 (empty) and, for the end, of the last settled midnight.
      ['0001-01-02', '0010-12-30'],
      ['9990-01-01', '9999-12-30'],
      [addDays(today, -3000), addDays(today, 600)],
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
    for (zone of ZONES) {
      await t.database.db.execute(sql`update companies set timezone = ${zone} where id = ${companyId}`);
      for (const [from, to] of periods) {
        expect(await fromReport(from, to), `${from} to ${to} in ${zone}`).toEqual(await fromLedger(from, to));
      }
    }
    const areaPath = (
      await queryRows<{ path: string }>(t.database.db, sql`select path from locations where id = ${area}`)
    )[0]!.path;
    for (const [from, to] of periods.slice(0, 30)) {
      expect(await fromReport(from, to, area), `${from} to ${to} under the area`).toEqual(
        await fromLedger(from, to, areaPath),
      );
    }
  }, 180_000);

  it('keeps a few snapshots of settled UTC midnights, each the ledger summed before its instant', async () => {
    const kept = await snapshots();
    const instants = [...new Set(kept.map((s) => s.taken_at))];
    expect(instants.length).toBeGreaterThan(1);
    expect(instants.length).toBeLessThanOrEqual(SNAPSHOTS_KEPT);
    const now = (await queryRows<{ now: string }>(t.database.db, sql`select now()::text as now`))[0]!.now;
    for (const instant of instants) {
      expect(instant).toMatch(/T00:00:00$/);
      expect(new Date(`${instant}Z`).getTime()).toBeLessThanOrEqual(
        new Date(now).getTime() - SNAPSHOT_SETTLE_MS,
      );
      const derived = await queryRows<{ item_id: string; received: string; issued: string }>(
        t.database.db,
        sql`select item_id::text, coalesce(sum(quantity_micro) filter (where quantity_micro > 0), 0)::text as received,
                   coalesce(-sum(quantity_micro) filter (where quantity_micro < 0), 0)::text as issued
              from stock_ledger where company_id = ${companyId} and created_at < ${`${instant}Z`}::timestamptz
             group by item_id order by item_id`,
      );
      const rows = kept
        .filter((s) => s.taken_at === instant && s.item_id !== null)
        .map(({ item_id, received, issued }) => ({ item_id, received, issued }));
      expect(rows, `the snapshot of ${instant}`).toEqual(derived);
    }
  });

  it('builds a missing snapshot while another report needs it too, and both answer alike', async () => {
    // A period of days no report above asked for: its snapshots are missing. The second report waits for the first
    // one's stamp (a naive build would fail it on the stamp's key, a 500) and reads what the first built.
    const from = addDays(today, -DAYS_BACK - 40);
    const to = addDays(today, -DAYS_BACK - 39);
    const before = new Set((await snapshots()).map((s) => s.taken_at));
    const [a, b] = await Promise.all([fromReport(from, to), fromReport(from, to)]);
    expect(a).toEqual(b);
    expect(a).toEqual(await fromLedger(from, to));
    const after = new Set((await snapshots()).map((s) => s.taken_at));
    expect([...after].filter((s) => !before.has(s)).length).toBeGreaterThan(0);
  });
});
