// `npm run bench:inventory`: the inventory at scale. On the real PostgreSQL server (BENCH_PG_URL, default the local
// one) a scratch database gets 100,000 items and 1,000,000 ledger rows; PGlite (on disk, as `npm start` uses it) gets
// a tenth of that. The app is started on each and driven over real HTTP, as a browser would:
//   - the stock list (several searches, filters, sorts and a deep page) and a lookup by part number: median and p99;
//   - stock movements per second with 16 concurrent clients, and the same SQL transaction sent straight through
//     `pg` (16 connections, no app) as the ceiling (PostgreSQL only: PGlite has one connection and no server);
//   - the stock balance report over the whole company for the last year.
// (Scan resolution at this size is measured by `npm run bench:labels`.)
// BENCH_LEDGER_ROWS_PER_ITEM=100 writes 10,000,000 ledger rows (decision 094; BENCH_ONLY=postgres skips PGlite, and
// BENCH_PG_DATABASE=<name> keeps the database to measure again without writing it anew): trials, printed only.
// BENCH_ONLY=postings measures the postings alone, on PostgreSQL (with BENCH_PG_ITEMS for a smaller company, and
// BENCH_PROF=1 for the server's CPU profile in /tmp/prof): a trial that prints and records nothing.
// Prints a table and records it in docs/performance.md with the machine and the date.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type TDatabase } from '#server/db/client.ts';
import { seededRandom } from '#server/db/seed/random.ts';
import {
  benchCompanyIn,
  keptPostgres,
  prepareCompany,
  quantile,
  SAMPLES,
  startServer,
  type TLatency,
  timeRequests,
  withScratchPostgres,
} from './bench-app.ts';
import type { TBenchData } from './inventory-data.ts';
import {
  postingThroughput,
  ROUNDS,
  renderPostings,
  THROUGHPUT_SECONDS,
  type TPostings,
  WARM_UP_SECONDS,
} from './inventory-postings.ts';
import { renderTriggerCost } from './job-cost-trigger-cost.ts';
import { CLIENTS } from './postings-throughput.ts';
import { machineLine, recordSection } from './record.ts';

const POSTINGS_ONLY = process.env.BENCH_ONLY === 'postings';

interface TResult {
  target: string;
  items: number;
  ledgerRows: number;
  generateSeconds: number;
  latencies: TLatency[];
  postings: TPostings;
  /** `first`: the first call, which builds the snapshots the period needs (decision 095). */
  reportMs: { median: number; max: number; n: number; first: number };
}

async function main() {
  const results: TResult[] = [];
  results.push(await runPostgres(Number(process.env.BENCH_PG_ITEMS ?? 100_000)));
  if (POSTINGS_ONLY) {
    const trigger = results[0]!.postings.trigger;
    if (trigger) console.log(renderTriggerCost(trigger));
    console.log(renderPostings(results[0]!.postings).join('\n'));
    return;
  }
  if (process.env.BENCH_ONLY !== 'postgres')
    results.push(await runPglite(Number(process.env.BENCH_PGLITE_ITEMS ?? 10_000)));
  const table = render(results);
  console.log(table);
  // A trial run at other sizes or on one database prints but does not overwrite the recorded figures.
  const trial = [
    'BENCH_PG_ITEMS',
    'BENCH_PGLITE_ITEMS',
    'BENCH_LEDGER_ROWS_PER_ITEM',
    'BENCH_ONLY',
    'BENCH_PG_DATABASE',
  ];
  if (!trial.some((name) => process.env[name])) recordSection('inventory', table);
}

async function runPostgres(items: number): Promise<TResult> {
  const run = async (url: string) => {
    const database = await openDatabase({ kind: 'postgres', url });
    try {
      return await measure('PostgreSQL 15 (server)', database, items, { pgUrl: url });
    } finally {
      // Closing the app closes its database; this covers a failure before the app was built.
      await database.close().catch(() => undefined);
    }
  };
  // BENCH_PG_DATABASE names a database to keep: generated on the first run, measured again as it is on later ones
  // (10,000,000 ledger rows take many minutes to write).
  const keep = process.env.BENCH_PG_DATABASE;
  return keep ? run(await keptPostgres(keep)) : withScratchPostgres(run);
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
  const { companyId, email, data, generateSeconds } =
    (await benchCompanyIn(database)) ?? (await prepareCompany(database, itemCount));
  console.log(
    `  ${data.ledgerRows.toLocaleString('en')} ledger rows, generated in ${generateSeconds.toFixed(1)} s`,
  );
  const stock = await movableStock(database, companyId);
  // PGlite's folder belongs to one process at a time: the server gets it now.
  if ('dataDir' in where) await database.close();
  const server = await startServer(where, email);
  try {
    const latencies = POSTINGS_ONLY ? [] : await listLatencies(server.get, data);
    const report = POSTINGS_ONLY ? { median: 0, max: 0, n: 0, first: 0 } : await reportLatency(server.get);
    const baseline = process.env.BENCH_BASELINE_DIR;
    const before = baseline && 'pgUrl' in where ? await startServer(where, email, baseline) : null;
    const postings = await postingThroughput(
      server,
      'pgUrl' in where ? where.pgUrl : null,
      companyId,
      stock,
      before,
    ).finally(() => before?.stop());
    return {
      target,
      items: data.items,
      ledgerRows: data.ledgerRows,
      generateSeconds,
      latencies,
      postings,
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
  let first = 0;
  for (let i = 0; i < 6; i++) {
    const start = performance.now();
    const response = await get(`/api/v1/stock/balance-report?from=${from}&to=${to}&pageSize=50`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`report: ${response.status}`);
    // The first builds the snapshots it needs (once a day at most, decision 095) and warms the cache.
    if (i > 0) times.push(performance.now() - start);
    else first = performance.now() - start;
  }
  times.sort((a, b) => a - b);
  console.log(
    `  balance report: first ${first.toFixed(0)} ms, then median ${quantile(times, 0.5).toFixed(0)} ms`,
  );
  return { median: quantile(times, 0.5), max: times.at(-1)!, n: times.length, first };
}

/** The plain (not lot-tracked) items' ids and home bins, for movements. */
async function movableStock(database: TDatabase, companyId: string) {
  const { rows } = (await database.db.execute(
    `select b.item_id, b.location_id from stock_balances b join items i on i.company_id = b.company_id and i.id = b.item_id
      where b.company_id = '${companyId}' and not i.lot_tracked and b.quantity > 10 limit 5000`,
  )) as unknown as { rows: { item_id: string; location_id: string }[] };
  return rows;
}

function render(results: TResult[]): string {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const lines = [
    '### Inventory at scale: stock list, lookups, postings and the balance report',
    '',
    machineLine(),
    `PostgreSQL 15 on the same machine. The app runs as \`npm start\` runs it, in its own process, and is driven over HTTP on 127.0.0.1 with a real session cookie; ${SAMPLES} sequential requests per row after 5 to warm up; throughput with ${CLIENTS} concurrent clients, each alternating an issue of 1 and a receipt of 1 on random items: after ${WARM_UP_SECONDS} s to warm up, ${ROUNDS} rounds of ${THROUGHPUT_SECONDS} s through the app, each followed by a round of the same SQL straight through \`pg\`; medians. The load generator is node:http on keep-alive sockets in the benchmark's process, on the same cores.`,
    'Targets (PostgreSQL, 100,000 items): stock list p99 under 50 ms, lookup p99 under 10 ms, balance report under 1 s at 1,000,000 ledger rows, app throughput at least half the raw `pg` ceiling.',
    '',
  ];
  for (const r of results) {
    lines.push(
      `#### ${r.target}: ${r.items.toLocaleString('en')} items, ${r.ledgerRows.toLocaleString('en')} ledger rows (${Number.isNaN(r.generateSeconds) ? 'generated by an earlier run' : `generated in ${r.generateSeconds.toFixed(0)} s`})`,
      '',
      '| request | median | p99 |',
      '|---|---|---|',
      ...r.latencies.map((l) => `| ${l.name} | ${ms(l.median)} | ${ms(l.p99)} |`),
      `| stock balance report, whole company, last 365 days (median of ${r.reportMs.n} after the first; slowest) | ${ms(r.reportMs.median)} | ${ms(r.reportMs.max)} (max) |`,
      `| stock balance report, the first (builds the snapshots its period needs, decision 095) | ${ms(r.reportMs.first)} | — |`,
      '',
      ...renderPostings(r.postings),
      '',
    );
  }
  return lines.join('\n');
}

await main();
