// Calls of the audit trail API (/api/v1/audit).
import type { TAuditPage, TAuditQuery } from '#common/schemas/audit.ts';
import { api } from '../../lib/api-client.ts';

export function listAudit(query: TAuditQuery, signal?: AbortSignal): Promise<TAuditPage> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.entityType) params.set('entityType', query.entityType);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return api<TAuditPage>(`/api/v1/audit?${params}`, { signal });
}
