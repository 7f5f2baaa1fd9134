// Queries of the location tree, run inside withTenant (row-level security confines them to the company).
import { and, asc, count, eq, ilike, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { TLocation, TLocationListQuery } from '#common/schemas/inventory-setup.ts';
import type { TDb } from '../../db/client.ts';
import { containsPattern, escapeLike } from '../../db/like.ts';
import { locations } from './inventory.tables.ts';

export type TLocationRow = typeof locations.$inferSelect;

export async function findLocation(tx: TDb, companyId: string, id: string): Promise<TLocationRow | null> {
  const [row] = await tx
    .select()
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertLocation(tx: TDb, row: typeof locations.$inferInsert): Promise<TLocationRow> {
  const [inserted] = await tx.insert(locations).values(row).returning();
  return inserted!;
}

/** A page of locations: children of a parent, a subtree, or a search; each with its number of children. */
export async function listLocations(
  tx: TDb,
  companyId: string,
  query: TLocationListQuery,
  under: TLocationRow | null,
): Promise<{ items: TLocation[]; total: number }> {
  const conditions: SQL[] = [eq(locations.companyId, companyId)];
  if (under) conditions.push(like(locations.path, `${escapeLike(under.path)}%`));
  else if (query.parentId) conditions.push(eq(locations.parentId, query.parentId));
  else if (query.q === '') conditions.push(isNull(locations.parentId));
  if (query.q !== '') {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(locations.code, pattern), ilike(locations.name, pattern), ilike(locations.fullCode, pattern))!,
    );
  }
  const where = and(...conditions);
  // Written out: inside a subquery Drizzle would render the outer column unqualified (it would mean c.id).
  const childCount = sql<number>`(select count(*)::int from locations as c where c.parent_id = "locations"."id")`;
  const rows = await tx
    .select({ row: locations, childCount })
    .from(locations)
    .where(where)
    .orderBy(asc(locations.path))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await tx.select({ n: count() }).from(locations).where(where);
  return { items: rows.map(({ row, childCount: n }) => toLocation(row, Number(n))), total: total?.n ?? 0 };
}

export function toLocation(row: TLocationRow, childCount: number): TLocation {
  return {
    id: row.id,
    parentId: row.parentId,
    kind: row.kind as TLocation['kind'],
    code: row.code,
    name: row.name,
    fullCode: row.fullCode,
    depth: row.depth,
    active: row.active,
    childCount,
  };
}

export async function countChildren(tx: TDb, id: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(locations).where(eq(locations.parentId, id));
  return row?.n ?? 0;
}

/** Changes a location's code, name or active flag; a new code is carried into the full code of its subtree. */
export async function updateLocation(
  tx: TDb,
  before: TLocationRow,
  patch: { code?: string; name?: string; active?: boolean },
): Promise<TLocationRow> {
  const code = patch.code ?? before.code;
  const fullCode = before.parentId
    ? `${before.fullCode.slice(0, before.fullCode.length - before.code.length)}${code}`
    : code;
  if (fullCode !== before.fullCode) {
    await tx
      .update(locations)
      .set({ fullCode: sql`${fullCode} || substr(${locations.fullCode}, ${before.fullCode.length + 1})` })
      .where(
        and(
          eq(locations.companyId, before.companyId),
          like(locations.path, `${escapeLike(before.path)}%`),
          sql`${locations.id} <> ${before.id}`,
        ),
      );
  }
  const [row] = await tx
    .update(locations)
    .set({ code, name: patch.name ?? before.name, active: patch.active ?? before.active, fullCode })
    .where(eq(locations.id, before.id))
    .returning();
  return row!;
}
