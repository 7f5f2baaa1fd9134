// Queries of linked identities (decision 088) on better-auth's accounts table. The owner connection: better-auth's
// tables are closed to the tenant role, so every query names the signed-in user it is about.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { TDb } from '../../db/client.ts';
import { accounts, users, verifications } from '../auth/auth.tables.ts';
import { ssoProviders } from '../sso/sso.tables.ts';

/** better-auth's provider id of the password account. */
export const CREDENTIAL_PROVIDER = 'credential';

/** A user's accounts with what the list shows of each (the provider's issuer for single sign-on; never a token). */
export async function listUserAccounts(db: TDb, userId: string) {
  return db
    .select({
      id: accounts.id,
      providerId: accounts.providerId,
      createdAt: accounts.createdAt,
      issuer: ssoProviders.issuer,
    })
    .from(accounts)
    .leftJoin(ssoProviders, eq(ssoProviders.providerId, accounts.providerId))
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
}

/** Locks the user's row: set-password and unlink count and change the accounts one at a time per user. */
export async function lockUser(tx: TDb, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
}

/** The user's account `id`, or null (another user's id is as unknown as no id). */
export async function findUserAccount(tx: TDb, userId: string, id: string) {
  const [row] = await tx
    .select({ id: accounts.id, providerId: accounts.providerId })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.id, id)));
  return row ?? null;
}

export async function countUserAccounts(tx: TDb, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(accounts).where(eq(accounts.userId, userId));
  return row?.n ?? 0;
}

export async function deleteUserAccount(tx: TDb, userId: string, id: string): Promise<void> {
  await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.id, id)));
}

/** Whether the user has an account of `providerId`. */
export async function hasAccountOf(tx: TDb, userId: string, providerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, providerId)))
    .limit(1);
  return row !== undefined;
}

/** A password account as better-auth's own set-password writes it (account id = user id). */
export async function insertCredentialAccount(tx: TDb, userId: string, passwordHash: string) {
  const now = new Date();
  const [row] = await tx
    .insert(accounts)
    .values({
      id: uuidv7(),
      accountId: userId,
      providerId: CREDENTIAL_PROVIDER,
      userId,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: accounts.id });
  return row!;
}

/** A pending link, keyed by the nonce the browser's cookie binds (the value says whose session started it). */
export async function saveLinkIntent(db: TDb, identifier: string, value: string, expiresAt: Date) {
  await db.insert(verifications).values({ id: uuidv7(), identifier, value, expiresAt });
}

/** Takes (reads and deletes) a pending link that has not expired: each is used once. */
export async function takeLinkIntent(db: TDb, identifier: string): Promise<string | null> {
  const rows = await db
    .delete(verifications)
    .where(eq(verifications.identifier, identifier))
    .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
  const live = rows.find((r) => r.expiresAt.getTime() > Date.now());
  return live?.value ?? null;
}
