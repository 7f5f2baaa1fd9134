// Reading the company's audit trail (its admins; the route checks the role).
import type { TAuditPage, TAuditQuery } from '#common/schemas/audit.ts';
import type { TTenant } from '../../db/tenant.ts';
import { listAuditEntries } from './audit.repo.ts';

/** A page of the company's trail, newest first. */
export async function listAudit(tenant: TTenant, query: TAuditQuery): Promise<TAuditPage> {
  const found = await tenant.run((tx) => listAuditEntries(tx, tenant.companyId, query));
  return { ...found, page: query.page, pageSize: query.pageSize };
}
