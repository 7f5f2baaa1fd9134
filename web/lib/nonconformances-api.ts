// The nonconformance calls more than one feature makes (decision 073): the list, which the Nonconformances tab pages
// and filters and the lot page reads for its lot (`lotId`), its query keys, and where one nonconformance opens.
import type { TNcListQuery, TNcPage } from '#common/schemas/nonconformances.ts';
import { api } from './api-client.ts';

/** Query keys: a change to any nonconformance refreshes everything under 'nonconformances'. */
export const ncKeys = {
  all: ['nonconformances'] as const,
  list: (query: TNcListQuery) => ['nonconformances', 'list', query] as const,
  one: (id: string) => ['nonconformances', 'one', id] as const,
};

export function listNonconformances(query: TNcListQuery, signal?: AbortSignal): Promise<TNcPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    status: query.status,
    ...(query.q ? { q: query.q } : {}),
    ...(query.itemId ? { itemId: query.itemId } : {}),
    ...(query.lotId ? { lotId: query.lotId } : {}),
    ...(query.supplierId ? { supplierId: query.supplierId } : {}),
  });
  return api<TNcPage>(`/api/v1/nonconformances?${params}`, { signal });
}

/** The Quality page's Nonconformances tab, at one nonconformance. */
export const ncPath = (id: string) => `/quality?tab=nonconformances&nc=${encodeURIComponent(id)}`;
