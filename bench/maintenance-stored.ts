// bench:maintenance's measurements of the stored PM schedule (decision 091): the build of a shop's schedule (the
// backfill, and each company's day turning), what keeping it costs a plan edit, a completion and a meter reading (the
// refresh each runs in its transaction), and the month view's latency while the day's first scheduler pass runs.
import { randomUUID } from 'node:crypto';
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

/** A plain item with stock in a bin of the bench company: what a posting beside the pass receives and issues. */
export async function postingStock(server: TBenchServer): Promise<{ itemId: string; locationId: string }> {
  const created = async (path: string, body: object) => {
    const response = await server.send('POST', path, body);
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  const site = await created('/api/v1/locations', { kind: 'site', code: 'BENCH-S', name: 'Bench site' });
  const locationId = await created('/api/v1/locations', {
    kind: 'bin',
    parentId: site,
    code: 'BENCH-B',
    name: 'Bench bin',
  });
  const itemId = await created('/api/v1/items', {
    partNumber: 'BENCH-1',
    name: 'Bench part',
    lotTracked: false,
  });
  return { itemId, locationId };
}

/** A stock posting of one unit (a receipt, or an issue of what an earlier one received). */
async function post(server: TBenchServer, at: { itemId: string; locationId: string }, receive: boolean) {
  const response = await server.send('POST', '/api/v1/stock/transactions', {
    kind: receive ? 'receive' : 'issue',
    idempotencyKey: randomUUID(),
    lines: [{ itemId: at.itemId, locationId: at.locationId, quantity: '1' }],
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`posting: ${response.status}`);
}

/** Whether the company's reminders are decided again: its notices back to `count` (one pass commits them at once). */
export async function noticesBack(database: TDatabase, companyId: string, count: number): Promise<boolean> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from maintenance_notices where company_id = ${companyId}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n >= count;
}

/**
 * The month view and a stock posting, requested in turn by one client: while the server's own scheduler runs the
 * day's first pass (started with the server, as every instance's is; `passDone` says when it has decided the day's
 * reminders), then `samples` times each with nothing else running. What a planner and a storeroom clerk see while the
 * scheduler decides the day's reminders in the process that serves them, against what they see without it.
 */
export async function latencyDuring(
  server: TBenchServer,
  path: string,
  at: { itemId: string; locationId: string },
  passDone: () => Promise<boolean>,
  samples = 30,
): Promise<{ alone: TLatency[]; during: TLatency[]; workMs: number }> {
  const round = async (calendar: number[], postings: number[]) => {
    let start = performance.now();
    const response = await server.get(path);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    calendar.push(performance.now() - start);
    start = performance.now();
    await post(server, at, postings.length % 2 === 0);
    postings.push(performance.now() - start);
  };
  const started = performance.now();
  const during = { calendar: [] as number[], postings: [] as number[] };
  while (!(await passDone())) {
    if (performance.now() - started > 120_000)
      throw new Error("the server's first pass did not decide the reminders");
    await round(during.calendar, during.postings);
  }
  const workMs = performance.now() - started;
  const alone = { calendar: [] as number[], postings: [] as number[] };
  for (let i = 0; i < samples; i++) await round(alone.calendar, alone.postings);
  const latencies = (of: typeof alone, when: string) => [
    latencyOf(`month view, the whole shop, ${when}`, of.calendar),
    latencyOf(`a stock posting (one line), ${when}`, of.postings),
  ];
  return {
    alone: latencies(alone, 'after the pass'),
    during: latencies(during, "during the day's first pass"),
    workMs,
  };
}
