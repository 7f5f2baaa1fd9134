// The Quality dashboard's benchmark data (decision 074), written by the database itself (generate_series): 20 items,
// each with a released final plan of two checks (a pass/fail; for the first item a measurement "Bore", for the rest
// a second pass/fail); 100,000 finished inspections over the year before `today`, five units each, so 1,000,000
// results, of which the first item's 20,000 inspections (a fifth) give the Bore 100,000 readings (subgroups of 5); about 3 % of
// results fail, under eight defect codes skewed so a Pareto has a few vital ones; ten machines, every other
// inspection on one.
import { sql } from 'drizzle-orm';
import type { TDb } from '#server/db/client.ts';
import { companyTimeZone } from '#server/modules/companies/company-clock.ts';
import { rebuildQualityDays } from '#server/modules/quality/quality-days.repo.ts';

export interface TQualityVolume {
  items: number;
  inspections: number;
  results: number;
  readings: number;
  /** The measured check with the readings. */
  checkId: string;
  /** The item it belongs to. */
  itemId: string;
}

const ITEMS = 20;

export async function generateQuality(tx: TDb, companyId: string, inspections: number, today: string) {
  const c = companyId;
  await tx.execute(sql`
    insert into items (id, company_id, part_number, name, unit_of_measure, unit_cost)
    select gen_random_uuid(), ${c}, 'QB-' || lpad(n::text, 3, '0'), 'Bench part ' || n, 'ea', 1
      from generate_series(1, ${ITEMS}) n`);
  await tx.execute(sql`
    insert into machines (id, company_id, name, asset_tag)
    select gen_random_uuid(), ${c}, 'Bench machine ' || n, 'QBM-' || n from generate_series(1, 10) n`);
  await tx.execute(sql`
    insert into defect_codes (id, company_id, code, name)
    select gen_random_uuid(), ${c}, 'D' || n, 'Defect ' || n from generate_series(1, 8) n`);
  await tx.execute(sql`
    insert into inspection_plans (id, company_id, item_id, stage, name)
    select gen_random_uuid(), ${c}, i.id, 'final', 'Final ' || i.part_number
      from items i where i.company_id = ${c} and i.part_number like 'QB-%'`);
  await tx.execute(sql`
    insert into inspection_plan_versions (id, company_id, plan_id, number)
    select gen_random_uuid(), ${c}, p.id, 1 from inspection_plans p where p.company_id = ${c}`);
  await tx.execute(sql`
    insert into inspection_checks (id, company_id, version_id, position, kind, name, lower_limit, upper_limit, unit)
    select gen_random_uuid(), ${c}, v.id, k,
           case when k = 2 and i.part_number = 'QB-001' then 'measurement' else 'pass_fail' end,
           case when k = 2 and i.part_number = 'QB-001' then 'Bore' else 'Check ' || k end,
           case when k = 2 and i.part_number = 'QB-001' then 9.9 end,
           case when k = 2 and i.part_number = 'QB-001' then 10.1 end,
           case when k = 2 and i.part_number = 'QB-001' then 'mm' else '' end
      from inspection_plan_versions v
      join inspection_plans p on p.company_id = v.company_id and p.id = v.plan_id
      join items i on i.company_id = p.company_id and i.id = p.item_id,
           generate_series(1, 2) k
     where v.company_id = ${c}`);
  await tx.execute(sql`
    update inspection_plan_versions set status = 'released', released_at = now(), released_by = 'bench'
     where company_id = ${c}`);
  // Inspection n finished at an even spread over the year; machine n % 10 for even n.
  await tx.execute(sql`
    with plans as (
      select row_number() over (order by i.part_number) - 1 as k, p.id as plan_id, v.id as version_id,
             i.id as item_id
        from inspection_plans p
        join inspection_plan_versions v on v.company_id = p.company_id and v.plan_id = p.id
        join items i on i.company_id = p.company_id and i.id = p.item_id
       where p.company_id = ${c}
    ), ms as (
      select row_number() over (order by asset_tag) - 1 as k, id from machines where company_id = ${c}
    )
    insert into inspections (id, company_id, number, plan_id, plan_version_id, stage, item_id, machine_id,
                             lot_size, sample_size, status, started_by, started_at, finished_by, finished_at)
    select gen_random_uuid(), ${c}, n, plans.plan_id, plans.version_id, 'final', plans.item_id,
           case when n % 2 = 0 then ms.id end, 5, 5, 'passed', 'bench', t, 'bench', t
      from generate_series(1, ${inspections}) n
      -- A fifth of them of the first item (its Bore gets 100,000 readings), the rest spread over the other 19.
      join plans on plans.k = case when n % 5 = 0 then 0 else 1 + n % ${ITEMS - 1} end
      join ms on ms.k = n % 10,
      lateral (select (${today}::date - 365)::timestamptz + (n::double precision / ${inspections}) * interval '365 days' as t) at`);
  // Five units × two checks each; a result fails about 3 % of the time, under a code skewed to the first few; the
  // Bore reads 10 ± 0.05 (a few beyond, as a process drifts).
  await tx.execute(sql`
    with codes as (
      select row_number() over (order by code) - 1 as k, id from defect_codes where company_id = ${c}
    ), checks as (
      select k.id, k.version_id, k.position, k.kind from inspection_checks k where k.company_id = ${c}
    )
    insert into inspection_results (id, company_id, inspection_id, check_id, unit_no, reading_no, passed, value,
                                    defect_code_id, recorded_by, recorded_at)
    select gen_random_uuid(), ${c}, i.id, ch.id, u, 1, not f.failed,
           case when ch.kind = 'measurement' then round((10 + (random() - 0.5) * 0.1)::numeric, 4) end,
           case when f.failed then codes.id end, 'bench', i.finished_at
      from inspections i
      join checks ch on ch.version_id = i.plan_version_id,
           generate_series(1, 5) u,
           lateral (select random() < 0.03 and ch.kind <> 'measurement' as failed,
                           least(7, floor(-ln(random()) * 1.5))::int as code_k) f
      left join codes on codes.k = f.code_k
     where i.company_id = ${c}`);
  // What the finish stores on each row (migration 0050): its defective units and defects, failed when it has any.
  await tx.execute(sql`
    update inspections i
       set defective_units = coalesce(f.units, 0), defects = coalesce(f.defects, 0),
           status = case when f.defects > 0 then 'failed' else 'passed' end
      from inspections k
      left join (select r.inspection_id, count(distinct r.unit_no)::int as units, count(*)::int as defects
                   from inspection_results r
                  where r.company_id = ${c} and not r.passed
                  group by r.inspection_id) f on f.inspection_id = k.id
     where i.company_id = ${c} and k.company_id = i.company_id and k.id = i.id`);
  // And the day sums the dashboard reads (decision 074 "Day sums"), as the finishes would have added them.
  await rebuildQualityDays(tx, c, await companyTimeZone(tx, c));
  const [volume] = (
    (await tx.execute(sql`
      select (select count(*) from inspections where company_id = ${c})::int as inspections,
             (select count(*) from inspection_results where company_id = ${c})::int as results,
             (select count(*) from inspection_results r join inspection_checks k
                on k.company_id = r.company_id and k.id = r.check_id
               where r.company_id = ${c} and k.kind = 'measurement')::int as readings,
             (select k.id::text from inspection_checks k where k.company_id = ${c} and k.kind = 'measurement')
               as check_id,
             (select id::text from items where company_id = ${c} and part_number = 'QB-001') as item_id`)) as unknown as {
      rows: Array<{
        inspections: number;
        results: number;
        readings: number;
        check_id: string;
        item_id: string;
      }>;
    }
  ).rows;
  return {
    items: ITEMS,
    inspections: volume!.inspections,
    results: volume!.results,
    readings: volume!.readings,
    checkId: volume!.check_id,
    itemId: volume!.item_id,
  } satisfies TQualityVolume;
}
