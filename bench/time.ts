// npm run bench:time — the job cost report (decision 084) over 1,000,000 time entries and 1,000,000 ledger lines, and
// a person's week (decision 080) in a 50-person company (bench/time-data.ts), on PostgreSQL and PGlite, timed over
// HTTP against the server started as `npm start` runs it. Target: under 500 ms each. Results with the machine, date,
// load average and commit go to docs/performance.md ("Time").
// BENCH_ONLY=postgres|pglite runs one; BENCH_ENTRIES and BENCH_LINES (default 1,000,000 each) scale it;
// BENCH_SAMPLES (default 20) sets the requests a measurement.
import { sql } from 'drizzle-orm';
import { addDays, startOfMonth, startOfWeek, todayIn } from '#common/time/calendar.ts';
import type { TDatabase } from '#server/db/client.ts';
import { applyMigrations } from '#server/db/migrate.ts';
import { createCompany, createUser } from '#server/db/seed/factories.ts';
import { startServer, type TLatency, timeRequests } from './bench-app.ts';
import { machineLine } from './record.ts';
import { commitMeasured, preparedThenMeasured, runBench, type TWhere } from './run-bench.ts';
import { generateTime, type TTimeVolume } from './time-data.ts';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const ZONE = 'America/New_York';
const ADMIN = 'bench.time@bench.example';

interface TResult {
  target: string;
  volume: TTimeVolume;
  setUpSeconds: number;
  timings: TLatency[];
}

async function prepare(database: TDatabase) {
  await applyMigrations(database);
  const { company } = await createCompany(database.db, { name: 'Bench Time', planId: 'beta' });
  await createUser(database.db, company.id, { email: ADMIN, role: 'admin' });
  const people: string[] = [];
  for (let p = 0; p < 50; p++)
    people.push((await createUser(database.db, company.id, { firstName: 'Person', lastName: `${p}` })).id);
  const today = todayIn(ZONE);
  const started = performance.now();
  const volume = await database.db.transaction(async (tx) => {
    await tx.execute(sql`update companies set timezone = ${ZONE} where id = ${company.id}`);
    return generateTime(tx as never, company.id, people, { entries: ENTRIES, lines: LINES }, today);
  });
  // What autovacuum does soon after a bulk load, for every table the load wrote (the triggers' day sums included).
  for (const table of [
    'jobs',
    'time_entries',
    'items',
    'locations',
    'stock_transactions',
    'stock_ledger',
    'work_orders',
    'work_order_consumptions',
    'job_cost_days',
  ])
    await database.db.execute(`vacuum (analyze) ${table}`);
  if (database.driver === 'postgres') await database.db.execute('checkpoint');
  return { today, volume, setUpSeconds: (performance.now() - started) / 1000 };
}

async function measure(where: TWhere, { today, volume }: Awaited<ReturnType<typeof prepare>>) {
  const server = await startServer(where, ADMIN);
  try {
    const all = `from=${addDays(today, -4000)}&to=${today}`;
    const year = `from=${addDays(today, -365)}&to=${today}`;
    const month = `from=${startOfMonth(today)}&to=${today}`;
    const time = (name: string, path: string) =>
      timeRequests(name, () => path, server.get, { samples: SAMPLES, warmUps: 2 });
    const report = '/api/v1/job-cost-report';
    const job = `${report}/jobs/${volume.jobId}`;
    return [
      await time('report, every day of the data, by number', `${report}?${all}&sort=number`),
      await time('report, the year, by total cost', `${report}?${year}&sort=total&direction=desc`),
      await time('report, this month, by % of budget used', `${report}?${month}&sort=percentUsed`),
      await time('CSV of the report, the year', `${report}/export.csv?${year}&sort=total`),
      await time('a job: figures and cumulative cost by week, the year', `${job}?${year}&granularity=week`),
      await time('a job’s ledger lines, the year (first page)', `${job}/lines?${year}`),
      await time('a job’s people, the year', `${job}/people?${year}`),
      await time(
        'week view of one of 50 people (admin)',
        `/api/v1/time/week?userId=${volume.userId}&week=${startOfWeek(addDays(today, -7))}`,
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
    '## Time: the job cost report and the week view',
    '',
    `${machineLine()} Commit ${commit}; load average ${load[0].toFixed(1)} before, ${load[1].toFixed(1)} after ` +
      '(the machine is shared: other work ran beside it). Run: `npm run bench:time` (bench/time.ts). ' +
      'Target: under 500 ms.',
    '',
  ];
  for (const r of results) {
    const v = r.volume;
    lines.push(
      `### ${r.target}`,
      '',
      `${n(v.people)} people, ${n(v.jobs)} jobs, ${n(v.entries)} time entries, ${n(v.ledgerLines)} ledger lines ` +
        `(issues to jobs and consumptions by ${n(v.workOrders)} of their work orders), about seven years ` +
        `(generated in SQL with generate_series in ${r.setUpSeconds.toFixed(0)} s).`,
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
  section: 'time',
  trialVariables: ['BENCH_ENTRIES', 'BENCH_LINES'],
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
