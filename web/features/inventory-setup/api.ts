// Calls of the SKU setup API (/api/v1/items and /api/v1/locations), typed by the shared contract. The location
// search every picker uses is web/lib's locations-api.ts.
import type {
  TItem,
  TItemInputRaw,
  TItemListQuery,
  TItemPage,
  TItemPatch,
  TLocation,
  TLocationInput,
  TLocationPatch,
} from '#common/schemas/inventory-setup.ts';
import { api } from '../../lib/api-client.ts';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export function listItems(query: TItemListQuery, signal?: AbortSignal): Promise<TItemPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    status: query.status,
    ...(query.q ? { q: query.q } : {}),
    ...(query.category ? { category: query.category } : {}),
  });
  return api<TItemPage>(`/api/v1/items?${params}`, withSignal(signal));
}

export const createItem = (body: TItemInputRaw) => api<TItem>('/api/v1/items', { method: 'POST', body });

export const updateItem = (id: string, body: TItemPatch) =>
  api<TItem>(`/api/v1/items/${encodeURIComponent(id)}`, { method: 'PATCH', body });

export const createLocation = (body: TLocationInput) =>
  api<TLocation>('/api/v1/locations', { method: 'POST', body });

export const updateLocation = (id: string, body: TLocationPatch) =>
  api<TLocation>(`/api/v1/locations/${encodeURIComponent(id)}`, { method: 'PATCH', body });
