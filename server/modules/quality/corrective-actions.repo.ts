// Queries of corrective actions after 105E 4.8's discontinuation (decision 077): the pair's latest one, whether it
// came after the pair's last finished lot, and the insert. Inside the tenant's transaction; company_id in every where.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import { samplingCorrectiveActions } from './corrective-actions.tables.ts';
import { pairWhere, type TSwitchingPair } from './inspections.repo.ts';

export interface TCorrectiveActionRow {
  id: string;
  item_id: string;
  stage: 'receipt' | 'final';
  supplier_id: string | null;
  action: string;
  reference: string;
  recorded_by: string;
  recorded_at: Date | string;
  /** Recorded after the pair's last finished lot: the next lot resumes at tightened (4.8). */
  since_last_lot: boolean;
}

/** The pair's latest corrective action, or null. */
export async function latestCorrectiveAction(
  tx: TDb,
  companyId: string,
  pair: TSwitchingPair,
): Promise<TCorrectiveActionRow | null> {
  const [row] = await queryRows<TCorrectiveActionRow>(
    tx,
    sql`select a.id, a.item_id, a.stage, a.supplier_id, a.action, a.reference, a.recorded_by, a.recorded_at,
               a.recorded_at > coalesce(
                 (select max(i.finished_at) from inspections i
                   where ${pairWhere('i', companyId, pair)} and i.status <> 'open' and i.severity is not null),
                 '-infinity'::timestamptz) as since_last_lot
          from sampling_corrective_actions a
         where ${pairWhere('a', companyId, pair)}
         order by a.recorded_at desc, a.id desc
         limit 1`,
  );
  return row ?? null;
}

/** The item, locked so two admins recording the pair's corrective action at once queue up; null when not found. */
export async function lockItem(tx: TDb, companyId: string, itemId: string) {
  const [row] = await queryRows<{ id: string; part_number: string }>(
    tx,
    sql`select id, part_number from items where company_id = ${companyId} and id = ${itemId} for update`,
  );
  return row ?? null;
}

export async function insertCorrectiveAction(tx: TDb, row: typeof samplingCorrectiveActions.$inferInsert) {
  const [inserted] = await tx.insert(samplingCorrectiveActions).values(row).returning();
  return inserted!;
}
