// The measured checks of the Quality dashboard (decision 074 "Day sums"): which have readings in the period, and one
// check's readings grouped by inspection (a subgroup), the latest few hundred of the period. A subgroup is a finished
// inspection (every unit and reading of it recorded) and its time is its finish, so both are read from the inspections
// of the check's plan version through inspections_version_finished_idx, and only the shown subgroups' results are
// read — a characteristic with a hundred thousand readings costs its few hundred latest inspections, not its rows.
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

export interface TCharacteristicRow {
  check_id: string;
  name: string;
  unit: string;
  part_number: string;
  plan_name: string;
  version_number: number;
  readings: number;
}

/**
 * Measurement checks of the company's plans (of the item, when named) with inspections finished in the period, and
 * their readings: a finished inspection has every unit's readings, so they are its sample size × readings per unit.
 */
export async function characteristicsWithData(
  tx: TDb,
  q: { companyId: string; from: Date; until: Date; itemId?: string | undefined },
): Promise<TCharacteristicRow[]> {
  const c = q.companyId;
  const ofItem = q.itemId ? sql`and p.item_id = ${q.itemId}` : sql``;
  return queryRows<TCharacteristicRow>(
    tx,
    sql`select * from (
          select k.id::text as check_id, k.name, k.unit, it.part_number, p.name as plan_name,
                 v.number as version_number,
                 (select coalesce(sum(i.sample_size), 0) from inspections i
                   where i.company_id = ${c} and i.plan_version_id = k.version_id and i.status <> 'open'
                     and i.finished_at >= ${q.from} and i.finished_at < ${q.until})::int * k.readings_per_unit
                   as readings
            from inspection_checks k
            join inspection_plan_versions v on v.company_id = k.company_id and v.id = k.version_id
            join inspection_plans p on p.company_id = v.company_id and p.id = v.plan_id
            join items it on it.company_id = p.company_id and it.id = p.item_id
           where k.company_id = ${c} and k.kind = 'measurement' ${ofItem}
        ) x
        where x.readings > 0
        order by x.part_number, x.plan_name, x.name, x.version_number`,
  );
}

export interface TCheckRow {
  id: string;
  name: string;
  unit: string;
  nominal: string | null;
  lower_limit: string | null;
  upper_limit: string | null;
}

/** A measurement check of the company, or null. */
export async function findMeasuredCheck(
  tx: TDb,
  companyId: string,
  checkId: string,
): Promise<TCheckRow | null> {
  const rows = await queryRows<TCheckRow>(
    tx,
    sql`select id::text, name, unit, nominal::text, lower_limit::text, upper_limit::text
          from inspection_checks
         where company_id = ${companyId} and id = ${checkId} and kind = 'measurement'`,
  );
  return rows[0] ?? null;
}

export interface TSubgroupRow {
  inspection_id: string;
  number: number;
  at: string;
  /** The inspection's readings of the check, unit by unit and reading by reading, as decimal text. */
  readings: string[];
  /** Subgroups in the period in all. */
  total: number;
}

/** The latest `limit` finished inspections' readings of one check in the period, oldest first. */
export async function subgroupsOf(
  tx: TDb,
  q: { companyId: string; checkId: string; from: Date; until: Date; limit: number },
): Promise<TSubgroupRow[]> {
  const c = q.companyId;
  return queryRows<TSubgroupRow>(
    tx,
    sql`with finished as (
          select i.id, i.number, i.finished_at
            from inspections i
           where i.company_id = ${c} and i.status <> 'open'
             and i.plan_version_id = (select k.version_id from inspection_checks k
                                       where k.company_id = ${c} and k.id = ${q.checkId})
             and i.finished_at >= ${q.from} and i.finished_at < ${q.until}
        ), latest as (
          select f.*, (select count(*) from finished)::int as total
            from finished f order by f.finished_at desc, f.number desc limit ${q.limit}
        )
        select l.id::text as inspection_id, l.number,
               to_char(l.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
               array(select r.value::text from inspection_results r
                      where r.company_id = ${c} and r.inspection_id = l.id and r.check_id = ${q.checkId}
                        and r.value is not null
                      order by r.unit_no, r.reading_no) as readings,
               l.total
          from latest l
         order by l.finished_at, l.number`,
  );
}
