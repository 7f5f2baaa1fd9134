// What the app benchmarks share: a scratch PostgreSQL database, a company with N items and their ledger, the server
// started in its own process as `npm start` runs it, a signed-in session, and timing sequential requests over HTTP.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { compactCode, newToken } from '#common/label-codes.ts';
import { CSRF_COOKIE } from '#common/schemas/auth.ts';
import type { TDatabase } from '#server/db/client.ts';
import { applyMigrations } from '#server/db/migrate.ts';
import { createCompany, createUser, FACTORY_PASSWORD } from '#server/db/seed/factories.ts';
import { labelCodes } from '#server/modules/labels/labels.tables.ts';
import { generateInventory, type TBenchData } from './inventory-data.ts';

export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The origin the server is told it serves (APP_URL): requests carry it, and QR links start with it. */
export const APP_URL = 'http://127.0.0.1';
export const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
/** The bench company's admin, who signs in to the server. */
const BENCH_EMAIL = 'bench@bench.example';

export interface TLatency {
  name: string;
  median: number;
  p99: number;
  n: number;
}

export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** Runs `fn` with the URL of a new, empty database on the PostgreSQL server, dropped afterwards. */
export async function withScratchPostgres<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `fb_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export interface TBenchCompany {
  companyId: string;
  email: string;
  data: TBenchData;
  generateSeconds: number;
}

/** Migrates, creates a company and its admin, and generates `itemCount` items with ten ledger rows each. */
export async function prepareCompany(database: TDatabase, itemCount: number): Promise<TBenchCompany> {
  await applyMigrations(database);
  const { company } = await createCompany(database.db, { name: 'Bench Manufacturing', planId: 'beta' });
  const email = BENCH_EMAIL;
  await createUser(database.db, company.id, { email, role: 'admin' });
  const started = performance.now();
  const data = await database.db.transaction((tx) => generateInventory(tx as never, company.id, itemCount));
  // What autovacuum does to a table soon after a bulk load, done now so the measurement sees the steady state
  // (statistics and the visibility map that index-only counts rely on) rather than a freshly loaded heap.
  for (const table of ['items', 'lots', 'locations', 'stock_balances', 'stock_transactions', 'stock_ledger'])
    await database.db.execute(`vacuum (analyze) ${table}`);
  // And a checkpoint, so the measurement does not pay for the load's: the first change to each page after a
  // checkpoint writes the whole page to the WAL, and the load's checkpoint would otherwise land in the middle of it.
  if (database.driver === 'postgres') await database.db.execute('checkpoint');
  return { companyId: company.id, email, data, generateSeconds: (performance.now() - started) / 1000 };
}

/** The database `name` on the PostgreSQL server (created when missing, kept afterwards): its URL. */
export async function keptPostgres(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The company an earlier run generated in a kept database (migrated to this checkout), or null. */
export async function benchCompanyIn(database: TDatabase): Promise<TBenchCompany | null> {
  await applyMigrations(database);
  const found = (await database.db.execute(
    `select u.company_id, (select count(*)::int from items i where i.company_id = u.company_id) as items,
            (select count(*)::int from stock_ledger l where l.company_id = u.company_id) as ledger_rows,
            (select id from locations a where a.company_id = u.company_id and a.kind = 'area' order by a.full_code limit 1)
              as area_id
       from users u where u.email = '${BENCH_EMAIL}'`,
  )) as unknown as { rows: { company_id: string; items: number; ledger_rows: number; area_id: string }[] };
  const row = found.rows[0];
  if (!row) return null;
  return {
    companyId: row.company_id,
    email: BENCH_EMAIL,
    generateSeconds: Number.NaN,
    data: {
      partNumber: (n) => `P-${String(n).padStart(6, '0')}`,
      areaId: row.area_id,
      items: row.items,
      ledgerRows: row.ledger_rows,
    },
  };
}

/** Label codes for 1,000 random items, as printing their labels would make them; their compact forms. */
export async function labelSomeItems(database: TDatabase, companyId: string): Promise<string[]> {
  const rows = (await database.db.execute(
    `select id from items where company_id = '${companyId}' order by random() limit 1000`,
  )) as unknown as { rows: { id: string }[] };
  const codes = rows.rows.map((r) => ({
    token: newToken((n) => randomBytes(n)),
    companyId,
    kind: 'item' as const,
    entityId: r.id,
  }));
  await database.db.insert(labelCodes).values(codes);
  return codes.map((c) => compactCode('item', c.token));
}

export interface TBenchServer {
  base: string;
  /** The server's process id (for its CPU time). */
  pid: number | null;
  cookie: string;
  get: (path: string) => Promise<Response>;
  /** A JSON request with the session, as the web app sends it. */
  send: (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body: object) => Promise<Response>;
  stop: () => Promise<void>;
}

/**
 * The server in its own process, as `npm start` runs it (the benchmark's HTTP clients do not share its thread), on
 * the database at `where`, and a session of `email`. PGlite's folder belongs to one process: close it first.
 */
export async function startServer(
  where: { pgUrl: string } | { dataDir: string },
  email: string,
  /** Another checkout of the app to run (its folder, node_modules included), for a before-and-after run. */
  cwd?: string,
): Promise<TBenchServer> {
  const port = 4400 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF_DIR ?? '/tmp/prof'}`]
        : []),
      '--import',
      'tsx',
      'server/main.ts',
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_URL,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        // As many connections as the postings bench's clients (and its raw ceiling's): the app is measured against the
        // same SQL with the same connections, not against a pool it may not use.
        DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '16',
        ...('pgUrl' in where ? { DATABASE_URL: where.pgUrl } : { DATA_DIR: where.dataDir }),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
      ...(cwd ? { cwd } : {}),
    },
  );
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
  try {
    await waitForHealth(`${base}/api/health`);
    const cookie = await signIn(base, email);
    const get = (path: string) => fetch(`${base}${path}`, { headers: { cookie, origin: APP_URL } });
    const send: TBenchServer['send'] = (method, path, body) =>
      fetch(`${base}${path}`, {
        method,
        headers: { cookie, origin: APP_URL, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    return { base, pid: server.pid ?? null, cookie, get, send, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Waits up to a minute for the server at `url` (its health route) to answer 200. */
export async function waitForHealth(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer at ${url}`);
}

/** A session cookie (with its CSRF cookie) of `email`, signed in with the factories' password. */
export async function signIn(base: string, email: string): Promise<string> {
  const csrf = randomBytes(32).toString('hex');
  const response = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: APP_URL, cookie: `${CSRF_COOKIE}=${csrf}` },
    body: JSON.stringify({ email, password: FACTORY_PASSWORD, csrfToken: csrf }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const session = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('fb.session_token='));
  if (!session) throw new Error('sign-in set no session cookie');
  return `${session}; ${CSRF_COOKIE}=${csrf}`;
}

/**
 * Times `samples` sequential requests (SAMPLES unless said) after `warmUps` to warm up, checking each answer is a
 * 200; `paths` gives each request's path.
 */
export async function timeRequests(
  name: string,
  paths: () => string,
  get: (path: string) => Promise<Response>,
  { samples = SAMPLES, warmUps = 5 }: { samples?: number; warmUps?: number } = {},
): Promise<TLatency> {
  for (let i = 0; i < warmUps; i++) await (await get(paths())).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const path = paths();
    const start = performance.now();
    const response = await get(path);
    const body = await response.arrayBuffer();
    times.push(performance.now() - start);
    if (response.status !== 200)
      throw new Error(`${path}: ${response.status} ${new TextDecoder().decode(body).slice(0, 500)}`);
  }
  return latencyOf(name, times);
}

/** The median and p99 of `times` (milliseconds, in any order). */
export function latencyOf(name: string, times: number[]): TLatency {
  const sorted = [...times].sort((a, b) => a - b);
  return { name, median: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), n: sorted.length };
}
