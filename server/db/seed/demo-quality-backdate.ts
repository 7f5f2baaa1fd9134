// Dating the demo's Quality history in the past, as demo-backdate.ts dates Build's: the services stamp an inspection,
// a nonconformance and a received lot with the moment the seed runs them, then their own dates are moved to the day
// they stand for. What is history by design keeps the instant it was written (decision 068): the results
// (inspection_results_immutable), the holds' log (lot_holds_immutable), the audit trail, a nonconformance's
// dispositions (nc_dispositions_immutable) and their postings, a released plan version or revision (frozen) and a
// closed nonconformance (nonconformances_final) — so a nonconformance's opening is dated before it is closed.
import { sql } from 'drizzle-orm';
import type { TTenant } from '../tenant.ts';

const MINUTE = 60_000;

/** Dates lot `id` as received at `receivedAt` (and held then, when it is held). */
export async function dateLot(admin: TTenant, id: string, receivedAt: Date): Promise<void> {
  await admin.run((tx) =>
    tx.execute(
      sql`update lots set created_at = ${receivedAt},
                          held_at = case when held_at is null then null else ${receivedAt}::timestamptz end
           where company_id = ${admin.companyId} and id = ${id}`,
    ),
  );
}

/** Dates inspection `id` as started at `startedAt` and finished `minutes` later (left open when it is open). */
export async function dateInspection(
  admin: TTenant,
  id: string,
  startedAt: Date,
  minutes: number,
): Promise<void> {
  const finishedAt = new Date(startedAt.getTime() + minutes * MINUTE);
  await admin.run((tx) =>
    tx.execute(
      sql`update inspections set started_at = ${startedAt},
                 finished_at = case when finished_at is null then null else ${finishedAt}::timestamptz end
           where company_id = ${admin.companyId} and id = ${id}`,
    ),
  );
}

/**
 * Dates nonconformance `id` as opened at `openedAt`. Its dispositions (nc_dispositions, written once like the ledger's
 * postings they make) keep the instant the seed made them.
 */
export async function dateNonconformance(admin: TTenant, id: string, openedAt: Date): Promise<void> {
  await admin.run((tx) =>
    tx.execute(
      sql`update nonconformances set opened_at = ${openedAt}
           where company_id = ${admin.companyId} and id = ${id}`,
    ),
  );
}
