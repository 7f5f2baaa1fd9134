// The entries a dated labor rate covers (decision 080): those of the person that started from the rate's instant
// until their next dated rate. Read and re-priced by the users screens' rate change (a system route: the owner
// connection, so every query names the company), in numeric, so no cost passes through a float.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import { costSql } from './time.repo.ts';

/** The first dated rate of the person after `at`, or null: where a rate set at `at` stops being in force. */
export async function nextRateAfter(
  tx: TDb,
  companyId: string,
  userId: string,
  at: Date,
): Promise<Date | null> {
  const [row] = await queryRows<{ at: string | Date | null }>(
    tx,
    sql`select min(effective_from) as at from labor_rates
         where company_id = ${companyId} and user_id = ${userId} and effective_from > ${at}`,
  );
  return row?.at ? new Date(row.at) : null;
}

const covered = (companyId: string, userId: string, from: Date, until: Date | null) =>
  sql`company_id = ${companyId} and user_id = ${userId} and started_at >= ${from}
      ${until ? sql`and started_at < ${until}` : sql``}`;

/** How many of the person's entries started in [from, until). */
export async function countCovered(
  tx: TDb,
  companyId: string,
  userId: string,
  from: Date,
  until: Date | null,
): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    tx,
    sql`select count(*)::int as n from time_entries where ${covered(companyId, userId, from, until)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Re-prices the person's entries that started in [from, until) at `rate`; returns how many, and the step runs they
 * were spent on (a completed work order's labor follows them, decision 085).
 */
export async function repriceCovered(
  tx: TDb,
  companyId: string,
  userId: string,
  from: Date,
  until: Date | null,
  rate: string,
): Promise<{ count: number; stepRunIds: string[] }> {
  const newRate = sql`${rate}::numeric`;
  const rows = await queryRows<{ id: string; step_run_id: string | null }>(
    tx,
    sql`update time_entries
           set rate = ${newRate},
               cost = case when ended_at is null then null
                           else ${costSql(newRate, sql`started_at`, sql`ended_at`)} end,
               updated_at = now()
         where ${covered(companyId, userId, from, until)}
        returning id, step_run_id`,
  );
  const stepRunIds = rows.flatMap((r) => (r.step_run_id ? [r.step_run_id] : []));
  return { count: rows.length, stepRunIds };
}
