// Calls of the PM calendar screen (decision 059), typed by the shared contract in
// common/schemas/maintenance-calendar.ts.

import type {
  TCalendar,
  TCalendarDayPage,
  TCalendarFeedLink,
  TCalendarFeedStatus,
} from '#common/schemas/maintenance-calendar.ts';
import { api } from '../../lib/api-client.ts';

export interface TCalendarRequest {
  from: string;
  to: string;
  machineId: string | null;
  mine: boolean;
  /** Chips a day carries: what its cell or agenda day shows; the rest is counted ("N more"). */
  perDay: number;
}

/** One day's work, a page at a time (the "N more" of a cell). */
export interface TCalendarDayRequest {
  date: string;
  machineId: string | null;
  mine: boolean;
  page: number;
}

/** The machine and "my work" filters as query parameters. */
function filterParams(params: URLSearchParams, filter: { machineId: string | null; mine: boolean }) {
  if (filter.machineId) params.set('machineId', filter.machineId);
  if (filter.mine) params.set('assigneeId', 'me');
  return params;
}

export function getCalendar(request: TCalendarRequest, signal?: AbortSignal): Promise<TCalendar> {
  const params = new URLSearchParams({ from: request.from, to: request.to, perDay: String(request.perDay) });
  return api<TCalendar>(`/api/v1/maintenance/calendar?${filterParams(params, request)}`, { signal });
}

/** Rows of a day's list. */
export const DAY_PAGE_SIZE = 25;

export function getCalendarDay(
  request: TCalendarDayRequest,
  signal?: AbortSignal,
): Promise<TCalendarDayPage> {
  const params = new URLSearchParams({
    date: request.date,
    page: String(request.page),
    pageSize: String(DAY_PAGE_SIZE),
  });
  return api<TCalendarDayPage>(`/api/v1/maintenance/calendar/day?${filterParams(params, request)}`, {
    signal,
  });
}

const FEED = '/api/v1/maintenance/calendar-feed';
export const getFeedStatus = (signal?: AbortSignal) => api<TCalendarFeedStatus>(FEED, { signal });
export const makeFeedLink = () => api<TCalendarFeedLink>(FEED, { method: 'POST' });
export const revokeFeedLink = () => api<void>(FEED, { method: 'DELETE' });

/** Query keys of the screen. */
export const pmCalendarKeys = {
  all: ['pm-calendar'] as const,
  range: (request: TCalendarRequest) => ['pm-calendar', 'range', request] as const,
  day: (request: TCalendarDayRequest) => ['pm-calendar', 'day', request] as const,
  feed: ['pm-calendar', 'feed'] as const,
};

/** A plan's page on the Maintenance Plans screen. */
export const planPath = (planId: string) => `/maintenance/planned?id=${encodeURIComponent(planId)}`;
