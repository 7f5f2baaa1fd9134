// Calls of Job Management (decision 079), typed by the shared contract in common/schemas/jobs.ts.
import type {
  TJob,
  TJobCreate,
  TJobListQuery,
  TJobPage,
  TJobStatus,
  TJobUpdate,
} from '#common/schemas/jobs.ts';
import { api } from '../../lib/api-client.ts';

const id = encodeURIComponent;

export function listJobs(query: TJobListQuery, signal?: AbortSignal): Promise<TJobPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    status: query.status,
    ...(query.q ? { q: query.q } : {}),
  });
  return api<TJobPage>(`/api/v1/jobs?${params}`, { signal });
}

export const getJob = (jobId: string, signal?: AbortSignal) =>
  api<TJob>(`/api/v1/jobs/${id(jobId)}`, { signal });

export const createJob = (body: TJobCreate) => api<TJob>('/api/v1/jobs', { method: 'POST', body });

export const updateJob = (jobId: string, body: TJobUpdate) =>
  api<TJob>(`/api/v1/jobs/${id(jobId)}`, { method: 'PATCH', body });

export const moveJob = (jobId: string, status: TJobStatus) =>
  api<TJob>(`/api/v1/jobs/${id(jobId)}/status`, { method: 'POST', body: { status } });

export const linkOrder = (jobId: string, orderId: string) =>
  api<TJob>(`/api/v1/jobs/${id(jobId)}/orders`, { method: 'POST', body: { orderId } });

export const unlinkOrder = (jobId: string, orderId: string) =>
  api<TJob>(`/api/v1/jobs/${id(jobId)}/orders/${id(orderId)}`, { method: 'DELETE' });

/** Query keys of the area: a change refreshes everything under ['jobs'] (the pickers' too). */
export const jobKeys = {
  all: ['jobs'] as const,
  list: (query: object) => ['jobs', 'list', query] as const,
  job: (jobId: string) => ['jobs', 'one', jobId] as const,
};

export const jobHref = (jobId: string) => `/jobs?id=${encodeURIComponent(jobId)}`;
