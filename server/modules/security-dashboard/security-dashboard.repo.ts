// The dashboard's lists across every company: active sessions, company names for the event log, administrative
// actions. System tables read as the owner, not in withTenant: the sysadmin sees every company (decision 020).
import { and, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { SESSION_ABSOLUTE_MAX_MS } from '../../plugins/auth.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { sessions, users } from '../auth/auth.tables.ts';
import { companies } from '../companies/companies.tables.ts';

/** Sessions that can still be used at `now`: not idle past their expiry, not past the absolute cap, user active. */
function isActiveSession(now: Date): SQL {
  return and(
    gt(sessions.expiresAt, now),
    gt(sessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_MAX_MS)),
    eq(users.active, true),
  )!;
}

/** How many sessions are active at `now`. */
export async function countActiveSessions(db: TDb, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(isActiveSession(now));
  return row?.n ?? 0;
}

/** An active session as the list shows it. */
export interface TActiveSessionRow {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  companyId: string | null;
  companyName: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  isCurrent: boolean;
}

/**
 * A page of active sessions, newest sign-in first, optionally those whose user's e-mail or company name holds `q`;
 * `currentToken` marks the asking browser's own (the token itself never leaves this query).
 */
export async function listActiveSessions(
  db: TDb,
  query: { page: number; pageSize: number; q: string },
  now: Date,
  currentToken: string | null,
): Promise<{ rows: TActiveSessionRow[]; total: number }> {
  const conditions: SQL[] = [isActiveSession(now)];
  if (query.q !== '') {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(users.email, pattern), ilike(companies.name, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        companyId: users.companyId,
        companyName: companies.name,
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
        isCurrent: sql<boolean>`coalesce(${sessions.token} = ${currentToken ?? ''}, false)`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, isCurrent: row.isCurrent === true })),
    total: totalRow?.n ?? 0,
  };
}

/** A session and its user, locked until the transaction ends; null for an unknown id. */
export async function lockSessionWithUser(
  tx: TDb,
  id: string,
): Promise<{
  id: string;
  token: string;
  userId: string;
  email: string;
  companyId: string | null;
  createdAt: Date;
  ipAddress: string | null;
} | null> {
  const [row] = await tx
    .select({
      id: sessions.id,
      token: sessions.token,
      userId: users.id,
      email: users.email,
      companyId: users.companyId,
      createdAt: sessions.createdAt,
      ipAddress: sessions.ipAddress,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .for('update', { of: sessions });
  return row ?? null;
}

/** Deletes one session row: the browser that carries it is signed out on its next request. */
export async function deleteSession(tx: TDb, id: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, id));
}

/** The names of these companies by id (companies that are gone are left out). */
export async function companyNames(db: TDb, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A page of every company's audit trail, newest first, with the company's name, and how many entries in all. */
export async function listAdminActions(
  db: TDb,
  query: { page: number; pageSize: number },
): Promise<{ rows: (typeof auditEntries.$inferSelect & { companyName: string })[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ entry: auditEntries, companyName: companies.name })
      .from(auditEntries)
      .innerJoin(companies, eq(companies.id, auditEntries.companyId))
      .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(auditEntries),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.entry, companyName: row.companyName })),
    total: totalRow?.n ?? 0,
  };
}
