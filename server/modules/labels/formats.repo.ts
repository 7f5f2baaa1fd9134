// Queries of label_formats, run inside withTenant (row-level security confines them to the company).
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TLabelFormat } from '#common/schemas/labels.ts';
import type { TDb } from '../../db/client.ts';
import { labelFormats } from './labels.tables.ts';

export type TLabelFormatRow = typeof labelFormats.$inferSelect;

export function toLabelFormat(row: TLabelFormatRow): TLabelFormat {
  return {
    id: row.id,
    name: row.name,
    // numeric(7,3) reads back as "4.000": shown as typed.
    width: trimDecimal(row.width),
    height: trimDecimal(row.height),
    unit: row.unit as TLabelFormat['unit'],
    symbology: row.symbology as TLabelFormat['symbology'],
    fields: row.fields as TLabelFormat['fields'],
    freeText: row.freeText,
    textSize: row.textSize,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

export async function listFormats(
  tx: TDb,
  companyId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: TLabelFormatRow[]; total: number }> {
  const where = eq(labelFormats.companyId, companyId);
  const rows = await tx
    .select()
    .from(labelFormats)
    .where(where)
    .orderBy(asc(sql`lower(${labelFormats.name})`))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(labelFormats).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function countFormats(tx: TDb, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(labelFormats)
    .where(eq(labelFormats.companyId, companyId));
  return row?.n ?? 0;
}

export async function findFormat(tx: TDb, companyId: string, id: string): Promise<TLabelFormatRow | null> {
  const [row] = await tx
    .select()
    .from(labelFormats)
    .where(and(eq(labelFormats.companyId, companyId), eq(labelFormats.id, id)))
    .limit(1);
  return row ?? null;
}

/** Inserts a format; with `ifNameFree` a format of the same name makes it a no-op (null) instead of an error. */
export async function insertFormat(
  tx: TDb,
  row: typeof labelFormats.$inferInsert,
  ifNameFree = false,
): Promise<TLabelFormatRow | null> {
  const insert = tx.insert(labelFormats).values(row);
  const [inserted] = await (ifNameFree ? insert.onConflictDoNothing() : insert).returning();
  return inserted ?? null;
}

export async function updateFormat(
  tx: TDb,
  companyId: string,
  id: string,
  patch: Partial<typeof labelFormats.$inferInsert>,
): Promise<TLabelFormatRow> {
  const [row] = await tx
    .update(labelFormats)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(labelFormats.companyId, companyId), eq(labelFormats.id, id)))
    .returning();
  return row!;
}

export async function deleteFormat(tx: TDb, companyId: string, id: string): Promise<void> {
  await tx.delete(labelFormats).where(and(eq(labelFormats.companyId, companyId), eq(labelFormats.id, id)));
}
