// Who one can lend to: the company's active people, read inside the tenant transaction. The people columns of the
// users table are open to the tenant role for its own company only (migration 0034, decision 032).
import type { TBorrowerListQuery, TBorrowerPage } from '#common/schemas/borrowing.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import * as repo from './borrowing.repo.ts';

/** An active user of the company, or null (inactive, another company's, unknown): in the caller's transaction. */
export function findBorrower(tx: TDb, companyId: string, userId: string) {
  return repo.findActiveCompanyUser(tx, companyId, userId);
}

/** The company's active people one can lend to: ids and names, for the borrower picker of every user. */
export async function listBorrowers(tenant: TTenant, query: TBorrowerListQuery): Promise<TBorrowerPage> {
  const { rows, total } = await tenant.run((tx) => repo.listActiveCompanyUsers(tx, tenant.companyId, query));
  return { items: rows, total, page: query.page, pageSize: query.pageSize };
}
