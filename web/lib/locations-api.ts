// The location search (GET /api/v1/locations): SKU setup's tree walks it level by level, and every location picker
// searches it as one types.
import type { TLocationPage } from '#common/schemas/inventory-setup.ts';
import { api } from './api-client.ts';

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
  return api<TLocationPage>(`/api/v1/locations?${params}`, { signal });
}
