// Calls of the Quality dashboard (decision 074), typed by the shared contract in common/schemas/quality-dashboard.ts.
import type {
  TControlChart,
  TControlChartQuery,
  TQualityDashboard,
  TQualityDashboardQuery,
  TQualityTable,
} from '#common/schemas/quality-dashboard.ts';
import { api } from '../../lib/api-client.ts';
import { downloadFromApi } from '../../lib/download.ts';

function params(
  query: { from: string; to: string; itemId?: string | undefined },
  more: Record<string, string> = {},
) {
  return new URLSearchParams({
    from: query.from,
    to: query.to,
    ...(query.itemId ? { itemId: query.itemId } : {}),
    ...more,
  });
}

export function getQualityDashboard(query: TQualityDashboardQuery, signal?: AbortSignal) {
  return api<TQualityDashboard>(
    `/api/v1/quality/dashboard?${params(query, { granularity: query.granularity })}`,
    {
      signal,
    },
  );
}

export function getControlChart(query: TControlChartQuery, signal?: AbortSignal) {
  return api<TControlChart>(
    `/api/v1/quality/dashboard/control-chart?${params(query, { checkId: query.checkId })}`,
    {
      signal,
    },
  );
}

/** One table of the dashboard as a CSV file, as the screen shows it. */
export const downloadQualityCsv = (query: TQualityDashboardQuery, table: TQualityTable) =>
  downloadFromApi(
    `/api/v1/quality/dashboard/export.csv?${params(query, { granularity: query.granularity, table })}`,
    `quality-${table}.csv`,
  );

/** The control chart's points as a CSV file. */
export const downloadControlChartCsv = (query: TControlChartQuery) =>
  downloadFromApi(
    `/api/v1/quality/dashboard/control-chart/export.csv?${params(query, { checkId: query.checkId })}`,
    'quality-control-chart.csv',
  );

/** Under the Quality keys: an inspection finished or scrap recorded refreshes the dashboard. */
export const qualityDashboardKeys = {
  dashboard: (query: TQualityDashboardQuery) => ['quality', 'dashboard', query] as const,
  controlChart: (query: TControlChartQuery) => ['quality', 'dashboard', 'control-chart', query] as const,
};

/** Where an inspection opens: the QC Instructions screen (decision 072) reads `?inspection=`. */
export const inspectionPath = (id: string) => `/quality/qc-display?inspection=${encodeURIComponent(id)}`;
