// Queries of maintenance plans, with their machine and open occurrence, run inside a tenant transaction; company_id in
// every where and join (decision 033). The people named as assignees are read through the users columns the tenant
// role may see of its own company (migration 0034).
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TPlanListQuery } from '#common/schemas/maintenance-plans.ts';
import type { TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { users } from '../auth/auth.tables.ts';
import { machines } from './machines.tables.ts';
import { maintenanceOccurrences, maintenancePlans } from './plans.tables.ts';

export type TPlanRow = typeof maintenancePlans.$inferSelect;
export type TOccurrenceRow = typeof maintenanceOccurrences.$inferSelect;
export interface TPlanWithMachine {
  plan: TPlanRow;
  machine: { id: string; name: string; assetTag: string; meterReading: string };
  open: TOccurrenceRow | null;
}

const withMachine = (tx: TDb) =>
  tx
    .select({
      plan: maintenancePlans,
      machine: {
        id: machines.id,
        name: machines.name,
        assetTag: machines.assetTag,
        meterReading: machines.meterReading,
      },
      open: maintenanceOccurrences,
    })
    .from(maintenancePlans)
    .innerJoin(
      machines,
      and(eq(machines.companyId, maintenancePlans.companyId), eq(machines.id, maintenancePlans.machineId)),
    )
    .leftJoin(
      maintenanceOccurrences,
      and(
        eq(maintenanceOccurrences.companyId, maintenancePlans.companyId),
        eq(maintenanceOccurrences.planId, maintenancePlans.id),
        eq(maintenanceOccurrences.status, 'open'),
      ),
    );

function filterOf(companyId: string, filter: Omit<TPlanListQuery, 'page' | 'pageSize'>): SQL {
  const conditions: SQL[] = [eq(maintenancePlans.companyId, companyId)];
  if (filter.machineId) conditions.push(eq(maintenancePlans.machineId, filter.machineId));
  if (filter.active) conditions.push(eq(maintenancePlans.active, filter.active === 'true'));
  if (filter.q) {
    const pattern = containsPattern(filter.q.toLowerCase());
    conditions.push(
      sql`(lower(${maintenancePlans.title}) like ${pattern} or lower(${machines.name}) like ${pattern}
        or lower(${machines.assetTag}) like ${pattern})`,
    );
  }
  return and(...conditions) as SQL;
}

/** A page of plans by title (then machine), with how many match in all. */
export async function listPlans(
  tx: TDb,
  companyId: string,
  filter: TPlanListQuery,
): Promise<{ rows: TPlanWithMachine[]; total: number }> {
  const where = filterOf(companyId, filter);
  const rows = await withMachine(tx)
    .where(where)
    .orderBy(sql`lower(${maintenancePlans.title})`, sql`lower(${machines.name})`, maintenancePlans.id)
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(maintenancePlans)
    .innerJoin(
      machines,
      and(eq(machines.companyId, maintenancePlans.companyId), eq(machines.id, maintenancePlans.machineId)),
    )
    .where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function findPlan(tx: TDb, companyId: string, id: string): Promise<TPlanWithMachine | null> {
  const [row] = await withMachine(tx)
    .where(and(eq(maintenancePlans.companyId, companyId), eq(maintenancePlans.id, id)))
    .limit(1);
  return row ?? null;
}

/** The plan's row locked until the transaction ends: edits, switches and completions of one plan queue up. */
export async function lockPlan(tx: TDb, companyId: string, id: string): Promise<TPlanRow | null> {
  const [row] = await tx
    .select()
    .from(maintenancePlans)
    .where(and(eq(maintenancePlans.companyId, companyId), eq(maintenancePlans.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertPlan(tx: TDb, row: typeof maintenancePlans.$inferInsert): Promise<void> {
  await tx.insert(maintenancePlans).values(row);
}

export async function updatePlan(
  tx: TDb,
  companyId: string,
  id: string,
  set: Partial<typeof maintenancePlans.$inferInsert>,
): Promise<void> {
  await tx
    .update(maintenancePlans)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(maintenancePlans.companyId, companyId), eq(maintenancePlans.id, id)));
}

/** "Ana Diaz"; the part of the address before @ for someone without a name. */
function personName(row: { firstName: string; lastName: string; email: string }): string {
  return `${row.firstName} ${row.lastName}`.trim() || row.email.split('@')[0]!;
}

/** The names of the company's people among `ids` (inactive ones too: a plan keeps naming who it was given to). */
export async function peopleNames(tx: TDb, companyId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, personName(r)]));
}

/** An active person of the company, or null (inactive, another company's, nowhere). */
export async function findActivePerson(
  tx: TDb,
  companyId: string,
  id: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id), eq(users.active, true)))
    .limit(1);
  return row ? { id: row.id, name: personName(row) } : null;
}

/** A page of the company's active people by name, searched by name. */
export async function listActivePeople(
  tx: TDb,
  companyId: string,
  query: { q: string; page: number; pageSize: number },
): Promise<{ rows: { id: string; name: string }[]; total: number }> {
  const conditions: SQL[] = [eq(users.companyId, companyId), eq(users.active, true)];
  if (query.q) {
    const pattern = containsPattern(query.q.toLowerCase());
    conditions.push(
      sql`(lower(${users.firstName}) like ${pattern} or lower(${users.lastName}) like ${pattern}
        or lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern})`,
    );
  }
  const where = and(...conditions);
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return { rows: rows.map((r) => ({ id: r.id, name: personName(r) })), total: Number(counted?.n ?? 0) };
}
