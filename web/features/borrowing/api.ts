// Calls of the borrowing API (/api/v1/borrowings) and the item balances a borrowing is taken from.
import type {
  TBorrowerListQuery,
  TBorrowerPage,
  TBorrowInputRaw,
  TBorrowingDetail,
  TBorrowingListQuery,
  TBorrowingPage,
  TReturnInputRaw,
} from '#common/schemas/borrowing.ts';
import type { TItemBalances } from '#common/schemas/stock.ts';
import { api } from '../../lib/api-client.ts';

export function listBorrowings(query: TBorrowingListQuery, signal?: AbortSignal): Promise<TBorrowingPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    status: query.status,
    ...(query.q ? { q: query.q } : {}),
    ...(query.itemId ? { itemId: query.itemId } : {}),
  });
  return api<TBorrowingPage>(`/api/v1/borrowings?${params}`, { signal });
}

export function listBorrowers(query: TBorrowerListQuery, signal?: AbortSignal): Promise<TBorrowerPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    ...(query.q ? { q: query.q } : {}),
  });
  return api<TBorrowerPage>(`/api/v1/borrowings/borrowers?${params}`, { signal });
}

export const lend = (body: TBorrowInputRaw) =>
  api<TBorrowingDetail>('/api/v1/borrowings', { method: 'POST', body });

export const returnBorrowed = (id: string, body: TReturnInputRaw) =>
  api<TBorrowingDetail>(`/api/v1/borrowings/${encodeURIComponent(id)}/returns`, { method: 'POST', body });

export const fetchItemBalances = (itemId: string, signal?: AbortSignal) =>
  api<TItemBalances>(`/api/v1/items/${encodeURIComponent(itemId)}/balances`, { signal });
