// Reads and writes of the account tables our own routes need (as the owner: these tables are closed to tenants).
import { eq, sql } from 'drizzle-orm';
import { normalizeDecimal } from '#common/decimal.ts';
import type { TUserProfile } from '#common/schemas/session.ts';
import type { TDb } from '../../db/client.ts';
import { companies } from '../companies/companies.tables.ts';
import { pendingRegistrations, users } from './auth.tables.ts';

export type TUserRow = typeof users.$inferSelect;
export type TPendingRegistrationRow = typeof pendingRegistrations.$inferSelect;

/** The user with this (normalised) address, or null. */
export async function findUserByEmail(db: TDb, email: string): Promise<TUserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** True when a company of that name exists, in any case. */
export async function companyNameExists(db: TDb, name: string): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.name}) = lower(${name.trim()})`)
    .limit(1);
  return rows.length > 0;
}

/** The profile of SPEC.md section 3 from the users row and its company; null when there is no such user. */
export async function findUserProfile(db: TDb, userId: string): Promise<TUserProfile | null> {
  const [row] = await db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { user } = row;
  return {
    id: user.id,
    email: user.email,
    role: user.role === 'admin' || user.role === 'sysadmin' ? user.role : 'user',
    company: row.companyName ?? '',
    companyId: user.companyId,
    active: user.active,
    burdenedLaborRate: normalizeDecimal(user.burdenedLaborRate ?? '0'),
    firstName: user.firstName,
    lastName: user.lastName,
    mfaEnabled: user.twoFactorEnabled === true,
  };
}

/** The sign-up waiting for this user's verification, or null. */
export async function findPendingRegistration(
  db: TDb,
  userId: string,
): Promise<TPendingRegistrationRow | null> {
  const [row] = await db
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.userId, userId))
    .limit(1);
  return row ?? null;
}
