// The production report's part of `npm run bench:build`: the report as its route calls it (in this process, the
// tenant's transaction and role) over the volume build-data.ts wrote, with EXPLAIN ANALYZE of its statement, and
// which version of the report's code was measured.
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { ZProductionReportQuerySchema } from '#common/schemas/production-report.ts';
import { addDays, dayRangeIn, todayIn } from '#common/time/calendar.ts';
import { queryRows } from '#server/db/client.ts';
import type { TTenant } from '#server/db/tenant.ts';
import { sumsStatement } from '#server/modules/build/production-report.repo.ts';
import { productionReport } from '#server/modules/build/production-report.service.ts';
import { companyTimeZone } from '#server/modules/companies/company-clock.ts';
import { latencyOf, type TLatency } from './bench-app.ts';

/** Calls of each report case, after one to warm up. */
export const REPORT_CALLS = Number(process.env.BENCH_REPORT_CALLS ?? 20);

/** The production report: 90 days by day for all assemblies and for one, a year by week; median and p99. */
export async function measureReport(tenant: TTenant): Promise<TLatency[]> {
  // The company's days, as the screen offers them (decision 040).
  const { today, assemblyId } = await tenant.run(async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`select a.id from assemblies a join items i on i.company_id = a.company_id and i.id = a.item_id
           where i.part_number = 'V07'`,
    );
    return { today: todayIn(await companyTimeZone(tx, tenant.companyId)), assemblyId: row!.id };
  });
  const day = (daysAgo: number) => addDays(today, -daysAgo);
  const cases: Array<[string, object]> = [
    ['production report, last 90 days by day, all assemblies', { from: day(89), to: day(0) }],
    ['production report, last 90 days by day, one assembly', { from: day(89), to: day(0), assemblyId }],
    [
      'production report, last 365 days by week, all assemblies',
      { from: day(364), to: day(0), granularity: 'week' },
    ],
  ];
  const out: TLatency[] = [];
  for (const [name, raw] of cases) {
    // The query as the route hands it over: parsed by the contract (by day unless said, the first page of 25).
    const query = ZProductionReportQuerySchema.parse(raw);
    await productionReport(tenant, query); // warms the cache
    const times: number[] = [];
    for (let i = 0; i < REPORT_CALLS; i++) {
      const start = performance.now();
      await productionReport(tenant, query);
      times.push(performance.now() - start);
    }
    out.push(latencyOf(name, times));
    if (name.endsWith('all assemblies')) console.log(await explainReport(tenant, query));
    console.log(
      `  ${name}: median ${out.at(-1)!.median.toFixed(0)} ms, p99 ${out.at(-1)!.p99.toFixed(0)} ms`,
    );
  }
  return out;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the report's statement for `query`, under the settings the report sets. */
async function explainReport(
  tenant: TTenant,
  query: ReturnType<typeof ZProductionReportQuerySchema.parse>,
): Promise<string> {
  return tenant.run(async (tx) => {
    const timeZone = await companyTimeZone(tx, tenant.companyId);
    await tx.execute(
      sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true),
                 set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    const statement = sumsStatement({
      companyId: tenant.companyId,
      timeZone,
      from: new Date(dayRangeIn(query.from, timeZone).from),
      until: new Date(dayRangeIn(query.to, timeZone).to),
      granularity: query.granularity,
      assemblyId: query.assemblyId,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const plan = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain (analyze, buffers) ${statement}`);
    return plan.map((r) => `    ${r['QUERY PLAN']}`).join('\n');
  });
}

/** Which report code was measured: its last commit, and whether the checkout's files differed from it. */
export function reportVersion(): string {
  const files = [
    'server/modules/build/production-report.repo.ts',
    'server/modules/build/production-report.service.ts',
  ];
  const commit = spawnSync('git', ['log', '-1', '--format=%h', '--', ...files], {
    encoding: 'utf8',
  }).stdout.trim();
  const dirty = spawnSync('git', ['diff', '--quiet', 'HEAD', '--', ...files]).status !== 0;
  return `commit ${commit || 'unknown'}${dirty ? ' with uncommitted changes in the checkout' : ''}`;
}
