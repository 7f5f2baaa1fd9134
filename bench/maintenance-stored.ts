// bench:maintenance's measurements of the stored PM schedule (decision 091): the build of a shop's schedule (the
// backfill, and each company's day turning), what keeping it costs a plan edit, a completion and a meter reading (the
// refresh each runs in its transaction), and the month view's latency while the day's first scheduler pass runs.
import { sql } from 'drizzle-orm';
import type { TDatabase } from '#server/db/client.ts';
import { withTenant } from '#server/db/tenant.ts';
import { freshStamp, refreshMachine, refreshPlans } from '#server/modules/maintenance/stored-schedule.ts';
import { latencyOf, type TBenchServer, type TLatency } from './bench-app.ts';

const rowsOf = async (database: TDatabase, companyId: string) => {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from maintenance_schedule where company_id = ${companyId}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
};

/** The whole shop's schedule built from nothing, as the day's first reader or scheduler pass builds it. */
export async function measureBuild(database: TDatabase, companyId: string, today: string, timeZone: string) {
  const started = performance.now();
  await withTenant(database.db, companyId, (tx) => freshStamp(tx, companyId, today, timeZone));
  return { ms: performance.now() - started, rows: await rowsOf(database, companyId) };
}

/**
 * The refresh a write adds to its transaction: one plan's (a plan edit; a completion without a reading), and one
 * machine's five plans (a meter reading; a completion with one). Each in its own tenant transaction, as the write's.
 */
export async function measureWriteCost(database: TDatabase, companyId: string, samples = 30) {
  const picked = (await database.db.execute(
    sql`select id, machine_id as "machineId" from maintenance_plans where company_id = ${companyId}
         order by id limit ${samples}`,
  )) as unknown as { rows: { id: string; machineId: string }[] };
  const plan: number[] = [];
  const machine: number[] = [];
  for (const p of picked.rows) {
    let start = performance.now();
    await withTenant(database.db, companyId, (tx) => refreshPlans(tx, companyId, [p.id]));
    plan.push(performance.now() - start);
    start = performance.now();
    await withTenant(database.db, companyId, (tx) => refreshMachine(tx, companyId, p.machineId));
    machine.push(performance.now() - start);
  }
  return [
    latencyOf("refresh of one plan's rows (a plan edit, a completion)", plan),
    latencyOf("refresh of one machine's plans (a meter reading)", machine),
  ];
}

/** The reminders of the day decided again by the next pass: the notices taken away, as before the day's first. */
export async function forgetNotices(database: TDatabase, companyId: string) {
  await database.db.execute(sql`delete from maintenance_notices where company_id = ${companyId}`);
}

/** Month views requested one after another while `work` (the day's first pass) runs; their latencies. */
export async function latencyDuring(
  server: TBenchServer,
  path: string,
  work: () => Promise<unknown>,
): Promise<{ latency: TLatency; workMs: number }> {
  let done = false;
  const started = performance.now();
  const running = work().finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done || times.length === 0) {
    const start = performance.now();
    const response = await server.get(path);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    times.push(performance.now() - start);
  }
  await running;
  return {
    latency: latencyOf('month view, the whole shop, during the first pass', times),
    workMs: performance.now() - started,
  };
}
