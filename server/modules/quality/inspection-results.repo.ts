// Queries of inspection results (decision 072): the insert that records one (check, unit, reading) once however
// many inspectors send it, what is still to record before finishing, and what the results found. Inside the
// tenant's transaction; company_id in every where.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import { inspectionResults } from './inspections.tables.ts';

/** Records the result unless that (check, unit, reading) is recorded already; false when it was. */
export async function insertResult(tx: TDb, row: typeof inspectionResults.$inferInsert): Promise<boolean> {
  const inserted = await tx
    .insert(inspectionResults)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: inspectionResults.id });
  return inserted.length > 0;
}

export interface TMissing {
  checkId: string;
  check: string;
  unitNo: number;
  readingNo: number;
}

/** The (check, unit, reading)s of the sample not yet recorded: the first 50 by unit and check, and how many. */
export async function missingResults(
  tx: TDb,
  companyId: string,
  inspection: { id: string; planVersionId: string; sampleSize: number },
): Promise<{ missing: TMissing[]; total: number }> {
  const wanted = sql`
    from inspection_checks c
    cross join generate_series(1, ${inspection.sampleSize}::int) as u(n)
    cross join lateral generate_series(1, case when c.kind = 'measurement' then c.readings_per_unit else 1 end) as g(r)
    where c.company_id = ${companyId} and c.version_id = ${inspection.planVersionId}
      and not exists (select 1 from inspection_results x
                       where x.company_id = c.company_id and x.inspection_id = ${inspection.id}
                         and x.check_id = c.id and x.unit_no = u.n and x.reading_no = g.r)`;
  const missing = await queryRows<TMissing>(
    tx,
    sql`select c.id as "checkId", c.name as "check", u.n as "unitNo", g.r as "readingNo" ${wanted}
         order by u.n, c.position, g.r limit 50`,
  );
  const [counted] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n ${wanted}`);
  return { missing, total: counted?.n ?? 0 };
}

/** What the results found: units with any failure, and whether a critical check failed. */
export async function findings(tx: TDb, companyId: string, inspectionId: string) {
  const [row] = await queryRows<{ defective: number; defects: number; critical: boolean }>(
    tx,
    sql`select count(distinct r.unit_no)::int as defective, count(*)::int as defects,
               coalesce(bool_or(c.critical), false) as critical
          from inspection_results r
          join inspection_checks c on c.company_id = r.company_id and c.id = r.check_id
         where r.company_id = ${companyId} and r.inspection_id = ${inspectionId} and not r.passed`,
  );
  return { defective: row?.defective ?? 0, defects: row?.defects ?? 0, critical: row?.critical ?? false };
}

/** A defect code of the company (whether it is on), or null. */
export async function defectCodeOf(tx: TDb, companyId: string, id: string) {
  const [row] = await queryRows<{ id: string; active: boolean }>(
    tx,
    sql`select id, active from defect_codes where company_id = ${companyId} and id = ${id}`,
  );
  return row ?? null;
}
