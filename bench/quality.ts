// npm run bench:quality — the Quality dashboard (decision 074) over 1,000,000 inspection results and 100,000 readings
// of one measured check (bench/quality-data.ts), on PostgreSQL and PGlite, timed over HTTP against the server started
// as `npm start` runs it: the whole year's dashboard by week, one item's, one month's by day, a table's CSV, and the
// measured check's control chart over the year. Target: under 300 ms each. Results with the machine, date, load
// average and commit go to docs/performance.md ("Quality").
// BENCH_ONLY=postgres|pglite runs one; BENCH_INSPECTIONS (default 100,000 — five units × two checks each) scales it;
// BENCH_SAMPLES (default 20) sets the requests a measurement.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, startOfMonth, todayIn } from '#common/time/calendar.ts';
import { openDatabase, type TDatabase } from '#server/db/client.ts';
import { applyMigrations } from '#server/db/migrate.ts';
import { createCompany, createUser } from '#server/db/seed/factories.ts';
import { latencyOf, startServer, type TLatency, withScratchPostgres } from './bench-app.ts';
import { generateQuality, type TQualityVolume } from './quality-data.ts';
import { machineLine, recordSection } from './record.ts';

const INSPECTIONS = Number(process.env.BENCH_INSPECTIONS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const ZONE = 'America/New_York';
const ADMIN = 'bench.quality@bench.example';

interface TResult {
  target: string;
  volume: TQualityVolume;
  setUpSeconds: number;
  timings: TLatency[];
}

async function prepare(database: TDatabase) {
  await applyMigrations(database);
  const { company } = await createCompany(database.db, { name: 'Bench Quality', planId: 'beta' });
  await createUser(database.db, company.id, { email: ADMIN, role: 'admin' });
  const today = todayIn(ZONE);
  const started = performance.now();
  const volume = await database.db.transaction(async (tx) => {
    await tx.execute(sql`update companies set timezone = ${ZONE} where id = ${company.id}`);
    return generateQuality(tx as never, company.id, INSPECTIONS, today);
  });
  for (const table of ['inspections', 'inspection_results', 'inspection_checks'])
    await database.db.execute(`vacuum (analyze) ${table}`);
  if (database.driver === 'postgres') await database.db.execute('checkpoint');
  return { today, volume, setUpSeconds: (performance.now() - started) / 1000 };
}

async function measure(
  where: { pgUrl: string } | { dataDir: string },
  today: string,
  volume: TQualityVolume,
): Promise<TLatency[]> {
  const server = await startServer(where, ADMIN);
  try {
    const year = `from=${addDays(today, -365)}&to=${today}`;
    const month = `from=${startOfMonth(today)}&to=${today}`;
    const time = async (name: string, path: string) => {
      for (let i = 0; i < 2; i++) await (await server.get(path)).arrayBuffer();
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const start = performance.now();
        const response = await server.get(path);
        await response.arrayBuffer();
        times.push(performance.now() - start);
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      }
      return latencyOf(name, times);
    };
    return [
      await time(
        'dashboard, the year by week, every item',
        `/api/v1/quality/dashboard?${year}&granularity=week`,
      ),
      await time(
        'dashboard, the year by week, one item',
        `/api/v1/quality/dashboard?${year}&granularity=week&itemId=${volume.itemId}`,
      ),
      await time('dashboard, this month by day', `/api/v1/quality/dashboard?${month}&granularity=day`),
      await time(
        'CSV of the items table, the year',
        `/api/v1/quality/dashboard/export.csv?${year}&granularity=week&table=items`,
      ),
      await time(
        'control chart of the Bore, the year (X̄–R, latest 500 subgroups)',
        `/api/v1/quality/dashboard/control-chart?${year}&checkId=${volume.checkId}`,
      ),
    ];
  } finally {
    await server.stop();
  }
}

async function runPostgres(): Promise<TResult> {
  return withScratchPostgres(async (url) => {
    const database = await openDatabase({ kind: 'postgres', url });
    let prepared: Awaited<ReturnType<typeof prepare>>;
    try {
      prepared = await prepare(database);
    } finally {
      await database.close();
    }
    const timings = await measure({ pgUrl: url }, prepared.today, prepared.volume);
    return { target: 'PostgreSQL', ...prepared, timings };
  });
}

async function runPglite(): Promise<TResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-quality-'));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    let prepared: Awaited<ReturnType<typeof prepare>>;
    try {
      prepared = await prepare(database);
    } finally {
      await database.close();
    }
    const timings = await measure({ dataDir }, prepared.today, prepared.volume);
    return { target: 'PGlite (embedded)', ...prepared, timings };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const n = (value: number) => value.toLocaleString('en-US');

function render(results: TResult[], load: [number, number]): string {
  const commit = execSync('git rev-parse --short HEAD').toString().trim();
  const lines = [
    '## Quality: the dashboard and a control chart',
    '',
    `${machineLine()} Commit ${commit}; load average ${load[0].toFixed(1)} before, ${load[1].toFixed(1)} after. ` +
      'Run: `npm run bench:quality` (bench/quality.ts). Target: under 300 ms.',
    '',
  ];
  for (const r of results) {
    const v = r.volume;
    lines.push(
      `### ${r.target}`,
      '',
      `${n(v.items)} items, ${n(v.inspections)} finished inspections over a year, ${n(v.results)} results, ` +
        `${n(v.readings)} readings of one measured check (generated in SQL with generate_series in ` +
        `${r.setUpSeconds.toFixed(0)} s).`,
      '',
      '| What (HTTP) | Median | p99 | Samples |',
      '|---|---|---|---|',
      ...r.timings.map((t) => `| ${t.name} | ${ms(t.median)} | ${ms(t.p99)} | ${t.n} |`),
      '',
    );
  }
  return lines.join('\n');
}

async function main() {
  const load = loadavg()[0]!;
  const results: TResult[] = [];
  if (process.env.BENCH_ONLY !== 'pglite') results.push(await runPostgres());
  if (process.env.BENCH_ONLY !== 'postgres') results.push(await runPglite());
  const table = render(results, [load, loadavg()[0]!]);
  console.log(table);
  if (!process.env.BENCH_ONLY && !process.env.BENCH_INSPECTIONS) recordSection('quality', table);
}

await main();
