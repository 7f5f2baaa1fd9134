// Calls of the Suppliers view (decision 070), typed by the shared contract.
import type {
  TSupplier,
  TSupplierInput,
  TSupplierListQuery,
  TSupplierPage,
} from '#common/schemas/suppliers.ts';
import { api } from '../../lib/api-client.ts';

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

export const createSupplier = (body: TSupplierInput) =>
  api<TSupplier>('/api/v1/suppliers', { method: 'POST', body });

export const updateSupplier = (id: string, body: TSupplierInput) =>
  api<TSupplier>(`/api/v1/suppliers/${encodeURIComponent(id)}`, { method: 'PUT', body });
