// Queries of plan occurrences inside a tenant transaction; company_id in every where and join (decision 033).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { maintenanceOccurrences, maintenancePlans } from './plans.tables.ts';

export type TOccurrenceRow = typeof maintenanceOccurrences.$inferSelect;
const occ = maintenanceOccurrences;

export async function insertOccurrences(tx: TDb, rows: (typeof occ.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(occ).values(rows);
}

export async function updateOccurrence(
  tx: TDb,
  companyId: string,
  id: string,
  set: Partial<typeof occ.$inferInsert>,
): Promise<void> {
  await tx
    .update(occ)
    .set(set)
    .where(and(eq(occ.companyId, companyId), eq(occ.id, id)));
}

export async function findOccurrence(tx: TDb, companyId: string, id: string): Promise<TOccurrenceRow | null> {
  const [row] = await tx
    .select()
    .from(occ)
    .where(and(eq(occ.companyId, companyId), eq(occ.id, id)))
    .limit(1);
  return row ?? null;
}

/** The occurrence locked until the transaction ends: two completions of one occurrence queue, the second sees it done. */
export async function lockOccurrence(tx: TDb, companyId: string, id: string): Promise<TOccurrenceRow | null> {
  const [row] = await tx
    .select()
    .from(occ)
    .where(and(eq(occ.companyId, companyId), eq(occ.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function openOccurrenceOf(
  tx: TDb,
  companyId: string,
  planId: string,
): Promise<TOccurrenceRow | null> {
  const [row] = await tx
    .select()
    .from(occ)
    .where(and(eq(occ.companyId, companyId), eq(occ.planId, planId), eq(occ.status, 'open')))
    .limit(1);
  return row ?? null;
}

/** The plan's newest completed and missed occurrences: by the day they were done or due, newest first. */
export async function historyOf(tx: TDb, companyId: string, planId: string, limit: number) {
  return tx
    .select()
    .from(occ)
    .where(
      and(eq(occ.companyId, companyId), eq(occ.planId, planId), inArray(occ.status, ['completed', 'missed'])),
    )
    .orderBy(desc(sql`coalesce(${occ.completedOn}, ${occ.dueOn})`), desc(occ.createdAt), desc(occ.id))
    .limit(limit);
}

/** The plan's latest completion: the one its schedule steps from. */
export async function lastCompletionOf(
  tx: TDb,
  companyId: string,
  planId: string,
): Promise<TOccurrenceRow | null> {
  const [row] = await tx
    .select()
    .from(occ)
    .where(and(eq(occ.companyId, companyId), eq(occ.planId, planId), eq(occ.status, 'completed')))
    .orderBy(desc(occ.completedAt), desc(occ.id))
    .limit(1);
  return row ?? null;
}

/** A machine's open occurrences of plans switched on, by due date (meter-only ones last, by reading). */
export async function openOfMachine(tx: TDb, companyId: string, machineId: string) {
  return tx
    .select({ occurrence: occ, plan: maintenancePlans })
    .from(occ)
    .innerJoin(
      maintenancePlans,
      and(eq(maintenancePlans.companyId, occ.companyId), eq(maintenancePlans.id, occ.planId)),
    )
    .where(
      and(
        eq(occ.companyId, companyId),
        eq(occ.machineId, machineId),
        eq(occ.status, 'open'),
        eq(maintenancePlans.active, true),
      ),
    )
    .orderBy(sql`${occ.dueOn} asc nulls last`, sql`${occ.dueReading} asc nulls last`, asc(occ.id));
}
