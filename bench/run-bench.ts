// The run-and-record skeleton the data benchmarks share: each database in turn (PostgreSQL in a scratch database,
// PGlite in a scratch folder), the data prepared in this process and measured against the server started as
// `npm start` runs it, the load average before and after, then the table printed and recorded in its section of
// docs/performance.md unless the run is a trial (one database, or another size).
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type TDatabase } from '#server/db/client.ts';
import { withScratchPostgres } from './bench-app.ts';
import { recordSection } from './record.ts';

/** Where the server finds the database: a PostgreSQL URL or PGlite's folder. */
export type TWhere = { pgUrl: string } | { dataDir: string };

/** The commit measured, for the record. */
export const commitMeasured = () => execSync('git rev-parse --short HEAD').toString().trim();

/**
 * Runs `measure` on PostgreSQL and PGlite (or the one BENCH_ONLY names), prints `render`'s table and records it in
 * the `section` of docs/performance.md, unless BENCH_ONLY or one of `trialVariables` (other sizes) is set.
 */
export async function runBench<T>(options: {
  section: string;
  trialVariables: string[];
  postgres: () => Promise<T>;
  pglite: () => Promise<T>;
  render: (results: T[], load: [number, number]) => string;
}): Promise<void> {
  const load = loadavg()[0]!;
  const results: T[] = [];
  if (process.env.BENCH_ONLY !== 'pglite') results.push(await options.postgres());
  if (process.env.BENCH_ONLY !== 'postgres') results.push(await options.pglite());
  const table = options.render(results, [load, loadavg()[0]!]);
  console.log(table);
  const trial = process.env.BENCH_ONLY || options.trialVariables.some((name) => process.env[name]);
  if (!trial) recordSection(options.section, table);
}

/**
 * The usual shape of one database's run: `prepare` fills it in this process (closed afterwards, since PGlite's folder
 * belongs to one process at a time), then `measure` drives the server on it.
 */
export function preparedThenMeasured<TPrepared, TMeasured>(
  prepare: (database: TDatabase) => Promise<TPrepared>,
  measure: (where: TWhere, prepared: TPrepared) => Promise<TMeasured>,
) {
  const run = async (where: TWhere, database: TDatabase) => {
    let prepared: TPrepared;
    try {
      prepared = await prepare(database);
    } finally {
      await database.close();
    }
    return { prepared, measured: await measure(where, prepared) };
  };
  return {
    postgres: () =>
      withScratchPostgres(async (url) => run({ pgUrl: url }, await openDatabase({ kind: 'postgres', url }))),
    pglite: async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'fb-bench-'));
      try {
        return await run({ dataDir }, await openDatabase({ kind: 'pglite', dataDir }));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
