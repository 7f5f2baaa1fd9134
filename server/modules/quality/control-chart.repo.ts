// The measured checks of the Quality dashboard (decision 074): which have readings in the period, and one check's
// readings grouped by inspection (a subgroup), the latest few hundred of the period — read through
// inspection_results_check_idx (company, check, recorded time) and grouped in the database, so a characteristic with a
// hundred thousand readings sends its subgroups, not its rows.
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
 * Measurement checks of the company's plans (of the item, when named) with readings recorded in the period. Every
 * result of a measurement check is a reading (the server refuses one without its value), so the count is of the
 * index inspection_results_check_idx alone, without a visit to each of a year's 100,000 rows.
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
                 (select count(*) from inspection_results r
                   where r.company_id = ${c} and r.check_id = k.id
                     and r.recorded_at >= ${q.from} and r.recorded_at < ${q.until})::int as readings
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

/** The latest `limit` inspections' readings of one check in the period, oldest first. */
export async function subgroupsOf(
  tx: TDb,
  q: { companyId: string; checkId: string; from: Date; until: Date; limit: number },
): Promise<TSubgroupRow[]> {
  const c = q.companyId;
  return queryRows<TSubgroupRow>(
    tx,
    sql`with groups as (
          select r.inspection_id, max(r.recorded_at) as at,
                 array_agg(r.value::text order by r.unit_no, r.reading_no) as readings
            from inspection_results r
           where r.company_id = ${c} and r.check_id = ${q.checkId}
             and r.recorded_at >= ${q.from} and r.recorded_at < ${q.until} and r.value is not null
           group by r.inspection_id
        ), latest as (
          select g.*, (count(*) over ())::int as total from groups g order by g.at desc, g.inspection_id
           limit ${q.limit}
        )
        select l.inspection_id::text, i.number,
               to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, l.readings, l.total
          from latest l
          join inspections i on i.company_id = ${c} and i.id = l.inspection_id
         order by l.at, i.number`,
  );
}
