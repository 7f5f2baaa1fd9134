// The Time benchmark's data (decision 084), written by the database itself (generate_series), never a row at a time:
// a 50-person shop over the `days` before `today` — 2,000 jobs with budgets, 20 at a time (each runs 25 days);
// 1,000,000 time entries (each person eight one-hour entries a working day, on one of the window's jobs, at their own
// rate: 25 + person mod 20); and 1,000,000 ledger lines: 150,000 issues to the window's jobs of four lines each and
// 100,000 'build-consume' postings of four lines by the jobs' 20,000 work orders (ten a job), each line with its
// consumption row, so the report reads what the shop floor writes. Entries run 08:00–16:00 in New York (13:00–21:00
// UTC), so a person's never overlap and the exclusion constraint of 0053 holds for every row.
import { sql } from 'drizzle-orm';
import type { TDb } from '#server/db/client.ts';

export interface TTimeVolume {
  people: number;
  jobs: number;
  entries: number;
  ledgerLines: number;
  workOrders: number;
  /** A person for the week view, and a job for its page. */
  userId: string;
  jobId: string;
}

const PEOPLE = 50;
const JOBS_AT_ONCE = 20;
const WINDOW_DAYS = 25;
const ITEMS = 200;
/** The last item is the work orders' assembly; the others are their components and the issues' parts. */
const ASSEMBLY = `TB-${String(ITEMS + 1).padStart(3, '0')}`;

/** Writes the volume for the company; `userIds` are its 50 people (made by the caller through the factory). */
export async function generateTime(
  tx: TDb,
  companyId: string,
  userIds: string[],
  scale: { entries: number; lines: number },
  today: string,
): Promise<TTimeVolume> {
  const c = companyId;
  const perPerson = Math.ceil(scale.entries / PEOPLE);
  const days = Math.ceil(perPerson / 8);
  const windows = Math.ceil(days / WINDOW_DAYS);
  const jobCount = windows * JOBS_AT_ONCE;
  const first = sql`(${today}::date - ${days}::int)`;
  const run = (query: ReturnType<typeof sql>) => tx.execute(query);

  await run(sql`create temporary table bench_people as
    select row_number() over () - 1 as p, u::uuid as id from unnest(${`{${userIds.join(',')}}`}::uuid[]) u`);
  await run(sql`
    insert into jobs (id, company_id, number, name, customer, status, budget_hours, budget_cost, created_by)
    select gen_random_uuid(), ${c}, n, 'Bench job ' || n, 'Customer ' || (n % 97), 'open',
           400 + (n % 7) * 100, 15000 + (n % 11) * 1000, 'bench'
      from generate_series(1, ${jobCount}) n`);
  await run(sql`create temporary table bench_jobs as
    select number - 1 as k, id from jobs where company_id = ${c}`);
  await run(sql`create index on bench_jobs (k)`);

  // Time: person p's entry k starts on day k / 8 at 13:00 + (k mod 8) hours UTC, on the window's job p mod 20.
  await run(sql`
    insert into time_entries (id, company_id, user_id, job_id, started_at, ended_at, source, rate, cost, created_by,
                              activity)
    select gen_random_uuid(), ${c}, pp.id, j.id, s.at, s.at + interval '1 hour', 'clock', 25 + pp.p % 20,
           25 + pp.p % 20, 'bench', 'run'
      from bench_people pp
     cross join generate_series(0, ${perPerson - 1}) e
     cross join lateral (select (${first} + e / 8)::timestamp at time zone 'UTC' + interval '13 hours'
                                + (e % 8) * interval '1 hour' as at) s
      join bench_jobs j on j.k = ((e / 8) / ${WINDOW_DAYS}) * ${JOBS_AT_ONCE} + pp.p % ${JOBS_AT_ONCE}`);

  // Stock: 200 items in one bin, an assembly and its released revision for the work orders.
  await run(sql`
    insert into items (id, company_id, part_number, name, unit_of_measure, unit_cost)
    select gen_random_uuid(), ${c}, 'TB-' || lpad(n::text, 3, '0'), 'Bench part ' || n, 'ea', 1 + (n % 9) * 0.75
      from generate_series(1, ${ITEMS + 1}) n`);
  // A site at the root, as the location tree's columns describe one (path, depth, full code).
  await run(sql`
    insert into locations (id, company_id, parent_id, kind, code, name, path, depth, full_code)
    select id, ${c}, null, 'site', 'TB-STORES', 'Bench stores', '/' || id || '/', 0, 'TB-STORES'
      from (select gen_random_uuid() as id) g`);
  await run(sql`
    insert into assemblies (id, company_id, item_id)
    select gen_random_uuid(), ${c}, id from items where company_id = ${c} and part_number = ${ASSEMBLY}`);
  await run(sql`
    insert into assembly_revisions (id, company_id, assembly_id, number, status, released_at, released_by)
    select gen_random_uuid(), ${c}, id, 1, 'released', now(), 'bench' from assemblies where company_id = ${c}`);
  await run(sql`create temporary table bench_items as
    select row_number() over (order by part_number) - 1 as k, id, unit_cost
      from items where company_id = ${c} and part_number < ${ASSEMBLY}`);
  const bin = sql`(select id from locations where company_id = ${c} and code = 'TB-STORES')`;

  // Work orders: ten per job, in progress.
  await run(sql`
    insert into work_orders (id, company_id, number, job_id, assembly_id, revision_id, quantity, status,
                             output_location_id, created_by, released_at, started_at)
    select gen_random_uuid(), ${c}, j.k * 10 + w + 1, j.id, r.assembly_id, r.id, 5, 'in_progress', ${bin}, 'bench',
           now(), now()
      from bench_jobs j cross join generate_series(0, 9) w
     cross join (select id, assembly_id from assembly_revisions where company_id = ${c}) r`);
  await run(sql`create temporary table bench_wo as
    select number - 1 as k, id, job_id from work_orders where company_id = ${c}`);
  await run(sql`create index on bench_wo (k)`);

  // Postings spread evenly over the days: issues to the window's jobs, consumptions by their work orders.
  const issues = Math.floor((scale.lines * 0.6) / 4);
  const consumes = Math.floor((scale.lines * 0.4) / 4);
  await run(sql`
    insert into stock_transactions (id, company_id, kind, reference, idempotency_key, posted_by_name, posted_at,
                                    job_id)
    select gen_random_uuid(), ${c}, 'issue', '', 'bench-issue-' || n, 'bench', s.at, j.id
      from generate_series(0, ${issues - 1}) n
     cross join lateral (select ${first}::timestamp at time zone 'UTC' + interval '14 hours'
                                + (n::double precision / ${issues}) * ${days} * interval '1 day' as at) s
      join bench_jobs j on j.k = (floor(n::double precision / ${issues} * ${days})::int / ${WINDOW_DAYS})
                                 * ${JOBS_AT_ONCE} + n % ${JOBS_AT_ONCE}`);
  await run(sql`create temporary table bench_consume as
    select gen_random_uuid() as id, n, s.at, w.id as work_order_id
      from generate_series(0, ${consumes - 1}) n
     cross join lateral (select ${first}::timestamp at time zone 'UTC' + interval '15 hours'
                                + (n::double precision / ${consumes}) * ${days} * interval '1 day' as at) s
      join bench_wo w on w.k = ((floor(n::double precision / ${consumes} * ${days})::int / ${WINDOW_DAYS})
                                 * ${JOBS_AT_ONCE} + n % ${JOBS_AT_ONCE}) * 10 + n % 10`);
  await run(sql`
    insert into stock_transactions (id, company_id, kind, reference, idempotency_key, posted_by_name, posted_at)
    select id, ${c}, 'build-consume', 'WO-' || n, 'bench-consume-' || n, 'bench', at from bench_consume`);
  // Four lines a posting, items in turn, 1..5 units out at the item's cost.
  await run(sql`
    insert into stock_ledger (id, company_id, transaction_id, line_no, item_id, location_id, quantity_delta, unit_cost,
                              balance_after, created_at)
    select gen_random_uuid(), ${c}, t.id, l, i.id, ${bin}, -(1 + (t.n + l) % 5), i.unit_cost, 1000, t.posted_at
      from (select id, posted_at, row_number() over () as n from stock_transactions
             where company_id = ${c} and kind in ('issue', 'build-consume')) t
     cross join generate_series(1, 4) l
      join bench_items i on i.k = (t.n * 4 + l) % ${ITEMS}`);
  await run(sql`
    insert into work_order_consumptions (id, company_id, work_order_id, item_id, location_id, quantity, unit_cost,
                                         source, transaction_id, created_at, created_by)
    select gen_random_uuid(), ${c}, b.work_order_id, l.item_id, l.location_id, -l.quantity_delta, l.unit_cost, 'scan',
           b.id, b.at, 'bench'
      from bench_consume b
      join stock_ledger l on l.company_id = ${c} and l.transaction_id = b.id`);

  const count = async (table: string) => {
    const result = (await tx.execute(
      sql`select count(*)::int as n from ${sql.raw(table)} where company_id = ${c}`,
    )) as unknown as { rows: Array<{ n: number }> };
    return result.rows[0]!.n;
  };
  const [{ id: jobId }] = (
    (await tx.execute(
      sql`select id from bench_jobs where k = ${jobCount - JOBS_AT_ONCE * 2}`,
    )) as unknown as {
      rows: [{ id: string }];
    }
  ).rows;
  for (const table of ['bench_people', 'bench_jobs', 'bench_items', 'bench_wo', 'bench_consume'])
    await run(sql`drop table ${sql.raw(table)}`);
  return {
    people: userIds.length,
    jobs: jobCount,
    entries: await count('time_entries'),
    ledgerLines: await count('stock_ledger'),
    workOrders: await count('work_orders'),
    userId: userIds[0]!,
    jobId,
  };
}
