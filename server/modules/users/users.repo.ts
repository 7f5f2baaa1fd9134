// Queries of the company's users for the admin screens. The users table is not a tenant table (sign-in finds a
// user before any company is known), so every query here names the company itself.
import { and, asc, count, desc, eq, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { normalizeDecimal } from '#common/decimal.ts';
import type { TCompanyUser, TUserListQuery } from '#common/schemas/users.ts';
import type { TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { accounts, sessions, twoFactors, users } from '../auth/auth.tables.ts';
import { companies } from '../companies/companies.tables.ts';
import { laborRates } from './labor-rates.tables.ts';

export type TUserRow = typeof users.$inferSelect;

/** The roles with admin rights: the ones that count for "the company's last admin". */
const ADMIN_ROLES = ['admin', 'sysadmin'];

export function toCompanyUser(row: TUserRow): TCompanyUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role === 'admin' || row.role === 'sysadmin' ? row.role : 'user',
    burdenedLaborRate: normalizeDecimal(row.burdenedLaborRate ?? '0'),
    active: row.active,
    mfaEnabled: row.twoFactorEnabled === true,
    passwordSet: !row.needsPasswordReset,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of the company's users, by last name then first name, and how many match in all. */
export async function listCompanyUsers(
  db: TDb,
  companyId: string,
  query: TUserListQuery,
): Promise<{ rows: TUserRow[]; total: number }> {
  const conditions: SQL[] = [eq(users.companyId, companyId)];
  if (query.q !== '') {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      )!,
    );
  }
  if (query.status === 'active') conditions.push(eq(users.active, true));
  if (query.status === 'inactive') conditions.push(eq(users.active, false));
  if (query.status === 'pending') conditions.push(eq(users.needsPasswordReset, true));
  const where = and(...conditions);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** The user `id` of the company, or null (also for another company's user: the caller answers 404). */
export async function findCompanyUser(db: TDb, companyId: string, id: string): Promise<TUserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/**
 * Locks the company row until the transaction ends and returns its plan: every change that counts seats or
 * admins takes this lock first, so two admins adding the last seat at once are served one after the other.
 */
export async function lockCompany(
  tx: TDb,
  companyId: string,
): Promise<{ name: string; planId: string; planStartedAt: Date } | null> {
  const [row] = await tx
    .select({ name: companies.name, planId: companies.planId, planStartedAt: companies.planStartedAt })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  return row ?? null;
}

/** How many active users the company has (the plan's seat count). */
export async function countActiveUsers(tx: TDb, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.active, true)));
  return row?.n ?? 0;
}

/** How many active users with admin rights the company has besides `exceptUserId`. */
export async function countOtherActiveAdmins(
  tx: TDb,
  companyId: string,
  exceptUserId: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.active, true),
        inArray(users.role, ADMIN_ROLES),
        ne(users.id, exceptUserId),
      ),
    );
  return row?.n ?? 0;
}

export async function insertUser(tx: TDb, row: typeof users.$inferInsert): Promise<TUserRow> {
  const [inserted] = await tx.insert(users).values(row).returning();
  return inserted!;
}

/** Stores a password hash as the user's credential account (better-auth's 'credential' provider). */
export async function insertCredentialAccount(
  tx: TDb,
  row: { id: string; userId: string; passwordHash: string },
): Promise<void> {
  await tx.insert(accounts).values({
    id: row.id,
    accountId: row.userId,
    providerId: 'credential',
    userId: row.userId,
    password: row.passwordHash,
  });
}

export async function updateUser(
  tx: TDb,
  companyId: string,
  id: string,
  patch: Partial<Pick<TUserRow, 'role' | 'burdenedLaborRate' | 'active'>>,
): Promise<TUserRow | null> {
  const [row] = await tx
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.companyId, companyId)))
    .returning();
  return row ?? null;
}

/** Ends every session of the user (their next request is signed out); returns how many there were. */
export async function deleteUserSessions(tx: TDb, userId: string): Promise<number> {
  const deleted = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return deleted.length;
}

/**
 * Turns the user's second factor off: clears the flag, only where it was on (so of two resets at once exactly one
 * gets the row), and deletes the secret and backup codes. Null when the user is not the company's or had it off.
 */
export async function resetUserTwoFactor(tx: TDb, companyId: string, id: string): Promise<TUserRow | null> {
  const [row] = await tx
    .update(users)
    .set({ twoFactorEnabled: false, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.companyId, companyId), eq(users.twoFactorEnabled, true)))
    .returning();
  if (!row) return null;
  await tx.delete(twoFactors).where(eq(twoFactors.userId, row.id));
  return row;
}

/**
 * Records a rate that takes effect at `effectiveFrom` (the history job cost reads; the users row keeps the one in
 * force now). Without `effectiveFrom` it is the user's first rate, in force from the moment the user was created, so
 * every user has a rate from their first day (decision 080), 0 until an admin sets one.
 */
export async function insertLaborRate(
  tx: TDb,
  row: { companyId: string; userId: string; rate: string; setBy: string | null; effectiveFrom?: Date },
): Promise<void> {
  const { effectiveFrom, ...rest } = row;
  await tx.insert(laborRates).values({
    id: uuidv7(),
    ...rest,
    effectiveFrom:
      effectiveFrom ??
      sql`coalesce((select ${users.createdAt} from ${users} where ${users.id} = ${row.userId}), now())`,
  });
}

/** The rate of `userId` in force at `at` (the latest that took effect by then) as exact text, or null before the first. */
export async function laborRateAt(tx: TDb, userId: string, at: Date): Promise<string | null> {
  const [row] = await tx
    .select({ rate: laborRates.rate })
    .from(laborRates)
    .where(and(eq(laborRates.userId, userId), lte(laborRates.effectiveFrom, at)))
    .orderBy(desc(laborRates.effectiveFrom), desc(laborRates.id))
    .limit(1);
  return row ? normalizeDecimal(row.rate) : null;
}
