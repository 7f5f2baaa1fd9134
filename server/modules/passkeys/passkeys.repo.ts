// Queries of the passkeys table (decision 089). Not a tenant table: every query names the user whose rows it reads,
// so a person reaches only their own passkeys; the admin screens ask which of their company's users have one.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { passkeys } from './passkeys.tables.ts';

export type TPasskeyRow = typeof passkeys.$inferSelect;

/** The passkey of credential id `credentialId`, or null. */
export async function findPasskeyByCredentialId(db: TDb, credentialId: string): Promise<TPasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialID, credentialId)).limit(1);
  return row ?? null;
}

/** Records that passkey `id` has just signed its person in (the list's "Last used"). */
export async function markPasskeyUsed(db: TDb, id: string): Promise<void> {
  await db.update(passkeys).set({ lastUsedAt: sql`now()` }).where(eq(passkeys.id, id));
}

/** The user's passkey `id`, or null (also for another user's). */
export async function findUserPasskey(db: TDb, userId: string, id: string): Promise<TPasskeyRow | null> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** One page of the user's passkeys, newest first, and how many they have. */
export async function listUserPasskeys(
  db: TDb,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: TPasskeyRow[]; total: number }> {
  const mine = eq(passkeys.userId, userId);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(passkeys)
      .where(mine)
      .orderBy(desc(passkeys.createdAt), desc(passkeys.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(passkeys).where(mine),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** Whether the user has at least one passkey. */
export async function userHasPasskey(db: TDb, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** The credential ids of the user's passkeys (with their transports), for a challenge that names them. */
export async function userCredentials(
  db: TDb,
  userId: string,
): Promise<{ id: string; transports: string[] }[]> {
  const rows = await db
    .select({ id: passkeys.credentialID, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return rows.map((row) => ({ id: row.id, transports: row.transports ? row.transports.split(',') : [] }));
}

/** Which of `userIds` have a passkey. */
export async function usersWithPasskey(db: TDb, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: passkeys.userId })
    .from(passkeys)
    .where(inArray(passkeys.userId, [...userIds]));
  return new Set(rows.map((row) => row.userId));
}

/** Deletes the user's passkey `id`; the row it deleted, or null when the user has no such passkey. */
export async function deleteUserPasskey(db: TDb, userId: string, id: string): Promise<TPasskeyRow | null> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

/**
 * Renames the user's passkey `id`: its name before and the row after, or null when the user has no such passkey. The
 * row is locked while read, so two renames at once each see the name the other left.
 */
export async function renameUserPasskey(
  db: TDb,
  userId: string,
  id: string,
  name: string,
): Promise<{ before: string | null; row: TPasskeyRow } | null> {
  const [current] = await db
    .select({ name: passkeys.name })
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .for('update');
  if (!current) return null;
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ? { before: current.name, row } : null;
}
