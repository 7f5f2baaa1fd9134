// `npm run bench:inventory`: the inventory at scale. On the real PostgreSQL server (BENCH_PG_URL, default the local
// one) a scratch database gets 100,000 items and 1,000,000 ledger rows; PGlite (on disk, as `npm start` uses it) gets
// a tenth of that. The app is started on each and driven over real HTTP, as a browser would:
//   - the stock list (several searches, filters, sorts and a deep page) and a lookup by part number: median and p99;
//   - stock movements per second with 16 concurrent clients, and the same SQL transaction sent straight through
//     `pg` (16 connections, no app) as the ceiling (PostgreSQL only: PGlite has one connection and no server);
//   - the stock balance report over the whole company for the last year.
// (Scan resolution at this size is measured by `npm run bench:labels`.)
// Prints a table and records it in docs/performance.md with the machine and the date.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type TDatabase } from '#server/db/client.ts';
import { seededRandom } from '#server/db/seed/random.ts';
import {
  APP_URL,
  prepareCompany,
  quantile,
  SAMPLES,
  startServer,
  type TLatency,
  timeRequests,
  withScratchPostgres,
} from './bench-app.ts';
import type { TBenchData } from './inventory-data.ts';
import { machineLine, recordSection } from './record.ts';

const CLIENTS = 16;
const THROUGHPUT_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
interface TResult {
  target: string;
  items: number;
  ledgerRows: number;
  generateSeconds: number;
  latencies: TLatency[];
  appPerSecond: number;
  appRefused: number;
  rawPerSecond: number | null;
  reportMs: { median: number; max: number; n: number };
}

async function main() {
  const results: TResult[] = [];
  results.push(await runPostgres(Number(process.env.BENCH_PG_ITEMS ?? 100_000)));
  results.push(await runPglite(Number(process.env.BENCH_PGLITE_ITEMS ?? 10_000)));
  const table = render(results);
  console.log(table);
  // A trial run at other sizes (BENCH_*_ITEMS) prints but does not overwrite the recorded figures.
  if (!process.env.BENCH_PG_ITEMS && !process.env.BENCH_PGLITE_ITEMS) recordSection('inventory', table);
}

async function runPostgres(items: number): Promise<TResult> {
  return withScratchPostgres(async (url) => {
    const database = await openDatabase({ kind: 'postgres', url });
    try {
      return await measure('PostgreSQL 15 (server)', database, items, { pgUrl: url });
    } finally {
      // Closing the app closes its database; this covers a failure before the app was built.
      await database.close().catch(() => undefined);
    }
  });
}

async function runPglite(items: number): Promise<TResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fb-bench-pglite-'));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      return await measure('PGlite (embedded, on disk)', database, items, { dataDir });
    } finally {
      // Closing the app closes its database; this covers a failure before the app was built.
      await database.close().catch(() => undefined);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(
  target: string,
  database: TDatabase,
  itemCount: number,
  where: { pgUrl: string } | { dataDir: string },
): Promise<TResult> {
  console.log(`\n${target}: migrating and generating ${itemCount.toLocaleString('en')} items …`);
  const { companyId, email, data, generateSeconds } = await prepareCompany(database, itemCount);
  console.log(
    `  generated ${data.ledgerRows.toLocaleString('en')} ledger rows in ${generateSeconds.toFixed(1)} s`,
  );
  const stock = await movableStock(database, companyId);
  // PGlite's folder belongs to one process at a time: the server gets it now.
  if ('dataDir' in where) await database.close();
  const server = await startServer(where, email);
  try {
    const latencies = await listLatencies(server.get, data);
    const report = await reportLatency(server.get);
    const { perSecond: appPerSecond, refused: appRefused } = await appThroughput(
      server.base,
      server.cookie,
      stock,
    );
    const rawPerSecond = 'pgUrl' in where ? await rawThroughput(where.pgUrl, companyId, stock) : null;
    return {
      target,
      items: data.items,
      ledgerRows: data.ledgerRows,
      generateSeconds,
      latencies,
      appPerSecond,
      appRefused,
      rawPerSecond,
      reportMs: report,
    };
  } finally {
    await server.stop();
  }
}

async function listLatencies(
  get: (path: string) => Promise<Response>,
  data: TBenchData,
): Promise<TLatency[]> {
  const random = seededRandom(7);
  const words = ['screw', 'bearing', 'ring', 'brass', 'valve', 'washer', 'gasket', 'M8', 'shaft', 'nylon'];
  const cases: [string, () => string][] = [
    ['stock list, first page (25), by part number', () => '/api/v1/stock?page=1&pageSize=25'],
    [
      'stock list, search a word of the name',
      () => `/api/v1/stock?q=${encodeURIComponent(random.pick(words))}`,
    ],
    ['stock list, search a part number fragment', () => `/api/v1/stock?q=P-0${random.int(1000, 9999)}`],
    ['stock list, search a lot number', () => `/api/v1/stock?q=L0${random.int(1000, 9999)}`],
    [
      'stock list, category filter, by on hand desc',
      () =>
        `/api/v1/stock?category=${encodeURIComponent(`Category ${random.int(1, 20)}`)}&sort=onHand&dir=desc`,
    ],
    ['stock list, location subtree (an area)', () => `/api/v1/stock?locationId=${data.areaId}`],
    ['stock list, low stock only', () => '/api/v1/stock?lowStock=true'],
    ['stock list, page 200', () => '/api/v1/stock?page=200&pageSize=25'],
  ];
  const out: TLatency[] = [];
  for (const [name, path] of cases) {
    out.push(await timeRequests(name, path, get));
    console.log(`  ${name}: p99 ${out.at(-1)!.p99.toFixed(1)} ms`);
  }
  const lookup = await timeRequests(
    'item lookup by part number (any case)',
    () =>
      `/api/v1/items/lookup?partNumber=${encodeURIComponent(data.partNumber(random.int(1, data.items)).toLowerCase())}`,
    get,
  );
  console.log(`  lookup: p99 ${lookup.p99.toFixed(1)} ms`);
  out.push(lookup);
  return out;
}

async function reportLatency(get: (path: string) => Promise<Response>) {
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const start = performance.now();
    const response = await get(`/api/v1/stock/balance-report?from=${from}&to=${to}&pageSize=50`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`report: ${response.status}`);
    if (i > 0) times.push(performance.now() - start); // the first warms the cache
  }
  times.sort((a, b) => a - b);
  console.log(`  balance report: median ${quantile(times, 0.5).toFixed(0)} ms`);
  return { median: quantile(times, 0.5), max: times.at(-1)!, n: times.length };
}

/** The plain (not lot-tracked) items' ids and home bins, for movements. */
async function movableStock(database: TDatabase, companyId: string) {
  const { rows } = (await database.db.execute(
    `select b.item_id, b.location_id from stock_balances b join items i on i.id = b.item_id
      where b.company_id = '${companyId}' and not i.lot_tracked and b.quantity > 10 limit 5000`,
  )) as unknown as { rows: { item_id: string; location_id: string }[] };
  return rows;
}

/** Each client issues 1 and receives 1 back in turn, so the stock never runs out; counts postings per second. */
async function appThroughput(
  base: string,
  cookie: string,
  stock: { item_id: string; location_id: string }[],
) {
  let done = 0;
  let refused = 0;
  const deadline = performance.now() + THROUGHPUT_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const random = seededRandom(100 + c);
      let receive = false;
      while (performance.now() < deadline) {
        const at = random.pick(stock);
        const line = { itemId: at.item_id, locationId: at.location_id, quantity: '1' };
        const response = await fetch(`${base}/api/v1/stock/transactions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, origin: APP_URL },
          body: JSON.stringify({
            kind: receive ? 'receive' : 'issue',
            idempotencyKey: randomUUID(),
            lines: [line],
          }),
        });
        await response.arrayBuffer();
        if (response.status === 201) done++;
        else if (response.status === 409) refused++;
        else throw new Error(`posting: ${response.status}`);
        receive = !receive;
      }
    }),
  );
  const perSecond = done / THROUGHPUT_SECONDS;
  console.log(`  app: ${perSecond.toFixed(0)} postings/s with ${CLIENTS} clients`);
  return { perSecond, refused };
}

/**
 * The ceiling: the statements one posting runs (as `stock.service.ts` sends them: tenant set-up, the items with the
 * company's lot rule, the locations, the transaction insert, the balance change, the item's total, the ledger insert), straight
 * through `pg` on 16 connections, no HTTP, no session, no app.
 */
async function rawThroughput(
  url: string,
  companyId: string,
  stock: { item_id: string; location_id: string }[],
): Promise<number> {
  let done = 0;
  const deadline = performance.now() + THROUGHPUT_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const random = seededRandom(200 + c);
      let receive = false;
      try {
        while (performance.now() < deadline) {
          const at = random.pick(stock);
          const key = randomUUID();
          const transactionId = randomUUID();
          await client.query('begin');
          await client.query(
            "select set_config('app.company_id', $1, true), set_config('role', 'forgeboard_app', true)",
            [companyId],
          );
          await client.query(
            `select i.*, (select s.use_lot_numbers from company_settings s where s.company_id = $1)
               from items i where i.company_id = $1 and i.id = any($2)`,
            [companyId, [at.item_id]],
          );
          await client.query('select * from locations where company_id = $1 and id = any($2)', [
            companyId,
            [at.location_id],
          ]);
          await client.query(
            `insert into stock_transactions (id, company_id, kind, reason, reference, idempotency_key, posted_by,
                                             posted_by_name, posted_at)
             values ($1, $2, $3, '', '', $4, null, 'Benchmark', now())`,
            [transactionId, companyId, receive ? 'receive' : 'issue', key],
          );
          const balance = receive
            ? await client.query(
                `insert into stock_balances (id, company_id, item_id, location_id, lot_id, quantity)
                 values ($1, $2, $3, $4, null, 1)
                 on conflict (item_id, location_id, lot_id)
                 do update set quantity = stock_balances.quantity + excluded.quantity, updated_at = now()
                 returning quantity`,
                [randomUUID(), companyId, at.item_id, at.location_id],
              )
            : await client.query(
                `update stock_balances set quantity = quantity - 1::numeric, updated_at = now()
                  where item_id = $1 and location_id = $2 and lot_id is null and quantity >= 1::numeric
                  returning quantity`,
                [at.item_id, at.location_id],
              );
          await client.query('update items set on_hand = on_hand + $1::numeric where id = $2', [
            receive ? 1 : -1,
            at.item_id,
          ]);
          await client.query(
            `insert into stock_ledger (id, company_id, transaction_id, line_no, item_id, location_id, lot_id,
                                       quantity_delta, unit_cost, balance_after, created_at)
             values ($1, $2, $3, 1, $4, $5, null, $6, 1, $7, now())`,
            [
              randomUUID(),
              companyId,
              transactionId,
              at.item_id,
              at.location_id,
              receive ? 1 : -1,
              balance.rows[0].quantity,
            ],
          );
          await client.query('commit');
          done++;
          receive = !receive;
        }
      } finally {
        await client.end();
      }
    }),
  );
  const perSecond = done / THROUGHPUT_SECONDS;
  console.log(`  raw pg: ${perSecond.toFixed(0)} postings/s with ${CLIENTS} connections`);
  return perSecond;
}

function render(results: TResult[]): string {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const lines = [
    '### Inventory at scale: stock list, lookups, postings and the balance report',
    '',
    machineLine(),
    `PostgreSQL 15 on the same machine. The app runs as \`npm start\` runs it, in its own process, and is driven over HTTP on 127.0.0.1 with a real session cookie; ${SAMPLES} sequential requests per row after 5 to warm up; throughput for ${THROUGHPUT_SECONDS} s with ${CLIENTS} concurrent clients, each alternating an issue of 1 and a receipt of 1 on random items.`,
    'Targets (PostgreSQL, 100,000 items): stock list p99 under 50 ms, lookup p99 under 10 ms, balance report under 1 s at 1,000,000 ledger rows, app throughput at least half the raw `pg` ceiling.',
    '',
  ];
  for (const r of results) {
    lines.push(
      `#### ${r.target}: ${r.items.toLocaleString('en')} items, ${r.ledgerRows.toLocaleString('en')} ledger rows (generated in ${r.generateSeconds.toFixed(0)} s)`,
      '',
      '| request | median | p99 |',
      '|---|---|---|',
      ...r.latencies.map((l) => `| ${l.name} | ${ms(l.median)} | ${ms(l.p99)} |`),
      `| stock balance report, whole company, last 365 days (median of ${r.reportMs.n}; slowest) | ${ms(r.reportMs.median)} | ${ms(r.reportMs.max)} (max) |`,
      '',
      `Stock movements: **${r.appPerSecond.toFixed(0)} postings/s** through the app with ${CLIENTS} clients` +
        (r.rawPerSecond === null
          ? ' (no raw ceiling: PGlite is in-process with one connection).'
          : `; the same SQL transaction straight through \`pg\` on ${CLIENTS} connections: **${r.rawPerSecond.toFixed(0)}/s**, so the app reaches **${((100 * r.appPerSecond) / r.rawPerSecond).toFixed(0)} %** of the ceiling.`) +
        (r.appRefused ? ` ${r.appRefused} postings were refused for lack of stock.` : ''),
      '',
    );
  }
  return lines.join('\n');
}

await main();
