// Calls of the Nonconformances tab (decision 073), typed by the shared contract.

import type { TLotDetail } from '#common/schemas/lots.ts';
import type {
  TNcDetail,
  TNcDispositionInput,
  TNcInvestigation,
  TNcListQuery,
  TNcOpen,
  TNcPage,
} from '#common/schemas/nonconformances.ts';
import { api } from '../../lib/api-client.ts';

export const ncKeys = {
  all: ['nonconformances'] as const,
  list: (query: TNcListQuery) => ['nonconformances', 'list', query] as const,
  one: (id: string) => ['nonconformances', 'one', id] as const,
};

const path = (id: string) => `/api/v1/nonconformances/${encodeURIComponent(id)}`;

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

export const getNonconformance = (id: string, signal?: AbortSignal) => api<TNcDetail>(path(id), { signal });

export const openNonconformance = (body: TNcOpen) =>
  api<TNcDetail>('/api/v1/nonconformances', { method: 'POST', body });

export const editNonconformance = (id: string, body: TNcInvestigation) =>
  api<TNcDetail>(path(id), { method: 'PATCH', body });

export const dispositionNonconformance = (id: string, body: TNcDispositionInput) =>
  api<TNcDetail>(`${path(id)}/disposition`, { method: 'POST', body });

export const closeNonconformance = (id: string) => api<TNcDetail>(`${path(id)}/close`, { method: 'POST' });

/** A lot as the Open dialog needs it when the lot page sends one (?openFor=<lotId>): its item and stock. */
export const getLot = (lotId: string, signal?: AbortSignal) =>
  api<TLotDetail>(`/api/v1/lots/${encodeURIComponent(lotId)}`, { signal });

/** The page that shows a lot (the item's page, decision 070). */
export const lotPath = (lotId: string) => `/items?lot=${encodeURIComponent(lotId)}`;

/** The Quality page's Nonconformances tab, at one nonconformance. */
export const ncPath = (id: string) => `/quality?tab=nonconformances&nc=${encodeURIComponent(id)}`;
