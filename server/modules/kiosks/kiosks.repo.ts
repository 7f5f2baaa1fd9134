// Queries of kiosks and badges (decision 083), run inside a tenant transaction with company_id in every where — but
// `findKioskOwner`, which the kiosk's own requests run on the owner connection before any company is known.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import { badges, kiosks } from './kiosks.tables.ts';

export type TKioskRow = typeof kiosks.$inferSelect;
export type TBadgeRow = typeof badges.$inferSelect;

/** The kiosk `id` of any company, with its company's name: the owner connection only (the key names no company). */
export async function findKioskOwner(owner: TDb, id: string) {
  const [row] = await queryRows<{
    id: string;
    company_id: string;
    name: string;
    secret_hash: string;
    revoked_at: Date | string | null;
    company_name: string;
  }>(
    owner,
    sql`select k.id, k.company_id, k.name, k.secret_hash, k.revoked_at, c.name as company_name
          from kiosks k join companies c on c.id = k.company_id
         where k.id = ${id}`,
  );
  return row ?? null;
}

export async function insertKiosk(tx: TDb, row: typeof kiosks.$inferInsert): Promise<void> {
  await tx.insert(kiosks).values(row);
}

export async function findKiosk(tx: TDb, companyId: string, id: string, lock = false) {
  const query = tx
    .select()
    .from(kiosks)
    .where(and(eq(kiosks.companyId, companyId), eq(kiosks.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

/** A page of the company's kiosks, newest first, and how many there are. */
export async function listKiosks(tx: TDb, companyId: string, page: { limit: number; offset: number }) {
  const rows = await tx
    .select()
    .from(kiosks)
    .where(eq(kiosks.companyId, companyId))
    .orderBy(desc(kiosks.createdAt), desc(kiosks.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(kiosks).where(eq(kiosks.companyId, companyId));
  return { rows, total: total?.n ?? 0 };
}

export async function revokeKiosk(tx: TDb, companyId: string, id: string, at: Date, by: string) {
  await tx
    .update(kiosks)
    .set({ revokedAt: at, revokedBy: by })
    .where(and(eq(kiosks.companyId, companyId), eq(kiosks.id, id)));
}

export async function touchKiosk(tx: TDb, companyId: string, id: string, at: Date) {
  await tx
    .update(kiosks)
    .set({ lastUsedAt: at })
    .where(and(eq(kiosks.companyId, companyId), eq(kiosks.id, id)));
}

/** The person's live badge, locked when `lock` (a new badge and a revoke of one person queue up). */
export async function liveBadgeOf(tx: TDb, companyId: string, userId: string, lock = false) {
  const query = tx
    .select()
    .from(badges)
    .where(and(eq(badges.companyId, companyId), eq(badges.userId, userId), isNull(badges.revokedAt)));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

/** The live badge whose code digests to `codeHash` in the company, or null (revoked, another company's, or none). */
export async function findLiveBadge(tx: TDb, companyId: string, codeHash: string) {
  const [row] = await tx
    .select()
    .from(badges)
    .where(and(eq(badges.companyId, companyId), eq(badges.codeHash, codeHash), isNull(badges.revokedAt)));
  return row ?? null;
}

export async function insertBadge(tx: TDb, row: typeof badges.$inferInsert): Promise<void> {
  await tx.insert(badges).values(row);
}

export async function revokeBadge(tx: TDb, companyId: string, id: string, at: Date, by: string) {
  await tx
    .update(badges)
    .set({ revokedAt: at, revokedBy: by })
    .where(and(eq(badges.companyId, companyId), eq(badges.id, id)));
}

/** A person of the company with what a kiosk says of them (the tenant reads these columns of users, 0034). */
export async function findPerson(tx: TDb, companyId: string, userId: string) {
  const [row] = await queryRows<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    active: boolean;
  }>(
    tx,
    sql`select id, first_name, last_name, email, active from users
         where company_id = ${companyId} and id = ${userId}`,
  );
  return row ?? null;
}
