// Queries of label_codes, run inside withTenant (row-level security confines them to the company).
import { and, eq, inArray } from 'drizzle-orm';
import type { TCodeKind } from '#common/label-codes.ts';
import type { TDb } from '../../db/client.ts';
import { labelCodes } from './labels.tables.ts';

/** The tokens already made for these entities, by entity id. */
export async function findTokens(
  tx: TDb,
  companyId: string,
  kind: TCodeKind,
  entityIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  // Chunks keep the bind parameters well under PostgreSQL's limit on a 5,000-label print.
  for (let start = 0; start < entityIds.length; start += 1000) {
    const rows = await tx
      .select({ entityId: labelCodes.entityId, token: labelCodes.token })
      .from(labelCodes)
      .where(
        and(
          eq(labelCodes.companyId, companyId),
          eq(labelCodes.kind, kind),
          inArray(labelCodes.entityId, entityIds.slice(start, start + 1000) as string[]),
        ),
      );
    for (const row of rows) found.set(row.entityId, row.token);
  }
  return found;
}

/**
 * Inserts new codes; a row that collides with an existing one (the same entity labelled by a concurrent request, or
 * — once in a trillion — a token another company already holds) is skipped, and the caller reads back what exists.
 */
export async function insertTokens(
  tx: TDb,
  companyId: string,
  kind: TCodeKind,
  rows: ReadonlyArray<{ entityId: string; token: string }>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await tx
      .insert(labelCodes)
      .values(rows.slice(start, start + 1000).map((r) => ({ companyId, kind, ...r })))
      .onConflictDoNothing();
  }
}
