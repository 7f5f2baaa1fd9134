// Calls of the Suppliers view (decision 070), typed by the shared contract.
import type {
  TSupplier,
  TSupplierInput,
  TSupplierListQuery,
  TSupplierPage,
} from '#common/schemas/suppliers.ts';
import type { TSupplierImportResult } from '#common/schemas/suppliers-csv.ts';
import { api } from '../../lib/api-client.ts';
import { downloadFromApi } from '../../lib/download.ts';
import { postCsvImport, type TImportAnswer } from './csv-import-api.ts';

export const suppliersKey = ['suppliers'] as const;

export function listSuppliers(query: TSupplierListQuery, signal?: AbortSignal): Promise<TSupplierPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    active: query.active,
    ...(query.q ? { q: query.q } : {}),
  });
  return api<TSupplierPage>(`/api/v1/suppliers?${params}`, { signal });
}

/** The CSV of what the list shows: the same search and status, every page. */
export function downloadSuppliersCsv(filter: Pick<TSupplierListQuery, 'q' | 'active'>): Promise<void> {
  const params = new URLSearchParams({ active: filter.active, ...(filter.q ? { q: filter.q } : {}) });
  return downloadFromApi(`/api/v1/suppliers/export.csv?${params}`, 'suppliers.csv');
}

export const createSupplier = (body: TSupplierInput) =>
  api<TSupplier>('/api/v1/suppliers', { method: 'POST', body });

export const updateSupplier = (id: string, body: TSupplierInput) =>
  api<TSupplier>(`/api/v1/suppliers/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** Checks (preview) or imports (commit) a suppliers file; a refused commit resolves with its report. */
export const importSuppliersCsv = (
  csv: string,
  mode: 'preview' | 'commit',
): Promise<TImportAnswer<TSupplierImportResult>> =>
  postCsvImport<TSupplierImportResult>('/api/v1/suppliers/import', csv, mode);
