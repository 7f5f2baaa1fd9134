// Who one can lend to: the company's active people. They live in the users table, a system table closed to the
// tenant role, so they are read as the owner, outside the tenant transaction (PGlite serves one at a time), with the
// tenant's company in every where (decision 025). The borrowing routes make the reads from the owner connection of
// their system group; the services get these two reads, never the connection.
import type { TBorrowerListQuery, TBorrowerPage } from '#common/schemas/borrowing.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant, TTenantContext } from '../../db/tenant.ts';
import * as repo from './borrowing.repo.ts';

export interface TBorrowers {
  /** An active user of the tenant's company, or null (inactive, another company's, unknown). */
  findActive(tenant: TTenantContext, userId: string): Promise<{ id: string; name: string } | null>;
  /** A page of the tenant's company's active people by name: ids and names only. */
  list(
    tenant: TTenantContext,
    query: TBorrowerListQuery,
  ): Promise<{ rows: { id: string; name: string }[]; total: number }>;
}

/** The borrower reads on the owner connection `owner`. */
export function borrowersOn(owner: TDb): TBorrowers {
  return {
    findActive: (tenant, userId) => repo.findActiveCompanyUser(owner, tenant.companyId, userId),
    list: (tenant, query) => repo.listActiveCompanyUsers(owner, tenant.companyId, query),
  };
}

/** The company's active people one can lend to: ids and names, for the borrower picker of every user. */
export async function listBorrowers(
  tenant: TTenant,
  borrowers: TBorrowers,
  query: TBorrowerListQuery,
): Promise<TBorrowerPage> {
  const { rows, total } = await borrowers.list(tenant, query);
  return { items: rows, total, page: query.page, pageSize: query.pageSize };
}
