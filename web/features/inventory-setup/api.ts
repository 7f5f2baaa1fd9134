// Calls of the SKU setup API (/api/v1/items and /api/v1/locations), typed by the shared contract.
import type {
  TItem,
  TItemInputRaw,
  TItemListQuery,
  TItemPage,
  TItemPatch,
  TLocation,
  TLocationInput,
  TLocationPage,
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

/** What GET /api/v1/locations is asked: a parent's children (the sites without one), or a search. */
export interface TLocationLookup {
  parentId?: string | null;
  q?: string;
  page: number;
  pageSize: number;
}

export function listLocations(query: TLocationLookup, signal?: AbortSignal): Promise<TLocationPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    ...(query.parentId ? { parentId: query.parentId } : {}),
    ...(query.q ? { q: query.q } : {}),
  });
  return api<TLocationPage>(`/api/v1/locations?${params}`, withSignal(signal));
}

export const createLocation = (body: TLocationInput) =>
  api<TLocation>('/api/v1/locations', { method: 'POST', body });

export const updateLocation = (id: string, body: TLocationPatch) =>
  api<TLocation>(`/api/v1/locations/${encodeURIComponent(id)}`, { method: 'PATCH', body });
