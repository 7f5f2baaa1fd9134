// The one way every area records a change in the audit trail: call recordAudit in the transaction of the change,
// so the entry exists if and only if the change does.
import { v7 as uuidv7 } from 'uuid';
import type { TAuditEntityType } from '#common/schemas/audit.ts';
import type { TDb } from '../../db/client.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { auditEntries } from './audit.tables.ts';

/** Who acted, as the trail names them. */
export interface TAuditActor {
  userId: string | null;
  name: string;
}

/** The signed-in user as an actor: "First Last <email>". */
export function actorOf(auth: Pick<TAuthUser, 'userId' | 'firstName' | 'lastName' | 'email'>): TAuditActor {
  const name = `${auth.firstName} ${auth.lastName}`.trim();
  return { userId: auth.userId, name: name ? `${name} <${auth.email}>` : auth.email };
}

/** The server acting on its own (the command line, a scheduled job). */
export function systemActor(what: string): TAuditActor {
  return { userId: null, name: what };
}

export interface TAuditChange {
  /** One of the kinds the trail lists (common/schemas/audit.ts), each with its fields' labels (audit-fields.ts). */
  entityType: TAuditEntityType;
  entityId: string;
  entityLabel: string;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * The fields whose values differ, as `before` and `after` objects holding only those fields. Typed as parts of `T`,
 * so that which fields an entry can hold stays visible (audit-fields.test.ts reads it to check every one has a label).
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
  fields: readonly (keyof T)[] = Object.keys(after) as (keyof T)[],
): { before: Partial<T>; after: Partial<T> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const field of fields) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      b[field as string] = before[field] ?? null;
      a[field as string] = after[field] ?? null;
    }
  }
  return { before: b as Partial<T>, after: a as Partial<T> };
}

/** Appends one entry for `companyId`. Call it inside the transaction of the change it describes. */
export async function recordAudit(
  tx: TDb,
  companyId: string,
  actor: TAuditActor,
  change: TAuditChange,
  at: Date = new Date(),
): Promise<void> {
  await recordAudits(tx, companyId, actor, [change], at);
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters (11 per row). */
const AUDIT_BATCH = 1000;

/** Appends one entry per change in a few multi-row statements (an import of thousands is not thousands of round trips). */
export async function recordAudits(
  tx: TDb,
  companyId: string,
  actor: TAuditActor,
  changes: readonly TAuditChange[],
  at: Date = new Date(),
): Promise<void> {
  for (let start = 0; start < changes.length; start += AUDIT_BATCH) {
    await tx.insert(auditEntries).values(
      changes.slice(start, start + AUDIT_BATCH).map((change) => ({
        id: uuidv7(),
        companyId,
        actorId: actor.userId,
        actorName: actor.name,
        entityType: change.entityType,
        entityId: change.entityId,
        entityLabel: change.entityLabel,
        action: change.action,
        before: change.before ?? null,
        after: change.after ?? null,
        createdAt: at,
      })),
    );
  }
}
