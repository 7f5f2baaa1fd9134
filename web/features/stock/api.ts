// Calls of the stock screens: the stock list and its CSV, an item's balances, lots and history, a lot and its
// genealogy, and the postings (receive, issue, move, adjust, reversal). Typed by the shared contracts.
import type { TItem, TLocation } from '#common/schemas/inventory-setup.ts';
import type { TLotHoldHistory } from '#common/schemas/lot-holds.ts';
import type { TGenealogy, TGenealogyDirection, TLotDetail } from '#common/schemas/lots.ts';
import type { TItemBalances, TPostStockInput, TStockTransaction } from '#common/schemas/stock.ts';
import type { TLedgerPage, TStockFilter, TStockPage } from '#common/schemas/stock-list.ts';
import { api } from '../../lib/api-client.ts';
import { downloadFromApi } from '../../lib/download.ts';

const id = encodeURIComponent;

/** The stock list's filter as the list holds it (every field set). */
export type TStockListState = TStockFilter & { page: number; pageSize: number };

function filterParams(filter: TStockFilter): Record<string, string> {
  return {
    sort: filter.sort,
    dir: filter.dir,
    status: filter.status,
    ...(filter.q ? { q: filter.q } : {}),
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.locationId ? { locationId: filter.locationId } : {}),
    ...(filter.lowStock ? { lowStock: 'true' } : {}),
  };
}

export function listStock(query: TStockListState, signal?: AbortSignal): Promise<TStockPage> {
  const params = new URLSearchParams({
    ...filterParams(query),
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return api<TStockPage>(`/api/v1/stock?${params}`, { signal });
}

/** Downloads exactly what the list shows (its filters and order, every page) as the server names the file. */
export function downloadStockCsv(filter: TStockFilter): Promise<void> {
  return downloadFromApi(
    `/api/v1/stock/export.csv?${new URLSearchParams(filterParams(filter))}`,
    'stock.csv',
  );
}

/** The categories the company's items use, for the list's filter. */
export const listCategories = (signal?: AbortSignal) =>
  api<{ categories: string[] }>('/api/v1/stock/categories', { signal });

export const getItem = (itemId: string, signal?: AbortSignal) =>
  api<TItem>(`/api/v1/items/${id(itemId)}`, { signal });

export const getItemBalances = (itemId: string, signal?: AbortSignal) =>
  api<TItemBalances>(`/api/v1/items/${id(itemId)}/balances`, { signal });

export const getLocation = (locationId: string, signal?: AbortSignal) =>
  api<TLocation>(`/api/v1/locations/${id(locationId)}`, { signal });

/** What an item's history is asked: a page, optionally one lot's or one location's lines. */
export interface TLedgerLookup {
  page: number;
  pageSize: number;
  lotId?: string;
  locationId?: string;
}

export function getItemLedger(itemId: string, query: TLedgerLookup, signal?: AbortSignal) {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    ...(query.lotId ? { lotId: query.lotId } : {}),
    ...(query.locationId ? { locationId: query.locationId } : {}),
  });
  return api<TLedgerPage>(`/api/v1/items/${id(itemId)}/ledger?${params}`, { signal });
}

export const getLot = (lotId: string, signal?: AbortSignal) =>
  api<TLotDetail>(`/api/v1/lots/${id(lotId)}`, { signal });

/** A page of the lot's holds, changes of reason and releases, newest first. */
export const getLotHolds = (lotId: string, page: number, pageSize: number, signal?: AbortSignal) =>
  api<TLotHoldHistory>(`/api/v1/lots/${id(lotId)}/holds?page=${page}&pageSize=${pageSize}`, { signal });

export const getGenealogy = (lotId: string, direction: TGenealogyDirection, signal?: AbortSignal) =>
  api<TGenealogy>(`/api/v1/lots/${id(lotId)}/genealogy?direction=${direction}`, { signal });

export const postStock = (body: TPostStockInput) =>
  api<TStockTransaction>('/api/v1/stock/transactions', { method: 'POST', body });

export const reverseTransaction = (transactionId: string, reason: string) =>
  api<TStockTransaction>(`/api/v1/stock/transactions/${id(transactionId)}/reversal`, {
    method: 'POST',
    body: { reason },
  });
