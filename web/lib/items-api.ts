// The item calls more than one feature makes: the item list (SKU setup's list and the item pickers of borrowing,
// stock checks and labels).
import type { TItemListQuery, TItemPage } from '#common/schemas/inventory-setup.ts';
import { api } from './api-client.ts';

export function listItems(query: TItemListQuery, signal?: AbortSignal): Promise<TItemPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    status: query.status,
    ...(query.q ? { q: query.q } : {}),
    ...(query.category ? { category: query.category } : {}),
  });
  return api<TItemPage>(`/api/v1/items?${params}`, { signal });
}
