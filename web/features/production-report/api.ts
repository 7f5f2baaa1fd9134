// Calls of the Production Report screen (decision 052), typed by the shared contract.
import type {
  TProductionReport,
  TProductionReportFilter,
  TProductionReportQuery,
} from '#common/schemas/production-report.ts';
import { api } from '../../lib/api-client.ts';
import { downloadFromApi } from '../../lib/download.ts';

function filterParams(filter: TProductionReportFilter): Record<string, string> {
  return {
    from: filter.from,
    to: filter.to,
    granularity: filter.granularity,
    ...(filter.assemblyId ? { assemblyId: filter.assemblyId } : {}),
  };
}

export function getProductionReport(query: TProductionReportQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({
    ...filterParams(query),
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return api<TProductionReport>(`/api/v1/production-report?${params}`, { signal });
}

/** The report's CSV: every period, every assembly and the totals, as the screen shows them. */
export const downloadProductionReportCsv = (filter: TProductionReportFilter) =>
  downloadFromApi(
    `/api/v1/production-report/export.csv?${new URLSearchParams(filterParams(filter))}`,
    'production-report.csv',
  );

/** Under the work orders' keys: a work order completed on the floor refreshes the report too. */
export const productionReportKey = (query: TProductionReportQuery) =>
  ['work-orders', 'production-report', query] as const;
