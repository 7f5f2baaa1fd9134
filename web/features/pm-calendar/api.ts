// Calls of the PM calendar screen (decision 059), typed by the shared contract in
// common/schemas/maintenance-calendar.ts.

import type { TMachinePage } from '#common/schemas/machines.ts';
import type {
  TCalendar,
  TCalendarFeedLink,
  TCalendarFeedStatus,
} from '#common/schemas/maintenance-calendar.ts';
import { api } from '../../lib/api-client.ts';

export interface TCalendarRequest {
  from: string;
  to: string;
  machineId: string | null;
  mine: boolean;
}

export function getCalendar(request: TCalendarRequest, signal?: AbortSignal): Promise<TCalendar> {
  const params = new URLSearchParams({ from: request.from, to: request.to });
  if (request.machineId) params.set('machineId', request.machineId);
  if (request.mine) params.set('assigneeId', 'me');
  return api<TCalendar>(`/api/v1/maintenance/calendar?${params}`, { signal });
}

const FEED = '/api/v1/maintenance/calendar-feed';
export const getFeedStatus = (signal?: AbortSignal) => api<TCalendarFeedStatus>(FEED, { signal });
export const makeFeedLink = () => api<TCalendarFeedLink>(FEED, { method: 'POST' });
export const revokeFeedLink = () => api<void>(FEED, { method: 'DELETE' });

/** Query keys of the screen. */
export const pmCalendarKeys = {
  all: ['pm-calendar'] as const,
  range: (request: TCalendarRequest) => ['pm-calendar', 'range', request] as const,
  feed: ['pm-calendar', 'feed'] as const,
};

/** A plan's page on the Maintenance Plans screen. */
export const planPath = (planId: string) => `/maintenance/planned?id=${encodeURIComponent(planId)}`;

/** The company's machines for the filter, by name, narrowed by a search (the first 100). */
export function machineChoices(q: string, signal?: AbortSignal): Promise<TMachinePage> {
  const params = new URLSearchParams({ page: '1', pageSize: '100' });
  if (q) params.set('q', q);
  return api<TMachinePage>(`/api/v1/machines?${params}`, { signal });
}
