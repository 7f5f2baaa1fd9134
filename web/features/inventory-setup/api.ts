// Calls of the SKU setup API (/api/v1/items and /api/v1/locations), typed by the shared contract. The item list
// and the location search that other features use too are web/lib's items-api.ts and locations-api.ts.
import type {
  TItem,
  TItemInputRaw,
  TItemPatch,
  TLocation,
  TLocationInput,
  TLocationPatch,
} from '#common/schemas/inventory-setup.ts';
import { api } from '../../lib/api-client.ts';

export const createItem = (body: TItemInputRaw) => api<TItem>('/api/v1/items', { method: 'POST', body });

export const updateItem = (id: string, body: TItemPatch) =>
  api<TItem>(`/api/v1/items/${encodeURIComponent(id)}`, { method: 'PATCH', body });

export const createLocation = (body: TLocationInput) =>
  api<TLocation>('/api/v1/locations', { method: 'POST', body });

export const updateLocation = (id: string, body: TLocationPatch) =>
  api<TLocation>(`/api/v1/locations/${encodeURIComponent(id)}`, { method: 'PATCH', body });
