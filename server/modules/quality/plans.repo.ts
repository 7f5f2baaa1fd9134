// Queries of inspection plans, their versions and checks (decision 071), inside the tenant's transaction;
// company_id in every where.
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TPlanListQuery } from '#common/schemas/inspection-plans.ts';
import type { TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { files } from '../files/files.tables.ts';
import { items } from '../inventory/inventory.tables.ts';
import { inspectionChecks, inspectionPlans, inspectionPlanVersions } from './plans.tables.ts';

export type TPlanRow = typeof inspectionPlans.$inferSelect;
export type TVersionRow = typeof inspectionPlanVersions.$inferSelect;
export type TCheckRow = typeof inspectionChecks.$inferSelect;
export type TFileRow = typeof files.$inferSelect;

const itemColumns = {
  id: items.id,
  partNumber: items.partNumber,
  name: items.name,
  unitOfMeasure: items.unitOfMeasure,
};
const itemJoin = and(eq(items.companyId, inspectionPlans.companyId), eq(items.id, inspectionPlans.itemId));

/** Highest released and the draft's number of each plan, as columns of the list. */
const releasedNumber = sql<number | null>`(select max(v.number) from inspection_plan_versions v
  where v.company_id = ${inspectionPlans.companyId} and v.plan_id = ${inspectionPlans.id} and v.status = 'released')`;
const draftNumber = sql<number | null>`(select max(v.number) from inspection_plan_versions v
  where v.company_id = ${inspectionPlans.companyId} and v.plan_id = ${inspectionPlans.id} and v.status = 'draft')`;

/** A page of the company's plans by part number, stage and name, with how many match. */
export async function listPlans(tx: TDb, companyId: string, query: TPlanListQuery) {
  const where: SQL[] = [eq(inspectionPlans.companyId, companyId)];
  if (query.itemId) where.push(eq(inspectionPlans.itemId, query.itemId));
  if (query.stage) where.push(eq(inspectionPlans.stage, query.stage));
  if (query.active !== 'all') where.push(eq(inspectionPlans.active, query.active === 'active'));
  if (query.q) {
    const pattern = containsPattern(query.q.toLowerCase());
    where.push(
      sql`(lower(${inspectionPlans.name}) like ${pattern} or lower(${items.partNumber}) like ${pattern}
           or lower(${items.name}) like ${pattern})`,
    );
  }
  const condition = and(...where);
  const rows = await tx
    .select({
      plan: inspectionPlans,
      item: itemColumns,
      releasedNumber,
      draftNumber,
    })
    .from(inspectionPlans)
    .innerJoin(items, itemJoin)
    .where(condition)
    .orderBy(
      asc(items.partNumber),
      sql`array_position(array['receipt','step','final'], ${inspectionPlans.stage})`,
      asc(sql`lower(${inspectionPlans.name})`),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(inspectionPlans)
    .innerJoin(items, itemJoin)
    .where(condition);
  return { rows, total: counted?.n ?? 0 };
}

export type TPlanWithItem = Awaited<ReturnType<typeof findPlan>> & {};

/** A plan with its item and its version numbers (null when not the company's). */
export async function findPlan(tx: TDb, companyId: string, id: string, lock = false) {
  const query = tx
    .select({ plan: inspectionPlans, item: itemColumns, releasedNumber, draftNumber })
    .from(inspectionPlans)
    .innerJoin(items, itemJoin)
    .where(and(eq(inspectionPlans.companyId, companyId), eq(inspectionPlans.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: inspectionPlans }) : await query;
  return row ?? null;
}

export async function insertPlan(tx: TDb, row: typeof inspectionPlans.$inferInsert): Promise<void> {
  await tx.insert(inspectionPlans).values(row);
}

export async function updatePlan(
  tx: TDb,
  companyId: string,
  id: string,
  set: { name: string; active: boolean },
): Promise<void> {
  await tx
    .update(inspectionPlans)
    .set(set)
    .where(and(eq(inspectionPlans.companyId, companyId), eq(inspectionPlans.id, id)));
}

/** A plan's versions, newest first, with how many checks each has. */
export async function versionsOf(tx: TDb, companyId: string, planId: string) {
  return tx
    .select({
      version: inspectionPlanVersions,
      // A join, not a correlated subquery: in a one-table select Drizzle writes the outer columns unqualified,
      // so `c.version_id = "id"` compared the check with itself and every version counted 0 checks.
      checkCount: sql<number>`count(${inspectionChecks.id})::int`,
    })
    .from(inspectionPlanVersions)
    .leftJoin(
      inspectionChecks,
      and(
        eq(inspectionChecks.companyId, inspectionPlanVersions.companyId),
        eq(inspectionChecks.versionId, inspectionPlanVersions.id),
      ),
    )
    .where(and(eq(inspectionPlanVersions.companyId, companyId), eq(inspectionPlanVersions.planId, planId)))
    .groupBy(inspectionPlanVersions.companyId, inspectionPlanVersions.id)
    .orderBy(desc(inspectionPlanVersions.number));
}

export async function findVersion(tx: TDb, companyId: string, id: string, lock = false) {
  const query = tx
    .select()
    .from(inspectionPlanVersions)
    .where(and(eq(inspectionPlanVersions.companyId, companyId), eq(inspectionPlanVersions.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertVersion(tx: TDb, row: typeof inspectionPlanVersions.$inferInsert): Promise<void> {
  await tx.insert(inspectionPlanVersions).values(row);
}

export async function updateVersion(
  tx: TDb,
  companyId: string,
  id: string,
  set: Partial<typeof inspectionPlanVersions.$inferInsert>,
): Promise<void> {
  await tx
    .update(inspectionPlanVersions)
    .set(set)
    .where(and(eq(inspectionPlanVersions.companyId, companyId), eq(inspectionPlanVersions.id, id)));
}

/** A version's checks in order, each with its reference file when it has one. */
export async function checksOf(tx: TDb, companyId: string, versionId: string) {
  return tx
    .select({ check: inspectionChecks, file: files })
    .from(inspectionChecks)
    .leftJoin(
      files,
      and(eq(files.companyId, inspectionChecks.companyId), eq(files.id, inspectionChecks.referenceFileId)),
    )
    .where(and(eq(inspectionChecks.companyId, companyId), eq(inspectionChecks.versionId, versionId)))
    .orderBy(asc(inspectionChecks.position));
}

export async function deleteChecks(tx: TDb, companyId: string, versionId: string): Promise<void> {
  await tx
    .delete(inspectionChecks)
    .where(and(eq(inspectionChecks.companyId, companyId), eq(inspectionChecks.versionId, versionId)));
}

export async function insertChecks(tx: TDb, rows: (typeof inspectionChecks.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(inspectionChecks).values(rows);
}

/** Plans among `ids` of the company (any item, any stage): the caller checks they fit. */
export async function plansAmong(tx: TDb, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ plan: inspectionPlans, releasedNumber })
    .from(inspectionPlans)
    .where(and(eq(inspectionPlans.companyId, companyId), inArray(inspectionPlans.id, ids)));
}
