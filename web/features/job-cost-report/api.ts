// Calls of the Job Cost Report screen (decision 084), typed by the shared contract.

import type { z } from 'zod';
import type { TJobCostFilter, TJobCostJob, TJobCostQuery, TJobCostReport } from '#common/schemas/job-cost.ts';
import type {
  ZJobCostEntriesSchema,
  ZJobCostLinesSchema,
  ZJobCostPeopleSchema,
  ZJobCostWorkOrdersSchema,
} from '#common/schemas/job-cost-drill.ts';
import { api } from '../../lib/api-client.ts';
import { downloadFromApi } from '../../lib/download.ts';

const BASE = '/api/v1/job-cost-report';
const id = encodeURIComponent;

const filterParams = (f: TJobCostFilter) => ({
  from: f.from,
  to: f.to,
  sort: f.sort,
  direction: f.direction,
});

export function getJobCostReport(query: TJobCostQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({
    ...filterParams(query),
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return api<TJobCostReport>(`${BASE}?${params}`, { signal });
}

/** The list's CSV: every job in the screen's order, and the totals, with the screen's cells. */
export const downloadJobCostCsv = (filter: TJobCostFilter) =>
  downloadFromApi(`${BASE}/export.csv?${new URLSearchParams(filterParams(filter))}`, 'job-cost-report.csv');

export interface TJobPeriod {
  from: string;
  to: string;
}

export const getJobCost = (
  jobId: string,
  period: TJobPeriod,
  granularity: 'day' | 'week',
  signal?: AbortSignal,
) =>
  api<TJobCostJob>(`${BASE}/jobs/${id(jobId)}?${new URLSearchParams({ ...period, granularity })}`, {
    signal,
  });

export type TDrillKind = 'people' | 'work-orders' | 'entries' | 'lines';
export type TDrillPage = {
  people: z.infer<typeof ZJobCostPeopleSchema>;
  'work-orders': z.infer<typeof ZJobCostWorkOrdersSchema>;
  entries: z.infer<typeof ZJobCostEntriesSchema>;
  lines: z.infer<typeof ZJobCostLinesSchema>;
};

/** A page of the job's drill-down: people, work orders, entries (of a person or work order) or ledger lines. */
export function getJobCostDrill<K extends TDrillKind>(
  kind: K,
  jobId: string,
  query: TJobPeriod & { page: number; pageSize: number; userId?: string; workOrderId?: string },
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({
    from: query.from,
    to: query.to,
    page: String(query.page),
    pageSize: String(query.pageSize),
    ...(query.userId ? { userId: query.userId } : {}),
    ...(query.workOrderId ? { workOrderId: query.workOrderId } : {}),
  });
  return api<TDrillPage[K]>(`${BASE}/jobs/${id(jobId)}/${kind}?${params}`, { signal });
}

/** Under the time and stock keys' neighbours: a report is read, never written, here. */
export const jobCostKey = (...parts: unknown[]) => ['job-cost-report', ...parts] as const;
