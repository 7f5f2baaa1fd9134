// Stock postings per second, through the app and straight through `pg` (the ceiling), and where the CPU went.
// Everything runs on one machine: the load generator, the app and PostgreSQL share its cores, so the load generator
// is plain node:http on keep-alive sockets (a few tenths of a millisecond per request; fetch spent about a millisecond,
// which the app's side of the ledger then lacked), and the CPU spent per posting, by the whole machine, by the app's
// server process and by this process, is read from /proc.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { seededRandom } from '#server/db/seed/random.ts';
import { tenantBeginSql } from '#server/db/tenant.ts';
import { postOneQuery } from '#server/modules/inventory/stock-post-one.repo.ts';
import { POSTING_SQL, postingRefsStatement } from '#server/modules/inventory/stock-posting.repo.ts';
import { APP_URL } from './bench-app.ts';

export const CLIENTS = 16;

/** A plain (not lot-tracked) item's balance in one location, with stock to spare. */
export interface TMovableStock {
  item_id: string;
  location_id: string;
}

/** One measured run: postings per second, and CPU milliseconds per posting where /proc tells. */
export interface TThroughput {
  perSecond: number;
  refused: number;
  cpuMsPerPosting: {
    /** Every process on the machine (from /proc/stat): the app or raw client, PostgreSQL, the load generator. */
    machine: number | null;
    /** The app's server process (none for the raw client). */
    server: number | null;
    /** PostgreSQL's backends connected to the benchmark's database (read from /proc by their pids). */
    database: number | null;
    /** This process: the load generator, or the raw client. */
    client: number;
  };
}

/** CPU seconds (user + system) of process `pid`; null without /proc. */
function cpuSecondsOfProcess(pid: number): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
  } catch {
    return null;
  }
}

/** CPU seconds the whole machine was busy (all but idle and I/O wait, over every core); null without /proc. */
function machineBusySeconds(): number | null {
  if (!existsSync('/proc/stat')) return null;
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const all = ticks.reduce((sum, t) => sum + t, 0);
  return (all - ticks[3]! - ticks[4]!) / 100;
}

/**
 * CPU seconds of each PostgreSQL backend connected to the database at `url` (the server runs on this machine, so its
 * backends' /proc entries are readable): on a machine others load too, the whole machine's figure counts their work,
 * while this one counts only the postings'. Null without /proc.
 */
async function databaseBackendsCpu(url: string): Promise<Map<number, number> | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database()',
    );
    const out = new Map<number, number>();
    for (const { pid } of rows) {
      const cpu = cpuSecondsOfProcess(pid);
      if (cpu === null) return null;
      out.set(pid, cpu);
    }
    return out;
  } finally {
    await client.end();
  }
}

/** The CPU seconds backends spent between two readings (a backend that started in between counts from zero). */
function backendsSpent(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (before === null || after === null) return null;
  let spent = 0;
  for (const [pid, cpu] of after) spent += cpu - (before.get(pid) ?? 0);
  return spent;
}

/**
 * Measures the CPU the machine, the app's server process, the database's backends (`pgUrl`) and this process spent
 * while `work` ran.
 */
async function withCpu(
  work: () => Promise<{ done: number; refused: number }>,
  seconds: number,
  serverPid: number | null,
  pgUrl: string | null,
): Promise<TThroughput> {
  const database0 = pgUrl === null ? null : await databaseBackendsCpu(pgUrl);
  const machine0 = machineBusySeconds();
  const server0 = serverPid === null ? null : cpuSecondsOfProcess(serverPid);
  const client0 = process.cpuUsage();
  const { done, refused } = await work();
  const client = process.cpuUsage(client0);
  const machine1 = machineBusySeconds();
  const server1 = serverPid === null ? null : cpuSecondsOfProcess(serverPid);
  const database1 = pgUrl === null ? null : await databaseBackendsCpu(pgUrl);
  const per = (spent: number | null) => (spent === null || done === 0 ? null : (1000 * spent) / done);
  return {
    perSecond: done / seconds,
    refused,
    cpuMsPerPosting: {
      machine: machine0 === null || machine1 === null ? null : per(machine1 - machine0),
      server: server0 === null || server1 === null ? null : per(server1 - server0),
      database: per(backendsSpent(database0, database1)),
      client: per((client.user + client.system) / 1e6) ?? 0,
    },
  };
}

/**
 * CLIENTS loops for `seconds`, each alternating an issue of 1 and a receipt of 1 on random stock (so it never runs
 * out) through `post`, which answers whether the posting went through (false: refused for lack of stock).
 */
async function drive(
  stock: TMovableStock[],
  seconds: number,
  seed: number,
  post: (at: TMovableStock, receive: boolean, client: number) => Promise<boolean>,
): Promise<{ done: number; refused: number }> {
  let done = 0;
  let refused = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const random = seededRandom(seed + c);
      let receive = false;
      while (performance.now() < deadline) {
        if (await post(random.pick(stock), receive, c)) done++;
        else refused++;
        receive = !receive;
      }
    }),
  );
  return { done, refused };
}

/**
 * Through the app: CLIENTS concurrent HTTP clients, each alternating an issue of 1 and a receipt of 1 on random
 * items (so stock never runs out), for `seconds`. `serverPid` is the server's process and `pgUrl` its database (on
 * PostgreSQL), for their CPU.
 */
export async function appThroughput(
  base: string,
  cookie: string,
  stock: TMovableStock[],
  seconds: number,
  serverPid: number | null,
  pgUrl: string | null,
): Promise<TThroughput> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const post = (body: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/v1/stock/transactions',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            cookie,
            origin: APP_URL,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  try {
    return await withCpu(
      () =>
        drive(stock, seconds, 100, async (at, receive) => {
          const status = await post(
            JSON.stringify({
              kind: receive ? 'receive' : 'issue',
              idempotencyKey: randomUUID(),
              lines: [{ itemId: at.item_id, locationId: at.location_id, quantity: '1' }],
            }),
          );
          if (status !== 201 && status !== 409) throw new Error(`posting: ${status}`);
          return status === 201;
        }),
      seconds,
      serverPid,
      pgUrl,
    );
  } finally {
    agent.destroy();
  }
}

/**
 * How the raw client posts: 'one' as `stock.service.ts` sends a one-line posting (decision 087: begin, the tenant
 * set-up and the references in one message, the write in one named statement, commit); 'stepwise' as its multi-line
 * postings do and every posting did before (decision 030: begin with the set-up, the references, the transaction
 * insert, the balance change, the item's total, the ledger insert, commit).
 */
export type TRawForm = 'one' | 'stepwise';

/**
 * The ceiling: the statements one posting runs, as the app sends them (`form`), straight through `pg` on CLIENTS
 * connections: no HTTP, no session, no app.
 */
export async function rawThroughput(
  url: string,
  companyId: string,
  stock: TMovableStock[],
  seconds: number,
  form: TRawForm = 'one',
): Promise<TThroughput> {
  const post = form === 'one' ? postRawOne : postRawStepwise;
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  try {
    return await withCpu(
      () => drive(stock, seconds, 200, (at, receive, c) => post(clients[c]!, companyId, at, receive)),
      seconds,
      null,
      url,
    );
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/** One posting as the app sends a one-line posting; false when the balance had too little (rolled back). */
async function postRawOne(
  client: pg.Client,
  companyId: string,
  at: TMovableStock,
  receive: boolean,
): Promise<boolean> {
  const refs = postingRefsStatement(companyId, {
    items: [at.item_id],
    locations: [at.location_id],
    lots: [],
  });
  await client.query(`${tenantBeginSql(companyId)}; ${refs.text}`);
  const { rows } = await client.query(
    postOneQuery({
      transaction: {
        id: randomUUID(),
        companyId,
        kind: receive ? 'receive' : 'issue',
        idempotencyKey: randomUUID(),
        postedByName: 'Benchmark',
        postedAt: new Date(),
      },
      itemId: at.item_id,
      locationId: at.location_id,
      lotId: null,
      delta: receive ? '1' : '-1',
      amount: '1',
      unitCost: '1.5',
      lineNo: 1,
      ledgerId: randomUUID(),
      balanceId: randomUUID(),
    }),
  );
  await client.query(rows.length === 0 ? 'rollback' : 'commit');
  return rows.length > 0;
}

/** One posting step by step; false when the balance had too little to issue (rolled back, as the app answers 409). */
async function postRawStepwise(
  client: pg.Client,
  companyId: string,
  at: TMovableStock,
  receive: boolean,
): Promise<boolean> {
  const transactionId = randomUUID();
  await client.query(tenantBeginSql(companyId));
  await client.query(POSTING_SQL.refs, [companyId, [at.item_id], [at.location_id], []]);
  await client.query(POSTING_SQL.insertTransaction, [
    transactionId,
    companyId,
    receive ? 'receive' : 'issue',
    '',
    '',
    randomUUID(),
    null,
    'Benchmark',
    new Date(),
    null,
    null,
    null,
  ]);
  const balance = receive
    ? await client.query(POSTING_SQL.addToBalance, [
        randomUUID(),
        companyId,
        at.item_id,
        at.location_id,
        null,
        '1',
      ])
    : await client.query(POSTING_SQL.takeFromBalanceNoLot, ['1', companyId, at.item_id, at.location_id]);
  if (balance.rows.length === 0) {
    await client.query('rollback');
    return false;
  }
  await client.query(POSTING_SQL.addToItemOnHand, [receive ? '1' : '-1', companyId, at.item_id]);
  await client.query(POSTING_SQL.insertLedgerLines(1), [
    randomUUID(),
    companyId,
    transactionId,
    1,
    at.item_id,
    at.location_id,
    null,
    receive ? '1' : '-1',
    '1.5',
    balance.rows[0].quantity,
    new Date(),
  ]);
  await client.query('commit');
  return true;
}
