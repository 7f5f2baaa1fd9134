// Queries of single sign-on. The tenant ones run in a company's transaction (row-level security); the owner ones run
// before any company is known (the login view's start, the callback) and name the company they find.
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { companies } from '../companies/companies.tables.ts';
import { ssoDomains, ssoProviders } from './sso.tables.ts';

export type TSsoProviderRow = typeof ssoProviders.$inferSelect;
export type TSsoDomainRow = typeof ssoDomains.$inferSelect;

export async function findCompanyProvider(tx: TDb, companyId: string): Promise<TSsoProviderRow | null> {
  const [row] = await tx.select().from(ssoProviders).where(eq(ssoProviders.companyId, companyId));
  return row ?? null;
}

export async function listCompanyDomains(tx: TDb, companyId: string): Promise<TSsoDomainRow[]> {
  return tx.select().from(ssoDomains).where(eq(ssoDomains.companyId, companyId)).orderBy(ssoDomains.domain);
}

export async function findCompanyDomain(
  tx: TDb,
  companyId: string,
  id: string,
): Promise<TSsoDomainRow | null> {
  const [row] = await tx
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.companyId, companyId), eq(ssoDomains.id, id)));
  return row ?? null;
}

/** The company that proved `domain` and its provider (owner connection): what a sign-in with that address uses. */
export async function findProvedDomain(db: TDb, domain: string) {
  const [row] = await db
    .select({
      domain: ssoDomains,
      providerId: ssoProviders.providerId,
      isSaml: sql<boolean>`${ssoProviders.samlConfig} is not null`,
    })
    .from(ssoDomains)
    .leftJoin(ssoProviders, eq(ssoProviders.companyId, ssoDomains.companyId))
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)));
  return row ?? null;
}

/** Whether another company has proved `domain` (owner connection: the claim would never route). */
export async function domainProvedElsewhere(db: TDb, domain: string, companyId: string): Promise<boolean> {
  const row = await findProvedDomain(db, domain);
  return row !== null && row.domain.companyId !== companyId;
}

/** What the callback needs of the provider its path names (owner connection). */
export async function findProviderForCallback(db: TDb, providerId: string) {
  const [row] = await db
    .select({
      companyId: ssoProviders.companyId,
      jitEnabled: ssoProviders.jitEnabled,
      firstNameClaim: ssoProviders.firstNameClaim,
      lastNameClaim: ssoProviders.lastNameClaim,
      planId: companies.planId,
      planStartedAt: companies.planStartedAt,
    })
    .from(ssoProviders)
    .innerJoin(companies, eq(companies.id, ssoProviders.companyId))
    .where(eq(ssoProviders.providerId, providerId));
  if (!row) return null;
  const domains = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.companyId, row.companyId), isNotNull(ssoDomains.verifiedAt)));
  return { ...row, provedDomains: domains.map((d) => d.domain) };
}

/** The proved domain of `email` that requires single sign-on, if any (owner connection; the password sign-in). */
export async function ssoRequiredFor(db: TDb, email: string): Promise<boolean> {
  const domain = email.split('@')[1] ?? '';
  const row = await findProvedDomain(db, domain);
  return row?.domain.ssoRequired === true && row.providerId !== null;
}

/**
 * One page of every company's pending claims, newest first (owner connection: the sysadmin's list across companies),
 * with the claiming company's name and whether another company has proved the domain meanwhile.
 */
export async function listPendingClaims(db: TDb, page: number, pageSize: number) {
  const pending = isNull(ssoDomains.verifiedAt);
  const [total] = await db.select({ n: count() }).from(ssoDomains).where(pending);
  const rows = await db
    .select({
      domain: ssoDomains,
      companyName: companies.name,
      provedElsewhere: sql<boolean>`exists (select 1 from sso_domains p where p.domain = ${ssoDomains.domain} and p.verified_at is not null)`,
    })
    .from(ssoDomains)
    .innerJoin(companies, eq(companies.id, ssoDomains.companyId))
    .where(pending)
    .orderBy(desc(ssoDomains.createdAt), desc(ssoDomains.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: total?.n ?? 0 };
}
