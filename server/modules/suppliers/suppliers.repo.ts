// Queries of suppliers (decision 070), inside the tenant's transaction; company_id in every where.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { TSupplierListQuery } from '#common/schemas/suppliers.ts';
import type { TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { suppliers } from './suppliers.tables.ts';

export type TSupplierRow = typeof suppliers.$inferSelect;

export async function findSupplier(tx: TDb, companyId: string, id: string): Promise<TSupplierRow | null> {
  const [row] = await tx
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.companyId, companyId), eq(suppliers.id, id)))
    .limit(1);
  return row ?? null;
}

/** The row locked for the rest of the transaction: two edits of one code queue up, each audited against the last. */
export async function lockSupplier(tx: TDb, companyId: string, id: string): Promise<TSupplierRow | null> {
  const [row] = await tx
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.companyId, companyId), eq(suppliers.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertSupplier(tx: TDb, row: typeof suppliers.$inferInsert): Promise<TSupplierRow> {
  const [inserted] = await tx.insert(suppliers).values(row).returning();
  return inserted!;
}

export async function updateSupplier(
  tx: TDb,
  companyId: string,
  id: string,
  set: Partial<typeof suppliers.$inferInsert>,
): Promise<TSupplierRow> {
  const [updated] = await tx
    .update(suppliers)
    .set(set)
    .where(and(eq(suppliers.companyId, companyId), eq(suppliers.id, id)))
    .returning();
  return updated!;
}

/** A page of the company's codes by code, with how many match. */
export async function listSuppliers(tx: TDb, companyId: string, query: TSupplierListQuery) {
  const where: SQL[] = [eq(suppliers.companyId, companyId)];
  if (query.active !== 'all') where.push(eq(suppliers.active, query.active === 'active'));
  if (query.q) {
    const pattern = containsPattern(query.q.toLowerCase());
    where.push(
      sql`(lower(${suppliers.code}) like ${pattern} or lower(${suppliers.name}) like ${pattern}
           or lower(${suppliers.contact}) like ${pattern} or lower(${suppliers.email}) like ${pattern})`,
    );
  }
  const condition = and(...where);
  const rows = await tx
    .select()
    .from(suppliers)
    .where(condition)
    .orderBy(asc(sql`lower(${suppliers.code})`))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(suppliers).where(condition);
  return { rows, total: counted?.n ?? 0 };
}
