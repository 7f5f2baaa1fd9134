// The maintenance benchmark's shop, written by SQL in bulk (a few seconds, where the API would take an hour): N
// machines, five plans each of every kind the issue names — monthly fixed (about half, most of them due on a
// month-end), weekly floating, every N runtime hours, and whichever first — each with its one open occurrence spread
// from a month overdue to two months ahead, two completed ones and, for every tenth fixed plan, a missed grid date.
// Open occurrences near their reminder window are what the scheduler reads; the month's due, overdue and forecast work
// is what the calendar draws.
import { sql } from 'drizzle-orm';
import type { TDb } from '#server/db/client.ts';

export interface TMaintenanceVolume {
  machines: number;
  plans: number;
  openOccurrences: number;
  pastOccurrences: number;
}

/** Writes the shop into `companyId` as of `today` (the company's date), in one transaction of the caller's. */
export async function generateMaintenance(
  tx: TDb,
  companyId: string,
  machineCount: number,
  today: string,
  assigneeId: string,
): Promise<TMaintenanceVolume> {
  const run = (query: ReturnType<typeof sql>) => tx.execute(query);
  await run(sql`
    insert into machines (id, company_id, name, asset_tag, make, model, serial, status, meter_reading,
                          meter_read_at, hours_per_day, created_at, updated_at)
    select gen_random_uuid(), ${companyId}, 'Machine ' || lpad(n::text, 5, '0'), 'M-' || lpad(n::text, 5, '0'),
           (array['Haas', 'Mazak', 'DMG Mori', 'Okuma'])[1 + n % 4], 'Model ' || (n % 37), 'SN' || n,
           case when n % 97 = 0 then 'down' when n % 89 = 0 then 'in_maintenance' else 'running' end,
           (1000 + n % 5000)::numeric, now() - interval '1 day', 8 + n % 12, now() - interval '2 years',
           now() - interval '2 years'
      from generate_series(1, ${machineCount}) as n`);

  // Five plans a machine: k = 0..4 picks the kind.
  await run(sql`
    create temporary table bench_plan on commit drop as
    select gen_random_uuid() as id, m.id as machine_id, m.meter_reading, k, row_number() over () as n
      from machines m cross join generate_series(0, 4) as k
     where m.company_id = ${companyId}`);
  await run(sql`
    insert into maintenance_plans (id, company_id, machine_id, title, checklist, mode, start_on, calendar_every,
                                   calendar_unit, meter_every_hours, meter_start_reading, lead_days, grace_days,
                                   grace_hours, assignee_user_id, estimated_minutes, active)
    select id, ${companyId}, machine_id,
           (array['Monthly lubrication', 'Weekly inspection', 'Spindle service', 'Coolant change',
                  'Quarterly check'])[k + 1],
           '[{"text": "Inspect"}, {"text": "Clean"}, {"text": "Lubricate"}]'::jsonb,
           case when k = 1 then 'floating' else 'fixed' end,
           -- Month-end starts for most monthly plans: the 31st that falls back to the 30th or 28th and returns.
           case when k in (0, 4) then (date_trunc('month', ${today}::date - interval '1 year')
                                       + interval '1 month' - interval '1 day')::date
                else ${today}::date - (n % 365)::int end,
           case k when 0 then 1 when 1 then 1 when 3 then 2 when 4 then 3 end,
           case k when 0 then 'month' when 1 then 'week' when 3 then 'month' when 4 then 'month' end,
           case when k = 2 then 500 when k = 3 then 250 end,
           case when k in (2, 3) then meter_reading - 100 end,
           3 + n % 5, 2, case when k in (2, 3) then 24 else 0 end,
           case when n % 3 = 0 then ${assigneeId}::uuid end, 30 + n % 90, true
      from bench_plan`);

  // The open occurrence of each plan: due from 30 days ago to 60 days ahead (some overdue, some in their lead time).
  await run(sql`
    insert into maintenance_occurrences (id, company_id, plan_id, machine_id, due_on, due_reading, status, created_at)
    select gen_random_uuid(), ${companyId}, p.id, p.machine_id,
           case when p.k <> 2 then ${today}::date - 30 + (p.n % 91)::int end,
           case when p.k in (2, 3) then p.meter_reading + 100 + (p.n % 400) end,
           'open', now()
      from bench_plan p`);
  // History: two completed occurrences a plan, and a missed one for every tenth fixed calendar plan.
  await run(sql`
    insert into maintenance_occurrences (id, company_id, plan_id, machine_id, due_on, status, completed_on,
                                         completed_at, completed_by, minutes_spent, checklist_results, on_time,
                                         created_at)
    select gen_random_uuid(), ${companyId}, p.id, p.machine_id, ${today}::date - 40 * h - (p.n % 20)::int,
           'completed', ${today}::date - 40 * h - (p.n % 20)::int + (p.n % 4)::int,
           now() - (40 * h) * interval '1 day', 'Bench Technician', 20 + p.n % 60,
           '[{"text": "Inspect", "done": true}]'::jsonb, p.n % 4 < 3, now()
      from bench_plan p cross join generate_series(1, 2) as h`);
  await run(sql`
    insert into maintenance_occurrences (id, company_id, plan_id, machine_id, due_on, status, created_at)
    select gen_random_uuid(), ${companyId}, p.id, p.machine_id, ${today}::date - 100, 'missed', now()
      from bench_plan p where p.k = 0 and p.n % 10 = 0`);

  const [counts] = (
    (await tx.execute(sql`
      select (select count(*) from machines where company_id = ${companyId})::int as machines,
             (select count(*) from maintenance_plans where company_id = ${companyId})::int as plans,
             (select count(*) from maintenance_occurrences where company_id = ${companyId} and status = 'open')::int
               as open,
             (select count(*) from maintenance_occurrences where company_id = ${companyId} and status <> 'open')::int
               as past`)) as unknown as {
      rows: { machines: number; plans: number; open: number; past: number }[];
    }
  ).rows;
  return {
    machines: counts!.machines,
    plans: counts!.plans,
    openOccurrences: counts!.open,
    pastOccurrences: counts!.past,
  };
}
