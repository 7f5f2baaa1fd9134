// Queries of stored files and their chunks, inside a tenant transaction; company_id in every where.
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { fileChunks, files } from './files.tables.ts';

export type TFileRow = typeof files.$inferSelect;

export async function insertFile(tx: TDb, row: typeof files.$inferInsert): Promise<TFileRow> {
  const [inserted] = await tx.insert(files).values(row).returning();
  return inserted as TFileRow;
}

export async function insertChunks(tx: TDb, rows: (typeof fileChunks.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(fileChunks).values(rows);
}

export async function findFile(tx: TDb, companyId: string, id: string): Promise<TFileRow | null> {
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, id)))
    .limit(1);
  return row ?? null;
}

/** The company's files among `ids`: what a body may name. */
export async function filesAmong(tx: TDb, companyId: string, ids: string[]): Promise<TFileRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(files)
    .where(and(eq(files.companyId, companyId), inArray(files.id, ids)));
}

/** Chunks first..last of a file, in order: only what a range overlaps is read. */
export async function chunksBetween(
  tx: TDb,
  companyId: string,
  fileId: string,
  first: number,
  last: number,
): Promise<Buffer[]> {
  const rows = await tx
    .select({ data: fileChunks.data })
    .from(fileChunks)
    .where(
      and(
        eq(fileChunks.companyId, companyId),
        eq(fileChunks.fileId, fileId),
        between(fileChunks.seq, first, last),
      ),
    )
    .orderBy(asc(fileChunks.seq));
  return rows.map((r) => r.data);
}
