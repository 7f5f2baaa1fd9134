// npm run bench:quality — the Quality dashboard (decision 074) over 1,000,000 inspection results and 100,000 readings
// of one measured check (bench/quality-data.ts), on PostgreSQL and PGlite, timed over HTTP against the server started
// as `npm start` runs it: the whole year's dashboard by week, one item's, one month's by day, a table's CSV, and the
// measured check's control chart over the year. Target: under 300 ms each. Results with the machine, date, load
// average and commit go to docs/performance.md ("Quality").
// BENCH_ONLY=postgres|pglite runs one; BENCH_INSPECTIONS (default 100,000 — five units × two checks each) scales it;
// BENCH_SAMPLES (default 20) sets the requests a measurement.
import { sql } from 'drizzle-orm';
import { addDays, startOfMonth, todayIn } from '#common/time/calendar.ts';
import type { TDatabase } from '#server/db/client.ts';
import { applyMigrations } from '#server/db/migrate.ts';
import { createCompany, createUser } from '#server/db/seed/factories.ts';
import { startServer, type TLatency, timeRequests } from './bench-app.ts';
import { generateQuality, type TQualityVolume } from './quality-data.ts';
import { machineLine } from './record.ts';
import { commitMeasured, preparedThenMeasured, runBench, type TWhere } from './run-bench.ts';

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

async function measure(where: TWhere, { today, volume }: Awaited<ReturnType<typeof prepare>>) {
  const server = await startServer(where, ADMIN);
  try {
    const year = `from=${addDays(today, -365)}&to=${today}`;
    const month = `from=${startOfMonth(today)}&to=${today}`;
    const time = (name: string, path: string) =>
      timeRequests(name, () => path, server.get, { samples: SAMPLES, warmUps: 2 });
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

const ms = (value: number) => `${value.toFixed(1)} ms`;
const n = (value: number) => value.toLocaleString('en-US');

function render(results: TResult[], load: [number, number]): string {
  const commit = commitMeasured();
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

const targets = preparedThenMeasured(prepare, measure);
await runBench<TResult>({
  section: 'quality',
  trialVariables: ['BENCH_INSPECTIONS'],
  postgres: async () => {
    const { prepared, measured } = await targets.postgres();
    return { target: 'PostgreSQL', ...prepared, timings: measured };
  },
  pglite: async () => {
    const { prepared, measured } = await targets.pglite();
    return { target: 'PGlite (embedded)', ...prepared, timings: measured };
  },
  render,
});
