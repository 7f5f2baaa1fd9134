// The item calls more than one feature makes: the item list (SKU setup's list and the item pickers of borrowing,
// stock checks and labels) and an item's lots (the item page and the label target picker).
import type { TItemListQuery, TItemPage } from '#common/schemas/inventory-setup.ts';
import type { TLotPage } from '#common/schemas/lots.ts';
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

export function getItemLots(itemId: string, page: number, pageSize: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return api<TLotPage>(`/api/v1/items/${encodeURIComponent(itemId)}/lots?${params}`, { signal });
}
