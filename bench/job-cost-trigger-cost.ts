// What the job cost report's ledger trigger costs a posting (decisions 084, 087 and 093), straight through `pg`, in
// one run: raw rounds alternating with no trigger, migration 0059's form (a statement trigger on stock_ledger with a
// transition table, which ran for every posting) and migration 0060's (a deferred constraint trigger on
// stock_transactions whose WHEN skips a posting that names no job). 0059's form is gone from the schema; the bench
// puts it back, from 0059's own text, in its scratch database only.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { rawThroughput, type TMovableStock, type TThroughput } from './postings-throughput.ts';

/** The three settings measured, in the order each round runs them. */
export interface TTriggerCost {
  off: TThroughput[];
  statement: TThroughput[];
  deferred: TThroughput[];
}

/** Migration 0059's ledger function and statement trigger, as it wrote them. */
function statementTriggerSql(): string[] {
  const text = readFileSync(
    new URL('../server/db/migrations/0059_job_cost_days.sql', import.meta.url),
    'utf8',
  );
  const start = text.indexOf('CREATE FUNCTION job_cost_ledger()');
  const end =
    text.indexOf('EXECUTE FUNCTION job_cost_ledger();') + 'EXECUTE FUNCTION job_cost_ledger();'.length;
  if (start < 0 || end < start) throw new Error("migration 0059's ledger trigger not found");
  return text
    .slice(start, end)
    .split('--> statement-breakpoint')
    .map((s) => s.trim());
}

const SET = {
  off: ['disable', 'disable'],
  statement: ['enable', 'disable'],
  deferred: ['disable', 'enable'],
} as const;

/** `rounds` rounds of `seconds` each setting; leaves the schema as migrated (0060's trigger only). */
export async function triggerCost(
  pgUrl: string,
  companyId: string,
  stock: TMovableStock[],
  rounds: number,
  seconds: number,
): Promise<TTriggerCost> {
  const owner = new pg.Client({ connectionString: pgUrl });
  await owner.connect();
  const out: TTriggerCost = { off: [], statement: [], deferred: [] };
  try {
    for (const statement of statementTriggerSql()) await owner.query(statement);
    for (let round = 1; round <= rounds; round++) {
      for (const setting of ['off', 'statement', 'deferred'] as const) {
        const [ledger, posting] = SET[setting];
        await owner.query(`alter table stock_ledger ${ledger} trigger job_cost_ledger_insert`);
        await owner.query(`alter table stock_transactions ${posting} trigger job_cost_posting`);
        out[setting].push(await rawThroughput(pgUrl, companyId, stock, seconds));
      }
      const rate = (runs: TThroughput[]) => `${runs.at(-1)!.perSecond.toFixed(0)}/s`;
      console.log(
        `  trigger round ${round}: none ${rate(out.off)}, 0059's statement trigger ${rate(out.statement)}, 0060's deferred trigger ${rate(out.deferred)}`,
      );
    }
  } finally {
    await owner.query('drop trigger if exists job_cost_ledger_insert on stock_ledger');
    await owner.query('drop function if exists job_cost_ledger()');
    await owner.query('alter table stock_transactions enable trigger job_cost_posting');
    await owner.end();
  }
  return out;
}

/** Rates and PostgreSQL's CPU per posting (medians) for each setting. */
export function renderTriggerCost(cost: TTriggerCost): string {
  const median = (values: number[]) => {
    const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
    return sorted.length === 0 ? null : sorted[Math.floor(sorted.length / 2)]!;
  };
  const rate = (runs: TThroughput[]) => median(runs.map((r) => r.perSecond))!;
  const db = (runs: TThroughput[]) => median(runs.map((r) => r.cpuMsPerPosting.database ?? Number.NaN));
  const cpu = (value: number | null) => (value === null ? 'not measured' : `${value.toFixed(3)} ms`);
  const rounds = (runs: TThroughput[]) => runs.map((r) => r.perSecond.toFixed(0)).join(', ');
  const row = (name: string, runs: TThroughput[]) =>
    `| ${name} | ${rate(runs).toFixed(0)} (${rounds(runs)}) | ${cpu(db(runs))} | ${
      db(runs) === null || db(cost.off) === null ? '' : `${(db(runs)! - db(cost.off)!).toFixed(3)} ms`
    } |`;
  return [
    "| job cost trigger, straight through `pg` (postings naming no job) | postings/s, median (rounds) | PostgreSQL's CPU per posting | more than none |",
    '|---|---|---|---|',
    row('none', cost.off),
    row("0059's statement trigger on stock_ledger", cost.statement),
    row("0060's deferred constraint trigger on stock_transactions", cost.deferred),
  ].join('\n');
}
