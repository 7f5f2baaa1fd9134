// The e-mail domains a company claims for single sign-on (decision 086). A claim is pending until proved — by its
// TXT record (checked through the configured resolver) or by a sysadmin's approval — and routes nobody before. A
// domain another company has proved cannot be proved again (a partial unique key enforces it in the database too).
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import { SSO_MESSAGES, ssoTxtName, type TSsoDomain, type TSsoPendingPage } from '#common/schemas/sso.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { recordAudit, type TAuditActor } from '../audit/audit.ts';
import { domainHasProof, txtValueOf } from './domain-proof.ts';
import {
  domainProvedElsewhere,
  findCompanyDomain,
  listCompanyDomains,
  listPendingClaims,
  type TSsoDomainRow,
} from './sso.repo.ts';
import { ssoDomains } from './sso.tables.ts';

function toDomain(row: TSsoDomainRow): TSsoDomain {
  return {
    id: row.id,
    domain: row.domain,
    proved: row.verifiedAt !== null,
    provedBy: row.verifiedBy === 'dns' || row.verifiedBy === 'sysadmin' ? row.verifiedBy : null,
    provedAt: row.verifiedAt?.toISOString() ?? null,
    ssoRequired: row.ssoRequired,
    txtName: ssoTxtName(row.domain),
    txtValue: txtValueOf(row.token),
  };
}

const notFound = () => new AppError('NOT_FOUND', SSO_MESSAGES.domainNotFound);

async function audit(
  tx: TDb,
  companyId: string,
  actor: TAuditActor,
  row: TSsoDomainRow,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  await recordAudit(tx, companyId, actor, {
    entityType: 'sso-domain',
    entityId: row.id,
    entityLabel: row.domain,
    action,
    before,
    after,
  });
}

export async function listSsoDomains(tenant: TTenant): Promise<TSsoDomain[]> {
  const rows = await tenant.run((tx) => listCompanyDomains(tx, tenant.companyId));
  return rows.map(toDomain);
}

/** Claims a domain: pending, with a fresh token for its TXT record. */
export async function addSsoDomain(owner: TDb, tenant: TTenant, domain: string): Promise<TSsoDomain> {
  if (await domainProvedElsewhere(owner, domain, tenant.companyId)) {
    throw new AppError('CONFLICT', SSO_MESSAGES.domainTaken, { domain: SSO_MESSAGES.domainTaken });
  }
  const row = await tenant.run(async (tx) => {
    const [existing] = await tx
      .select({ id: ssoDomains.id })
      .from(ssoDomains)
      .where(and(eq(ssoDomains.companyId, tenant.companyId), eq(ssoDomains.domain, domain)));
    if (existing)
      throw new AppError('CONFLICT', SSO_MESSAGES.domainExists, { domain: SSO_MESSAGES.domainExists });
    const [created] = (await tx
      .insert(ssoDomains)
      .values({
        id: uuidv7(),
        companyId: tenant.companyId,
        domain,
        token: randomBytes(18).toString('base64url'),
        createdBy: tenant.actor.name,
      })
      .returning()) as [TSsoDomainRow];
    await audit(tx, tenant.companyId, tenant.actor, created, 'created', null, { domain, proved: false });
    return created;
  });
  return toDomain(row);
}

/** Marks a claim proved, unless another company proved the domain first (409). */
async function markProved(
  tx: TDb,
  companyId: string,
  actor: TAuditActor,
  row: TSsoDomainRow,
  by: 'dns' | 'sysadmin',
) {
  try {
    const [after] = (await tx
      .update(ssoDomains)
      .set({ verifiedAt: new Date(), verifiedBy: by })
      .where(and(eq(ssoDomains.companyId, companyId), eq(ssoDomains.id, row.id)))
      .returning()) as [TSsoDomainRow];
    await audit(
      tx,
      companyId,
      actor,
      after,
      by === 'dns' ? 'proved' : 'approved',
      { proved: false },
      { proved: true },
    );
    return after;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', SSO_MESSAGES.domainTaken);
    throw error;
  }
}

/** Looks the claim's TXT record up; proved when it holds the claim's value, else 409 saying what to do. */
export async function checkSsoDomain(
  tenant: TTenant,
  id: string,
  dnsServers: readonly string[],
): Promise<TSsoDomain> {
  const row = await tenant.run((tx) => findCompanyDomain(tx, tenant.companyId, id));
  if (!row) throw notFound();
  if (row.verifiedAt) return toDomain(row);
  if (!(await domainHasProof(dnsServers, row.domain, row.token)))
    throw new AppError('CONFLICT', SSO_MESSAGES.notProved);
  return toDomain(await tenant.run((tx) => markProved(tx, tenant.companyId, tenant.actor, row, 'dns')));
}

export async function setSsoRequired(tenant: TTenant, id: string, ssoRequired: boolean): Promise<TSsoDomain> {
  const row = await tenant.run(async (tx) => {
    const before = await findCompanyDomain(tx, tenant.companyId, id);
    if (!before) throw notFound();
    if (before.ssoRequired === ssoRequired) return before;
    const [after] = (await tx
      .update(ssoDomains)
      .set({ ssoRequired })
      .where(and(eq(ssoDomains.companyId, tenant.companyId), eq(ssoDomains.id, id)))
      .returning()) as [TSsoDomainRow];
    await audit(
      tx,
      tenant.companyId,
      tenant.actor,
      after,
      'updated',
      { ssoRequired: before.ssoRequired },
      { ssoRequired },
    );
    return after;
  });
  return toDomain(row);
}

export async function deleteSsoDomain(tenant: TTenant, id: string): Promise<void> {
  await tenant.run(async (tx) => {
    const before = await findCompanyDomain(tx, tenant.companyId, id);
    if (!before) throw notFound();
    await tx.delete(ssoDomains).where(and(eq(ssoDomains.companyId, tenant.companyId), eq(ssoDomains.id, id)));
    await audit(tx, tenant.companyId, tenant.actor, before, 'deleted', { domain: before.domain }, null);
  });
}

/** Who approves by hand, and from where (the security event's fields). */
export interface TApprover {
  actor: TAuditActor;
  ip: string | null;
  userAgent: string | null;
}

/**
 * A sysadmin approves a pending claim of any company by hand (one whose DNS they cannot change, say), on the owner
 * connection: the sysadmin operates the installation (decision 020). The audit entry goes to the claiming company's
 * trail; the security event says a sysadmin, not the DNS, vouched for the domain (decision 090).
 */
export async function approveSsoDomain(owner: TDb, approver: TApprover, id: string): Promise<TSsoDomain> {
  const { row, approved } = await owner.transaction(async (tx) => {
    const [found] = await tx.select().from(ssoDomains).where(eq(ssoDomains.id, id));
    if (!found) throw notFound();
    if (found.verifiedAt) return { row: found, approved: false };
    return { row: await markProved(tx, found.companyId, approver.actor, found, 'sysadmin'), approved: true };
  });
  if (approved) {
    await recordSecurityEvent(owner, {
      type: 'sso_domain_approved',
      companyId: row.companyId,
      userId: approver.actor.userId,
      ip: approver.ip,
      userAgent: approver.userAgent,
      details: { domain: row.domain, domainId: row.id, by: approver.actor.name },
    });
  }
  return toDomain(row);
}

/** Every company's pending claims, a page at a time (the sysadmin's list, decision 090). */
export async function listPendingSsoClaims(
  owner: TDb,
  page: number,
  pageSize: number,
): Promise<TSsoPendingPage> {
  const { rows, total } = await listPendingClaims(owner, page, pageSize);
  return {
    items: rows.map(({ domain, companyName, provedElsewhere }) => ({
      id: domain.id,
      companyId: domain.companyId,
      companyName,
      domain: domain.domain,
      claimedAt: domain.createdAt.toISOString(),
      claimedBy: domain.createdBy,
      txtName: ssoTxtName(domain.domain),
      txtValue: txtValueOf(domain.token),
      provedElsewhere: Boolean(provedElsewhere),
    })),
    total,
    page,
    pageSize,
  };
}
