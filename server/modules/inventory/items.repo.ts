// Queries of items (SKUs), run inside withTenant (row-level security confines them to the company).
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { TItem, TItemListQuery } from '#common/schemas/inventory-setup.ts';
import type { TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { items, locations } from './inventory.tables.ts';

export type TItemRow = typeof items.$inferSelect;

/** Money and quantities as stored ("12.5000") to one spelling ("12.5"). */
function trimDecimal(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

export function toItem(row: TItemRow, defaultLocationPath: string | null): TItem {
  return {
    id: row.id,
    partNumber: row.partNumber,
    name: row.name,
    description: row.description,
    unitOfMeasure: row.unitOfMeasure,
    category: row.category,
    unitCost: trimDecimal(row.unitCost),
    reorderPoint: row.reorderPoint === null ? null : trimDecimal(row.reorderPoint),
    defaultLocationId: row.defaultLocationId,
    defaultLocationPath,
    lotTracked: row.lotTracked,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findItem(tx: TDb, companyId: string, id: string): Promise<TItem | null> {
  const [found] = await tx
    .select({ item: items, path: locations.fullCode })
    .from(items)
    .leftJoin(locations, eq(locations.id, items.defaultLocationId))
    .where(and(eq(items.companyId, companyId), eq(items.id, id)))
    .limit(1);
  return found ? toItem(found.item, found.path) : null;
}

export async function findItemRow(tx: TDb, companyId: string, id: string): Promise<TItemRow | null> {
  const [row] = await tx
    .select()
    .from(items)
    .where(and(eq(items.companyId, companyId), eq(items.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * The item's row, locked: `update` by a change that other rules read (lot tracking, which a receipt plan's release
 * checks), `share` by such a rule's reader, so that the two take turns instead of both seeing the state before.
 */
export async function lockItemRow(
  tx: TDb,
  companyId: string,
  id: string,
  strength: 'update' | 'share',
): Promise<TItemRow | null> {
  const [row] = await tx
    .select()
    .from(items)
    .where(and(eq(items.companyId, companyId), eq(items.id, id)))
    .limit(1)
    .for(strength);
  return row ?? null;
}

/** A page of items by part number, searched by part number, name or category, and how many match. */
export async function listItems(
  tx: TDb,
  companyId: string,
  query: TItemListQuery,
): Promise<{ items: TItem[]; total: number }> {
  const conditions: SQL[] = [eq(items.companyId, companyId)];
  if (query.status !== 'all') conditions.push(eq(items.active, query.status === 'active'));
  if (query.category) conditions.push(eq(items.category, query.category));
  if (query.q !== '') {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(items.partNumber, pattern), ilike(items.name, pattern), ilike(items.category, pattern))!,
    );
  }
  const where = and(...conditions);
  const rows = await tx
    .select({ item: items, path: locations.fullCode })
    .from(items)
    .leftJoin(locations, eq(locations.id, items.defaultLocationId))
    .where(where)
    .orderBy(asc(sql`lower(${items.partNumber})`), asc(items.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await tx.select({ n: count() }).from(items).where(where);
  return { items: rows.map((r) => toItem(r.item, r.path)), total: total?.n ?? 0 };
}

/** How many active items (SKUs) the company has: what the plan's SKU limit counts. */
export async function countActiveItems(tx: TDb, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(items)
    .where(and(eq(items.companyId, companyId), eq(items.active, true)));
  return row?.n ?? 0;
}

/**
 * Serialises SKU-count changes of one company until the transaction ends (a transaction-level advisory lock,
 * which the tenant role may take): two admins adding the last allowed SKU at once are served one after the other.
 */
export async function lockSkuCount(tx: TDb, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sku-count:${companyId}`}, 0))`);
}

export async function insertItem(tx: TDb, row: typeof items.$inferInsert): Promise<TItemRow> {
  const [inserted] = await tx.insert(items).values(row).returning();
  return inserted!;
}

export async function updateItem(
  tx: TDb,
  companyId: string,
  id: string,
  patch: Partial<typeof items.$inferInsert>,
): Promise<TItemRow | null> {
  const [row] = await tx
    .update(items)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(items.companyId, companyId), eq(items.id, id)))
    .returning();
  return row ?? null;
}

/**
 * The item whose part number is `partNumber` in any case, with its default location's code: one query on the unique
 * index (company_id, part_number_key): a stored lower(part_number), which row-level security lets an index answer.
 */
export async function findItemByPartNumber(tx: TDb, companyId: string, partNumber: string) {
  const [row] = await tx
    .select({ item: items, path: locations.fullCode })
    .from(items)
    .leftJoin(locations, eq(locations.id, items.defaultLocationId))
    .where(and(eq(items.companyId, companyId), eq(items.partNumberKey, sql`lower(${partNumber})`)))
    .limit(1);
  return row ?? null;
}
