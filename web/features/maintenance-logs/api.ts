// Calls of the Maintenance Logs screen, typed by the shared contract in common/schemas/maintenance-logs.ts.
import type {
  TMaintenanceLogFilter,
  TMaintenanceLogPage,
  TMaintenanceLogQuery,
  TMaintenanceReport,
  TMaintenanceReportQuery,
} from '#common/schemas/maintenance-logs.ts';
import { api } from '../../lib/api-client.ts';
import { downloadFromApi } from '../../lib/download.ts';

function periodParams(filter: {
  from: string;
  to: string;
  machineId?: string | undefined;
}): Record<string, string> {
  return { from: filter.from, to: filter.to, ...(filter.machineId ? { machineId: filter.machineId } : {}) };
}

const entryParams = (filter: TMaintenanceLogFilter) => ({
  ...periodParams(filter),
  ...(filter.kind ? { kind: filter.kind } : {}),
});

export function getMaintenanceReport(query: TMaintenanceReportQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({
    ...periodParams(query),
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return api<TMaintenanceReport>(`/api/v1/maintenance/logs/report?${params}`, { signal });
}

export function listLogEntries(query: TMaintenanceLogQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({
    ...entryParams(query),
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return api<TMaintenanceLogPage>(`/api/v1/maintenance/logs?${params}`, { signal });
}

/** The entries of the screen's filters as a CSV file, every row. */
export const downloadLogsCsv = (filter: TMaintenanceLogFilter) =>
  downloadFromApi(
    `/api/v1/maintenance/logs/export.csv?${new URLSearchParams(entryParams(filter))}`,
    'maintenance-logs.csv',
  );

/** Under the maintenance keys: a PM completed or a breakdown resolved refreshes the logs too. */
export const maintenanceReportKey = (query: TMaintenanceReportQuery) =>
  ['maintenance', 'logs', 'report', query] as const;
export const logEntriesKey = (query: TMaintenanceLogQuery) =>
  ['maintenance', 'logs', 'entries', query] as const;
