// Query keys of the stock screens. An item's own data sits under 'items' (as the borrowing dialog's balances do), so
// an item edit or any stock change refreshes it; the list and lots sit under 'stock'.
import { queryKeys } from '../../lib/query-keys.ts';

export const stockKeys = {
  list: (query: object) => queryKeys.stock('list', query),
  categories: queryKeys.stock('categories'),
  item: (itemId: string) => [...queryKeys.items, itemId] as const,
  balances: (itemId: string) => queryKeys.borrowBalances(itemId),
  ledger: (itemId: string, query: object) => [...queryKeys.items, itemId, 'ledger', query] as const,
  lots: (itemId: string, page: number) => [...queryKeys.items, itemId, 'lots', page] as const,
  lot: (lotId: string) => queryKeys.stock('lot', lotId),
  lotHolds: (lotId: string, page: number) => queryKeys.stock('lot', lotId, 'holds', page),
  genealogy: (lotId: string, direction: string) => queryKeys.stock('lot', lotId, 'genealogy', direction),
  location: (locationId: string) => [...queryKeys.locations, 'one', locationId] as const,
};
