// Calls of the Nonconformances tab (decision 073), typed by the shared contract.

import type { TLotDetail } from '#common/schemas/lots.ts';
import type {
  TNcDetail,
  TNcDispositionInput,
  TNcInvestigation,
  TNcOpen,
} from '#common/schemas/nonconformances.ts';
import { api } from '../../lib/api-client.ts';

// The list, its keys and the path are shared with the lot page (web/lib); the tab's files import them from here.
export { listNonconformances, ncKeys, ncPath } from '../../lib/nonconformances-api.ts';

const path = (id: string) => `/api/v1/nonconformances/${encodeURIComponent(id)}`;

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
