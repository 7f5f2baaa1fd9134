// Queries of breakdowns, run inside a tenant transaction; company_id in every where and join (decision 033).
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TBreakdownFilter } from '#common/schemas/breakdowns.ts';
import type { TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { breakdowns } from './breakdowns.tables.ts';
import { machineStatusEvents, machines } from './machines.tables.ts';

export type TBreakdownRow = typeof breakdowns.$inferSelect;
/** A breakdown with the machine it stopped. */
export interface TBreakdownWithMachine {
  breakdown: TBreakdownRow;
  machine: { id: string; name: string; assetTag: string; status: string };
}

const withMachine = (tx: TDb) =>
  tx
    .select({
      breakdown: breakdowns,
      machine: { id: machines.id, name: machines.name, assetTag: machines.assetTag, status: machines.status },
    })
    .from(breakdowns)
    .innerJoin(
      machines,
      and(eq(machines.companyId, breakdowns.companyId), eq(machines.id, breakdowns.machineId)),
    );

function filterOf(companyId: string, filter: TBreakdownFilter): SQL {
  const conditions: SQL[] = [eq(breakdowns.companyId, companyId)];
  if (filter.machineId) conditions.push(eq(breakdowns.machineId, filter.machineId));
  if (filter.priority) conditions.push(eq(breakdowns.priority, filter.priority));
  if (filter.status === 'open') conditions.push(inArray(breakdowns.status, ['reported', 'in_progress']));
  else if (filter.status) conditions.push(eq(breakdowns.status, filter.status));
  if (filter.q) {
    const pattern = containsPattern(filter.q.toLowerCase());
    conditions.push(
      sql`(${breakdowns.number}::text = ${filter.q.replace(/^#/, '')} or lower(${breakdowns.problem}) like ${pattern}
        or lower(${machines.name}) like ${pattern} or lower(${machines.assetTag}) like ${pattern})`,
    );
  }
  return and(...conditions) as SQL;
}

/** A page of breakdowns, newest report first, with how many match in all. */
export async function listBreakdowns(
  tx: TDb,
  companyId: string,
  filter: TBreakdownFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TBreakdownWithMachine[]; total: number }> {
  const where = filterOf(companyId, filter);
  const rows = await withMachine(tx)
    .where(where)
    .orderBy(desc(breakdowns.reportedAt), desc(breakdowns.number))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(breakdowns)
    .innerJoin(
      machines,
      and(eq(machines.companyId, breakdowns.companyId), eq(machines.id, breakdowns.machineId)),
    )
    .where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function findBreakdown(
  tx: TDb,
  companyId: string,
  id: string,
): Promise<TBreakdownWithMachine | null> {
  const [row] = await withMachine(tx)
    .where(and(eq(breakdowns.companyId, companyId), eq(breakdowns.id, id)))
    .limit(1);
  return row ?? null;
}

/** The breakdown's row locked until the transaction ends: two starts or resolves of one breakdown queue up. */
export async function lockBreakdown(tx: TDb, companyId: string, id: string): Promise<TBreakdownRow | null> {
  const [row] = await tx
    .select()
    .from(breakdowns)
    .where(and(eq(breakdowns.companyId, companyId), eq(breakdowns.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertBreakdown(tx: TDb, row: typeof breakdowns.$inferInsert): Promise<void> {
  await tx.insert(breakdowns).values(row);
}

export async function updateBreakdown(
  tx: TDb,
  companyId: string,
  id: string,
  set: Partial<typeof breakdowns.$inferInsert>,
): Promise<void> {
  await tx
    .update(breakdowns)
    .set(set)
    .where(and(eq(breakdowns.companyId, companyId), eq(breakdowns.id, id)));
}

/** The machine's status changes a breakdown made, oldest first. */
export async function eventsOfBreakdown(tx: TDb, companyId: string, breakdownId: string) {
  return tx
    .select()
    .from(machineStatusEvents)
    .where(
      and(eq(machineStatusEvents.companyId, companyId), eq(machineStatusEvents.breakdownId, breakdownId)),
    )
    .orderBy(asc(machineStatusEvents.at), asc(machineStatusEvents.id));
}
