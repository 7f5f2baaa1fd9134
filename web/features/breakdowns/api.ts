// Calls of the Unscheduled Maintenance screen (decision 057), typed by the shared contract in
// common/schemas/breakdowns.ts.
import type {
  TBreakdownDetail,
  TBreakdownFilter,
  TBreakdownListQuery,
  TBreakdownPage,
  TBreakdownReport,
  TBreakdownReported,
  TBreakdownResolve,
} from '#common/schemas/breakdowns.ts';
import { api } from '../../lib/api-client.ts';
import { downloadFromApi } from '../../lib/download.ts';

const id = encodeURIComponent;

function filterParams(filter: Partial<TBreakdownFilter>): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.q) params.q = filter.q;
  if (filter.machineId) params.machineId = filter.machineId;
  if (filter.status) params.status = filter.status;
  if (filter.priority) params.priority = filter.priority;
  return params;
}

export function listBreakdowns(query: TBreakdownListQuery, signal?: AbortSignal): Promise<TBreakdownPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    ...filterParams(query),
  });
  return api<TBreakdownPage>(`/api/v1/breakdowns?${params}`, { signal });
}

export const downloadBreakdownsCsv = (filter: Partial<TBreakdownFilter>) =>
  downloadFromApi(
    `/api/v1/breakdowns/export.csv?${new URLSearchParams(filterParams(filter))}`,
    'breakdowns.csv',
  );

export const getBreakdown = (breakdownId: string, signal?: AbortSignal) =>
  api<TBreakdownDetail>(`/api/v1/breakdowns/${id(breakdownId)}`, { signal });

export const reportBreakdown = (body: TBreakdownReport) =>
  api<TBreakdownReported>('/api/v1/breakdowns', { method: 'POST', body });

export const startBreakdown = (breakdownId: string) =>
  api<TBreakdownDetail>(`/api/v1/breakdowns/${id(breakdownId)}/start`, { method: 'POST' });

export const resolveBreakdown = (breakdownId: string, body: TBreakdownResolve) =>
  api<TBreakdownDetail>(`/api/v1/breakdowns/${id(breakdownId)}/resolve`, { method: 'POST', body });

/** Query keys of the screen: a change refreshes everything under ['breakdowns'] (and the machines, whose status moved). */
export const breakdownKeys = {
  all: ['breakdowns'] as const,
  list: (query: object) => ['breakdowns', 'list', query] as const,
  one: (breakdownId: string) => ['breakdowns', 'one', breakdownId] as const,
};

/** The page of one breakdown. */
export const breakdownPath = (breakdownId: string) =>
  `/maintenance/machine-fix?id=${encodeURIComponent(breakdownId)}`;

/** Charges the open breakdown to a job, or to none (decision 085). */
export const chargeBreakdownJob = (breakdownId: string, jobId: string | null) =>
  api<TBreakdownDetail>(`/api/v1/breakdowns/${id(breakdownId)}/job`, { method: 'PUT', body: { jobId } });
