// Writing the dashboard's day sums (quality-days.tables.ts, decision 074 "Day sums"). A finish adds its inspection in
// its own transaction (two finishes on one cell meet in the upsert's row lock, so neither sum is lost); a rebuild
// derives a company's from its finished inspections with the same expressions, and is what the migration ran and
// what test and bench data call after writing inspections straight into the tables. The day is the finish's date on
// the company's clock; a company's zone is fixed at registration (no screen changes it), and a change of it would
// have to rebuild.
import { type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';

/**
 * The opportunities per unit of the plan versions `versions` selects (an `and …` on `k`): checks × readings. A finish
 * asks for its own version's only, so it does not sum every check of the company on the way.
 */
const OPPORTUNITIES = (companyId: string, versions: SQL) => sql`
  select k.version_id, sum(k.readings_per_unit)::bigint as n
    from inspection_checks k where k.company_id = ${companyId} ${versions} group by k.version_id`;

/** The cells of the finished inspections that `which` selects (an `and …` on `i`), grouped, as rows to insert. */
function daySums(companyId: string, timeZone: string, which: SQL, versions: SQL = sql``): SQL {
  return sql`
    select gen_random_uuid(), i.company_id, (i.finished_at at time zone ${timeZone})::date, i.item_id, i.step_id,
           i.machine_id, count(*)::int, sum(i.sample_size)::int,
           sum(i.sample_size - coalesce(i.defective_units, 0))::int, sum(coalesce(i.defects, 0))::int,
           sum(i.sample_size * coalesce(opp.n, 0))::bigint
      from inspections i
      left join (${OPPORTUNITIES(companyId, versions)}) opp on opp.version_id = i.plan_version_id
     where i.company_id = ${companyId} and i.status <> 'open' ${which}
     group by 2, 3, 4, 5, 6`;
}

/** The defect-code counts of the failed results of the finished inspections that `which` selects. */
function dayDefects(companyId: string, timeZone: string, which: SQL): SQL {
  return sql`
    select gen_random_uuid(), i.company_id, (i.finished_at at time zone ${timeZone})::date, i.item_id,
           r.defect_code_id, count(*)::int
      from inspections i
      join inspection_results r on r.company_id = i.company_id and r.inspection_id = i.id and not r.passed
     where i.company_id = ${companyId} and i.status <> 'open' ${which}
     group by 2, 3, 4, 5`;
}

const INSERT_DAYS = sql`insert into inspection_days
  (id, company_id, day, item_id, step_id, machine_id, inspections, units, passed, defects, opportunities)`;
const INSERT_DEFECTS = sql`insert into inspection_day_defects (id, company_id, day, item_id, defect_code_id, failures)`;

/** Adds a just-finished inspection to its day's cells, in the finish's transaction. */
export async function addToQualityDays(tx: TDb, companyId: string, inspectionId: string, timeZone: string) {
  const which = sql`and i.id = ${inspectionId}`;
  const version = sql`and k.version_id = (select plan_version_id from inspections
                                           where company_id = ${companyId} and id = ${inspectionId})`;
  await tx.execute(sql`${INSERT_DAYS} ${daySums(companyId, timeZone, which, version)}
    on conflict on constraint inspection_days_cell_unique do update set
      inspections = inspection_days.inspections + excluded.inspections,
      units = inspection_days.units + excluded.units,
      passed = inspection_days.passed + excluded.passed,
      defects = inspection_days.defects + excluded.defects,
      opportunities = inspection_days.opportunities + excluded.opportunities`);
  await tx.execute(sql`${INSERT_DEFECTS} ${dayDefects(companyId, timeZone, which)}
    on conflict on constraint inspection_day_defects_cell_unique do update set
      failures = inspection_day_defects.failures + excluded.failures`);
}

/** Derives all of a company's cells afresh from its finished inspections. */
export async function rebuildQualityDays(tx: TDb, companyId: string, timeZone: string) {
  await tx.execute(sql`delete from inspection_days where company_id = ${companyId}`);
  await tx.execute(sql`delete from inspection_day_defects where company_id = ${companyId}`);
  await tx.execute(sql`${INSERT_DAYS} ${daySums(companyId, timeZone, sql``)}`);
  await tx.execute(sql`${INSERT_DEFECTS} ${dayDefects(companyId, timeZone, sql``)}`);
}
