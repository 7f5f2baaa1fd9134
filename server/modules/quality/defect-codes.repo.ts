// Queries of defect codes (decision 070), inside the tenant's transaction; company_id in every where.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { TDefectCodeListQuery } from '#common/schemas/defect-codes.ts';
import type { TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { defectCodes } from './plans.tables.ts';

export type TDefectCodeRow = typeof defectCodes.$inferSelect;

export async function findDefectCode(tx: TDb, companyId: string, id: string): Promise<TDefectCodeRow | null> {
  const [row] = await tx
    .select()
    .from(defectCodes)
    .where(and(eq(defectCodes.companyId, companyId), eq(defectCodes.id, id)))
    .limit(1);
  return row ?? null;
}

/** The row locked for the rest of the transaction: two edits of one code queue up, each audited against the last. */
export async function lockDefectCode(tx: TDb, companyId: string, id: string): Promise<TDefectCodeRow | null> {
  const [row] = await tx
    .select()
    .from(defectCodes)
    .where(and(eq(defectCodes.companyId, companyId), eq(defectCodes.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertDefectCode(
  tx: TDb,
  row: typeof defectCodes.$inferInsert,
): Promise<TDefectCodeRow> {
  const [inserted] = await tx.insert(defectCodes).values(row).returning();
  return inserted!;
}

export async function updateDefectCode(
  tx: TDb,
  companyId: string,
  id: string,
  set: Partial<typeof defectCodes.$inferInsert>,
): Promise<TDefectCodeRow> {
  const [updated] = await tx
    .update(defectCodes)
    .set(set)
    .where(and(eq(defectCodes.companyId, companyId), eq(defectCodes.id, id)))
    .returning();
  return updated!;
}

/** A page of the company's codes by code, with how many match. */
export async function listDefectCodes(tx: TDb, companyId: string, query: TDefectCodeListQuery) {
  const where: SQL[] = [eq(defectCodes.companyId, companyId)];
  if (query.active !== 'all') where.push(eq(defectCodes.active, query.active === 'active'));
  if (query.q) {
    const pattern = containsPattern(query.q.toLowerCase());
    where.push(
      sql`(lower(${defectCodes.code}) like ${pattern} or lower(${defectCodes.name}) like ${pattern}
           or lower(${defectCodes.category}) like ${pattern})`,
    );
  }
  const condition = and(...where);
  const rows = await tx
    .select()
    .from(defectCodes)
    .where(condition)
    .orderBy(asc(sql`lower(${defectCodes.code})`))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(defectCodes).where(condition);
  return { rows, total: counted?.n ?? 0 };
}
