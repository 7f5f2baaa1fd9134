// How a postings round is driven and what it is measured by (bench/postings-throughput.ts through the app,
// bench/postings-raw.ts straight through `pg`). Everything runs on one machine: the load generator, the app and
// PostgreSQL share its cores, so the CPU spent per posting, by the whole machine, by the app's server process, by the
// database's backends and by this process, is read from /proc.
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { seededRandom } from '#server/db/seed/random.ts';

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
export async function withCpu(
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
export async function drive(
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
