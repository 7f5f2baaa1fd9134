// The postings part of `npm run bench:inventory` (split from inventory.ts): stock movements per second with 16
// concurrent clients through the app, alternating with the same SQL straight through `pg` (the ceiling) and the SQL
// of before decision 087, and the CPU each part spends per posting; rendered as the section's postings lines.
import { quantile, type TBenchServer } from './bench-app.ts';
import { type TTriggerCost, triggerCost } from './job-cost-trigger-cost.ts';
import {
  appThroughput,
  CLIENTS,
  rawThroughput,
  type TMovableStock,
  type TThroughput,
} from './postings-throughput.ts';

export const THROUGHPUT_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 10);

/** Each round's postings through the app and straight through pg (none on PGlite). */
export interface TPostings {
  app: TThroughput[];
  raw: TThroughput[];
  /** The step-by-step form of the SQL (every posting's before decision 087, a multi-line one's still). */
  stepwise?: TThroughput[];
  /** BENCH_BASELINE_DIR: the app of another checkout (before a change), in the same rounds. */
  before?: TThroughput[];
  /** BENCH_TRIGGER_COST=1: raw rounds with no job cost ledger trigger, 0059's and 0060's (decision 093). */
  trigger?: TTriggerCost;
}

/** Warms both paths up, then alternates app and raw rounds so that a noisy neighbour hits both alike. */
export async function postingThroughput(
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
export function renderPostings({ app, raw, stepwise, before }: TPostings): string[] {
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
