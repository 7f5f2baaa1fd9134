// Calls of the /time screen (decisions 080, 082), typed by the shared contracts in common/schemas/time*.ts. Every key
// is under ['time']: a clock moved anywhere (this screen, a scan card) refreshes the clock and the week together.
import type {
  TApproveWeek,
  TClockIn,
  TEntryEdit,
  TManualEntry,
  TReopenWeek,
  TRunningClock,
  TTimeEntry,
  TWeek,
} from '#common/schemas/time.ts';
import type { TClockSteps, TWorkOrderClockTarget } from '#common/schemas/time-targets.ts';
import { api } from '../../lib/api-client.ts';

const id = encodeURIComponent;

export const timeKeys = {
  all: ['time'] as const,
  /** The same key as the scan card's clock buttons (web/features/scan), so either refreshes the other. */
  clock: ['time', 'clock'] as const,
  week: (userId: string | null, week: string | null) => ['time', 'week', userId, week] as const,
  steps: (jobId: string) => ['time', 'steps', jobId] as const,
};

export const getClock = (signal?: AbortSignal) => api<TRunningClock>('/api/v1/time/clock', { signal });

export const clockIn = (body: TClockIn) =>
  api<TRunningClock>('/api/v1/time/clock-in', { method: 'POST', body });

export const switchClock = (body: TClockIn) =>
  api<TRunningClock>('/api/v1/time/switch', { method: 'POST', body });

export const clockOut = () => api<TRunningClock>('/api/v1/time/clock-out', { method: 'POST' });

/** A person's week (default: one's own) containing `week` (default: today). */
export function getWeek(query: { userId: string | null; week: string | null }, signal?: AbortSignal) {
  const params = new URLSearchParams({
    ...(query.userId ? { userId: query.userId } : {}),
    ...(query.week ? { week: query.week } : {}),
  });
  return api<TWeek>(`/api/v1/time/week?${params}`, { signal });
}

export const approveWeek = (body: TApproveWeek) =>
  api<TWeek>('/api/v1/time/week/approve', { method: 'POST', body });

export const reopenWeek = (body: TReopenWeek) =>
  api<TWeek>('/api/v1/time/week/reopen', { method: 'POST', body });

export const addEntry = (body: TManualEntry) =>
  api<TTimeEntry>('/api/v1/time/entries', { method: 'POST', body });

export const editEntry = (entryId: string, body: TEntryEdit) =>
  api<TTimeEntry>(`/api/v1/time/entries/${id(entryId)}`, { method: 'PATCH', body });

export const deleteEntry = (entryId: string, reason: string) =>
  api<void>(`/api/v1/time/entries/${id(entryId)}/delete`, { method: 'POST', body: { reason } });

export const jobSteps = (jobId: string, signal?: AbortSignal) =>
  api<TClockSteps>(`/api/v1/time/jobs/${id(jobId)}/steps`, { signal });

export const workOrderTarget = (workOrderId: string, signal?: AbortSignal) =>
  api<TWorkOrderClockTarget>(`/api/v1/time/work-orders/${id(workOrderId)}/target`, { signal });
