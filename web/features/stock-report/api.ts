// Calls of the stock balance report (GET /api/v1/stock/balance-report), typed by the shared contract.
import type { TStockReport } from '#common/schemas/stock-report.ts';
import { api } from '../../lib/api-client.ts';

export interface TReportFilters {
  from: string;
  to: string;
  category: string;
  locationId: string | null;
  page: number;
  pageSize: number;
}

export function getBalanceReport(filters: TReportFilters, signal?: AbortSignal): Promise<TStockReport> {
  const params = new URLSearchParams({
    from: filters.from,
    to: filters.to,
    page: String(filters.page),
    pageSize: String(filters.pageSize),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.locationId ? { locationId: filters.locationId } : {}),
  });
  return api<TStockReport>(`/api/v1/stock/balance-report?${params}`, { signal });
}
