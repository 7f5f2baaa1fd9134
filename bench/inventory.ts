// `npm run bench:inventory`: the inventory at scale. On the real PostgreSQL server (BENCH_PG_URL, default the local
// one) a scratch database gets 100,000 items and 1,000,000 ledger rows; PGlite (on disk, as `npm start` uses it) gets
// a tenth of that. The app is started on each and driven over real HTTP, as a browser would:
//   - the stock list (several searches, filters, sorts and a deep page) and a lookup by part number: median and p99;
//   - stock movements per second with 16 concurrent clients, and the same SQL transaction sent straight through
//     `pg` (16 connections, no app) as the ceiling (PostgreSQL only: PGlite has one connection and no server);
//   - the stock balance report over the whole company for the last year.
// (Scan resolution at this size is measured by `npm run bench:labels`.)
// BENCH_ONLY=postings measures the postings alone, on PostgreSQL (with BENCH_PG_ITEMS for a smaller company, and
// BENCH_PROF=1 for the server's CPU profile in /tmp/prof): a trial that prints and records nothing.
// Prints a table and records it in docs/performance.md with the machine and the date.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type TDatabase } from '#server/db/client.ts';
import { seededRandom } from '#server/db/seed/random.ts';
import {
  prepareCompany,
  quantile,
  SAMPLES,
  startServer,
  type TBenchServer,
  type TLatency,
  timeRequests,
  withScratchPostgres,
} from './bench-app.ts';
import type { TBenchData } from './inventory-data.ts';
import { renderTriggerCost, type TTriggerCost, triggerCost } from './job-cost-trigger-cost.ts';
import {
  appThroughput,
  CLIENTS,
  rawThroughput,
  type TMovableStock,
  type TThroughput,
} from './postings-throughput.ts';
import { machineLine, recordSection } from './record.ts';

const THROUGHPUT_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 10);
const POSTINGS_ONLY = process.env.BENCH_ONLY === 'postings';

/** Each round's postings through the app and straight through pg (none on PGlite). */
interface TPostings {
  app: TThroughput[];
  raw: TThroughput[];
  /** The step-by-step form of the SQL (every posting's before decision 087, a multi-line one's still). */
  stepwise?: TThroughput[];
  /** BENCH_BASELINE_DIR: the app of another checkout (before a change), in the same rounds. */
  before?: TThroughput[];
  /** BENCH_TRIGGER_COST=1: raw rounds with no job cost ledger trigger, 0059's and 0060's (decision 093). */
  trigger?: TTriggerCost;
}

interface TResult {
  target: string;
  items: number;
  ledgerRows: number;
  generateSeconds: number;
  latencies: TLatency[];
  postings: TPostings;
  reportMs: { median: number; max: number; n: number };
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
    const latencies = POSTINGS_ONLY ? [] : await listLatencies(server.get, data);
    const report = POSTINGS_ONLY ? { median: 0, max: 0, n: 0 } : await reportLatency(server.get);
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
    `select b.item_id, b.location_id from stock_balances b join items i on i.company_id = b.company_id and i.id = b.item_id
      where b.company_id = '${companyId}' and not i.lot_tracked and b.quantity > 10 limit 5000`,
  )) as unknown as { rows: { item_id: string; location_id: string }[] };
  return rows;
}

/** Warms both paths up, then alternates app and raw rounds so that a noisy neighbour hits both alike. */
async function postingThroughput(
  server: TBenchServer,
  pgUrl: string | null,
  companyId: string,
  stock: TMovableStock[],
  before: TBenchServer | null,
): Promise<TPostings> {
  const appRound = (s: TBenchServer, seconds: number) =>
    appThroughput(s.base, s.cookie, stock, seconds, s.pid, pgUrl);
  await appRound(server, WARM_UP_SECONDS);
  if (before) await appRound(before, WARM_UP_SECONDS);
  if (pgUrl) await rawThroughput(pgUrl, companyId, stock, WARM_UP_SECONDS);
  const out: TPostings = { app: [], raw: [], stepwise: [], before: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    if (before) out.before!.push(await appRound(before, THROUGHPUT_SECONDS));
    out.app.push(await appRound(server, THROUGHPUT_SECONDS));
    if (pgUrl) {
      out.raw.push(await rawThroughput(pgUrl, companyId, stock, THROUGHPUT_SECONDS));
      out.stepwise!.push(await rawThroughput(pgUrl, companyId, stock, THROUGHPUT_SECONDS, 'stepwise'));
    }
    const rate = (runs: TThroughput[]) => `${runs.at(-1)!.perSecond.toFixed(0)}/s`;
    console.log(
      `  round ${round}: ${before ? `app before ${rate(out.before!)}, ` : ''}app ${rate(out.app)}` +
        (pgUrl ? `, raw pg ${rate(out.raw)}, raw pg step by step ${rate(out.stepwise!)}` : ''),
    );
  }
  if (pgUrl && process.env.BENCH_TRIGGER_COST)
    out.trigger = await triggerCost(pgUrl, companyId, stock, ROUNDS, THROUGHPUT_SECONDS);
  return out;
}

const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
const medianOf = (runs: TThroughput[], pick: (run: TThroughput) => number | null) => {
  const values = runs.map(pick).filter((v): v is number => v !== null);
  return values.length === 0 ? null : median(values);
};

/** What the step-by-step raw posting sends, for the table's words. */
const STEPWISE_STATEMENTS =
  'begin with the tenant set-up, references, transaction, balance, item total, ledger, commit';

const cpu = (value: number | null) => (value === null ? 'not measured' : `${value.toFixed(2)} ms`);

/**
 * One row of CPU per posting: the whole machine (which counts whatever else runs on it), and the parts the postings
 * themselves spend (server, database backends, load generator or raw client) with their sum.
 */
function cpuRow(name: string, runs: TThroughput[], serverNote: string | null): string {
  const part = (pick: (c: TThroughput['cpuMsPerPosting']) => number | null) =>
    medianOf(runs, (r) => pick(r.cpuMsPerPosting));
  // On PGlite the database runs inside the server process, so the sum is the server's and the load generator's.
  const sum = medianOf(runs, ({ cpuMsPerPosting: c }) => (c.server ?? 0) + (c.database ?? 0) + c.client);
  // serverNote null: no server (the raw client).
  const server = serverNote === null ? 'none' : `${cpu(part((c) => c.server))}${serverNote}`;
  return `| ${name} | ${cpu(part((c) => c.machine))} | ${server} | ${cpu(part((c) => c.database))} | ${cpu(part((c) => c.client))} | ${cpu(sum)} |`;
}

/** The throughput lines: medians, each round, and the CPU per posting of each part. */
function renderPostings({ app, raw, stepwise, before }: TPostings): string[] {
  const rate = (runs: TThroughput[]) => medianOf(runs, (r) => r.perSecond)!;
  const rounds = (runs: TThroughput[]) => runs.map((r) => r.perSecond.toFixed(0)).join(', ');
  const refused = app.reduce((n, r) => n + r.refused, 0);
  const lines = [
    `Stock movements: **${rate(app).toFixed(0)} postings/s** through the app (rounds: ${rounds(app)})` +
      (raw.length === 0
        ? ' (no raw ceiling: PGlite is in-process with one connection).'
        : `; the same SQL transaction straight through \`pg\` on ${CLIENTS} connections: **${rate(raw).toFixed(0)}/s** (rounds: ${rounds(raw)}), so the app reaches **${((100 * rate(app)) / rate(raw)).toFixed(0)} %** of the ceiling (each round against the raw round after it: ${app.map((a, i) => `${((100 * a.perSecond) / raw[i]!.perSecond).toFixed(0)} %`).join(', ')}).`) +
      (refused ? ` ${refused} postings were refused for lack of stock.` : ''),
    ...(stepwise && stepwise.length > 0
      ? [
          '',
          `The posting's SQL before decision 087 (step by step: ${STEPWISE_STATEMENTS}) straight through \`pg\` in the same rounds: ${rate(stepwise).toFixed(0)}/s (rounds: ${rounds(stepwise)}); the app reaches ${((100 * rate(app)) / rate(stepwise)).toFixed(0)} % of that.`,
        ]
      : []),
    ...(before && before.length > 0
      ? [
          '',
          `The app before the change, in the same rounds: ${rate(before).toFixed(0)}/s (rounds: ${rounds(before)}): ${((100 * rate(before)) / rate(raw)).toFixed(0)} % of the ceiling above; after: ${((100 * rate(app)) / rate(before) - 100).toFixed(0)} % more postings per second.`,
        ]
      : []),
    '',
    "| CPU per posting (median) | whole machine | the server process | PostgreSQL (this database's backends) | the load generator or raw client | the three together |",
    '|---|---|---|---|---|---|',
    cpuRow('through the app', app, raw.length === 0 ? ' (PGlite runs inside it)' : ''),
  ];
  if (raw.length > 0) lines.push(cpuRow('straight through `pg`', raw, null));
  if (stepwise && stepwise.length > 0)
    lines.push(cpuRow('straight through `pg`, step by step (the SQL before decision 087)', stepwise, null));
  if (before && before.length > 0) lines.push(cpuRow('through the app before the change', before, ''));
  return lines;
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
      `#### ${r.target}: ${r.items.toLocaleString('en')} items, ${r.ledgerRows.toLocaleString('en')} ledger rows (generated in ${r.generateSeconds.toFixed(0)} s)`,
      '',
      '| request | median | p99 |',
      '|---|---|---|',
      ...r.latencies.map((l) => `| ${l.name} | ${ms(l.median)} | ${ms(l.p99)} |`),
      `| stock balance report, whole company, last 365 days (median of ${r.reportMs.n}; slowest) | ${ms(r.reportMs.median)} | ${ms(r.reportMs.max)} (max) |`,
      '',
      ...renderPostings(r.postings),
      '',
    );
  }
  return lines.join('\n');
}

await main();
