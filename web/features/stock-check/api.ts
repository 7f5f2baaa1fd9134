// Calls of the stock-check API (/api/v1/stock-checks), typed by the shared contract.
import type {
  TCountEntry,
  TCountLine,
  TCountLinePage,
  TCountLinesQuery,
  TCountListQuery,
  TCountSession,
  TCountSessionPage,
  TFoundLine,
  TPostCountResult,
  TStartCountInput,
} from '#common/schemas/stock-check.ts';
import { api } from '../../lib/api-client.ts';

const base = (id: string) => `/api/v1/stock-checks/${encodeURIComponent(id)}`;

export function listCounts(query: TCountListQuery, signal?: AbortSignal): Promise<TCountSessionPage> {
  const params = new URLSearchParams({
    status: query.status,
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return api<TCountSessionPage>(`/api/v1/stock-checks?${params}`, { signal });
}

export const getCount = (id: string, signal?: AbortSignal) => api<TCountSession>(base(id), { signal });

export function listCountLines(
  id: string,
  query: TCountLinesQuery,
  signal?: AbortSignal,
): Promise<TCountLinePage> {
  const params = new URLSearchParams({
    filter: query.filter,
    sort: query.sort,
    page: String(query.page),
    pageSize: String(query.pageSize),
    ...(query.q ? { q: query.q } : {}),
  });
  return api<TCountLinePage>(`${base(id)}/lines?${params}`, { signal });
}

export const startCount = (body: TStartCountInput) =>
  api<TCountSession>('/api/v1/stock-checks', { method: 'POST', body });

export const recordCount = (id: string, lineId: string, body: TCountEntry) =>
  api<TCountLine>(`${base(id)}/lines/${encodeURIComponent(lineId)}`, { method: 'PUT', body });

export const addFoundLine = (id: string, body: TFoundLine) =>
  api<TCountLine>(`${base(id)}/lines`, { method: 'POST', body });

export const postCount = (id: string) => api<TPostCountResult>(`${base(id)}/post`, { method: 'POST' });

export const cancelCount = (id: string) => api<TCountSession>(`${base(id)}/cancel`, { method: 'POST' });
