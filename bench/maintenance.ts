// npm run bench:maintenance — the PM calendar's month view and the maintenance scheduler's pass over a shop of 10,000
// machines and 50,000 plans (issue 22), on PostgreSQL and PGlite. The month view is timed over HTTP against the server
// started as `npm start` runs it: the whole shop's month, one person's ("my work") and one machine's. The scheduler's
// pass is timed in this process on the same database: the first pass of the day, which decides every reminder due
// (and writes their notices and outbox messages), then the passes after it, which find them decided. Results with the
// machine and date go to docs/performance.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, startOfMonth, startOfWeek, todayIn } from '#common/time/calendar.ts';
import { manualClock } from '#server/clock.ts';
import { openDatabase, type TDatabase } from '#server/db/client.ts';
import { applyMigrations } from '#server/db/migrate.ts';
import { createCompany, createUser } from '#server/db/seed/factories.ts';
import { runMaintenancePass } from '#server/modules/maintenance/scheduler.ts';
import { APP_URL, latencyOf, startServer, type TLatency, withScratchPostgres } from './bench-app.ts';
import { generateMaintenance, type TMaintenanceVolume } from './maintenance-data.ts';
import {
  forgetNotices,
  latencyDuring,
  measureBuild,
  measureWriteCost,
  noticesBack,
  postingStock,
} from './maintenance-stored.ts';
import { machineLine, recordSection } from './record.ts';

const MACHINES = Number(process.env.BENCH_MACHINES ?? 10_000);
const PASSES = Number(process.env.BENCH_PASSES ?? 20);
/** Month views a measurement: each is a shop's whole six weeks, so fewer than the inventory's 200 small requests. */
const VIEWS = Number(process.env.BENCH_VIEWS ?? 15);
const ZONE = 'America/New_York';
const ADMIN = 'bench.planner@bench.example';

interface TResult {
  target: string;
  volume: TMaintenanceVolume;
  setUpSeconds: number;
  firstPass: { ms: number; notices: number };
  passes: TLatency;
  /** The stored schedule (decision 091), and the same views computed on request as before it. */
  calendar: TLatency[];
  computed: TLatency[];
  build: { ms: number; rows: number };
  writes: TLatency[];
  /** The month view and a posting with nothing else running, and during the day's first pass (PostgreSQL). */
  during?: { alone: TLatency[]; during: TLatency[]; workMs: number };
}

async function prepare(database: TDatabase, now: Date) {
  await applyMigrations(database);
  const { company } = await createCompany(database.db, { name: 'Bench Maintenance', planId: 'beta' });
  const admin = await createUser(database.db, company.id, { email: ADMIN, role: 'admin' });
  const started = performance.now();
  const today = todayIn(ZONE, now);
  const volume = await database.db.transaction(async (tx) => {
    await tx.execute(sql`update companies set timezone = ${ZONE} where id = ${company.id}`);
    await tx.execute(
      sql`update company_settings set enable_maintenance_feature = true where company_id = ${company.id}`,
    );
    await tx.execute(sql`insert into maintenance_email_settings (company_id, days_before, overdue_every_days,
                          daily_digest, digest_hour) values (${company.id}, 3, 7, true, 0)`);
    await tx.execute(sql`insert into maintenance_recipients (id, company_id, user_id)
                          values (gen_random_uuid(), ${company.id}, ${admin.id})`);
    return generateMaintenance(tx as never, company.id, MACHINES, today, admin.id);
  });
  for (const table of ['machines', 'maintenance_plans', 'maintenance_occurrences'])
    await database.db.execute(`vacuum (analyze) ${table}`);
  if (database.driver === 'postgres') await database.db.execute('checkpoint');
  return { companyId: company.id, today, volume, setUpSeconds: (performance.now() - started) / 1000 };
}

/** The scheduler's first pass (deciding the day's reminders), then PASSES more that find them decided. */
async function measurePasses(database: TDatabase, now: Date) {
  const options = { database, clock: manualClock(now), appUrl: APP_URL };
  let start = performance.now();
  const first = await runMaintenancePass(options);
  const firstPass = { ms: performance.now() - start, notices: first.notices };
  if (first.failed > 0) throw new Error('the first pass failed');
  const times: number[] = [];
  for (let i = 0; i < PASSES; i++) {
    start = performance.now();
    const again = await runMaintenancePass(options);
    times.push(performance.now() - start);
    if (again.notices !== 0) throw new Error(`a later pass decided ${again.notices} reminders again`);
  }
  return { firstPass, passes: latencyOf('scheduler pass, reminders already decided', times) };
}

/** The month view's grid: six weeks from the Monday of the month's first week. */
function monthPath(today: string) {
  const from = startOfWeek(startOfMonth(today));
  return `/api/v1/maintenance/calendar?from=${from}&to=${addDays(from, 41)}`;
}

/** The month view of this month (the six-week grid), the shop's, one person's and one machine's. */
async function measureCalendar(
  where: { pgUrl: string } | { dataDir: string },
  today: string,
  computed = false,
): Promise<TLatency[]> {
  // Before (decision 062's path, every plan placed on request) and after, at the same commit.
  if (computed) process.env.PM_CALENDAR_STORED = '0';
  const server = await startServer(where, ADMIN);
  delete process.env.PM_CALENDAR_STORED;
  try {
    const month = monthPath(today);
    const machines = (await (await server.get('/api/v1/machines?pageSize=100')).json()) as {
      items: { id: string }[];
    };
    let k = 0;
    const machine = () => `${month}&machineId=${machines.items[k++ % machines.items.length]!.id}`;
    const time = async (name: string, path: () => string) => {
      await (await server.get(path())).arrayBuffer();
      const times: number[] = [];
      for (let i = 0; i < VIEWS; i++) {
        const start = performance.now();
        const response = await server.get(path());
        await response.arrayBuffer();
        times.push(performance.now() - start);
        if (response.status !== 200) throw new Error(`${path()}: ${response.status}`);
      }
      return latencyOf(name, times);
    };
    return [
      await time('month view, the whole shop', () => month),
      await time('month view, my work', () => `${month}&assigneeId=me`),
      await time('month view, one machine', machine),
    ];
  } finally {
    await server.stop();
  }
}

async function runPostgres(now: Date): Promise<TResult> {
  return withScratchPostgres(async (url) => {
    const database = await openDatabase({ kind: 'postgres', url });
    try {
      const prepared = await prepare(database, now);
      const build = await measureBuild(database, prepared.companyId, prepared.today, ZONE);
      const scheduler = await measurePasses(database, now);
      const writes = await measureWriteCost(database, prepared.companyId);
      const calendar = await measureCalendar({ pgUrl: url }, prepared.today);
      const computed = await measureCalendar({ pgUrl: url }, prepared.today, true);
      // The month view and a posting while the day's first pass decides its reminders again (its notices taken away
      // first): the pass the server's own scheduler runs when it starts, in the process serving them.
      await forgetNotices(database, prepared.companyId);
      const server = await startServer({ pgUrl: url }, ADMIN);
      let during: TResult['during'];
      try {
        const at = await postingStock(server);
        const decided = () => noticesBack(database, prepared.companyId, scheduler.firstPass.notices);
        during = await latencyDuring(server, monthPath(prepared.today), at, decided);
      } finally {
        await server.stop();
      }
      return {
        target: 'PostgreSQL 15',
        ...prepared,
        ...scheduler,
        calendar,
        computed,
        build,
        writes,
        during,
      };
    } finally {
      await database.close();
    }
  });
}

async function runPglite(now: Date): Promise<TResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-maintenance-'));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    let prepared: Awaited<ReturnType<typeof prepare>>;
    let scheduler: Awaited<ReturnType<typeof measurePasses>>;
    let build: TResult['build'];
    let writes: TLatency[];
    try {
      prepared = await prepare(database, now);
      build = await measureBuild(database, prepared.companyId, prepared.today, ZONE);
      scheduler = await measurePasses(database, now);
      writes = await measureWriteCost(database, prepared.companyId);
    } finally {
      await database.close();
    }
    // One process holds an embedded database: no pass beside the server's own requests here.
    const calendar = await measureCalendar({ dataDir }, prepared.today);
    const computed = await measureCalendar({ dataDir }, prepared.today, true);
    return { target: 'PGlite (embedded)', ...prepared, ...scheduler, calendar, computed, build, writes };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function render(results: TResult[], load: [number, number]): string {
  const lines = [
    '## Maintenance: the PM calendar and the scheduler',
    '',
    `${machineLine()}; load average ${load[0].toFixed(1)} before, ${load[1].toFixed(1)} after. ` +
      'Run: `npm run bench:maintenance` (bench/maintenance.ts).',
    '',
  ];
  for (const r of results) {
    lines.push(
      `### ${r.target}`,
      '',
      `${r.volume.machines.toLocaleString('en-US')} machines, ${r.volume.plans.toLocaleString('en-US')} plans, ` +
        `${r.volume.openOccurrences.toLocaleString('en-US')} open and ` +
        `${r.volume.pastOccurrences.toLocaleString('en-US')} past occurrences (written in ${r.setUpSeconds.toFixed(0)} s).`,
      '',
      '| What | Median | p99 | Samples |',
      '|---|---|---|---|',
      ...r.calendar.map(
        (c) =>
          `| ${c.name} (six-week grid, HTTP), stored schedule | ${ms(c.median)} | ${ms(c.p99)} | ${c.n} |`,
      ),
      ...r.computed.map(
        (c) =>
          `| ${c.name} (six-week grid, HTTP), computed on request (before) | ${ms(c.median)} | ${ms(c.p99)} | ${c.n} |`,
      ),
      ...(r.during
        ? [...r.during.alone, ...r.during.during].map(
            (c) =>
              `| ${c.name} (the pass ${ms(r.during!.workMs)}) | ${ms(c.median)} | ${ms(c.p99)} | ${c.n} |`,
          )
        : []),
      `| build of the stored schedule (the backfill; a day's turn), ${r.build.rows.toLocaleString('en-US')} rows | ${ms(r.build.ms)} | — | 1 |`,
      ...r.writes.map((w) => `| ${w.name} | ${ms(w.median)} | ${ms(w.p99)} | ${w.n} |`),
      `| scheduler pass, the day's first (decides ${r.firstPass.notices.toLocaleString('en-US')} reminders) | ${ms(r.firstPass.ms)} | — | 1 |`,
      `| ${r.passes.name} | ${ms(r.passes.median)} | ${ms(r.passes.p99)} | ${r.passes.n} |`,
      '',
    );
  }
  return lines.join('\n');
}

async function main() {
  const load = loadavg()[0]!;
  // Noon in New York: the digest hour (0) has passed, the day's reminders are due.
  const now = new Date(`${todayIn(ZONE)}T17:00:00Z`);
  const results: TResult[] = [];
  if (process.env.BENCH_ONLY !== 'pglite') results.push(await runPostgres(now));
  if (process.env.BENCH_ONLY !== 'postgres') results.push(await runPglite(now));
  const table = render(results, [load, loadavg()[0]!]);
  console.log(table);
  if (!process.env.BENCH_ONLY && !process.env.BENCH_MACHINES) recordSection('maintenance', table);
}

await main();
