// Reads of the audit trail; run inside withTenant, so row-level security shows a company only its own entries.
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { TAuditEntry, TAuditQuery } from '#common/schemas/audit.ts';
import type { TDb } from '../../db/client.ts';
import { auditEntries } from './audit.tables.ts';

type TAuditRow = typeof auditEntries.$inferSelect;

function toEntry(row: TAuditRow): TAuditEntry {
  return {
    id: row.id,
    actorId: row.actorId,
    actorName: row.actorName,
    entityType: row.entityType,
    entityId: row.entityId,
    entityLabel: row.entityLabel,
    action: row.action,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A page of the company's trail, newest first, and how many entries match in all. */
export async function listAuditEntries(
  tx: TDb,
  companyId: string,
  query: TAuditQuery,
): Promise<{ items: TAuditEntry[]; total: number }> {
  const conditions: SQL[] = [eq(auditEntries.companyId, companyId)];
  if (query.entityType) conditions.push(eq(auditEntries.entityType, query.entityType));
  if (query.entityId) conditions.push(eq(auditEntries.entityId, query.entityId));
  if (query.from) conditions.push(gte(auditEntries.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lte(auditEntries.createdAt, new Date(query.to)));
  const where = and(...conditions);
  const rows = await tx
    .select()
    .from(auditEntries)
    .where(where)
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [totalRow] = await tx.select({ n: count() }).from(auditEntries).where(where);
  return { items: rows.map(toEntry), total: totalRow?.n ?? 0 };
}
