// Gap-free numbers per company and kind (decision 044): the counter row is created on first use and bumped under
// its row lock in the caller's transaction, so a rolled-back order gives its number back and two at once never
// share one.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';

/** The kinds of numbered records: each counts from 1 on its own. */
export type TCounterName =
  | 'build_order'
  | 'work_order'
  | 'breakdown'
  | 'inspection'
  | 'nonconformance'
  | 'job';

/** Takes the next number of `name` for the company, inside `tx` (the caller's tenant transaction). */
export async function takeNextNumber(tx: TDb, companyId: string, name: TCounterName): Promise<number> {
  const rows = await queryRows<{ value: string | number }>(
    tx,
    sql`
    insert into company_counters (company_id, name, next_value) values (${companyId}, ${name}, 2)
    on conflict (company_id, name) do update set next_value = company_counters.next_value + 1
    returning next_value - 1 as value`,
  );
  const row = rows[0];
  if (!row) throw new Error('company counter returned no row');
  return Number(row.value);
}
