// Calls of the security dashboard API (/api/v1/security/*, sysadmins), typed by the shared contract.
import type {
  TActiveSessionPage,
  TAdminActionPage,
  TEndedSession,
  TSecurityEventPage,
  TSecurityOverview,
} from '#common/schemas/security-dashboard.ts';
import { api } from '../../lib/api-client.ts';

/** A time range as the dashboard sends it: ISO instants. */
export interface TRange {
  from: string;
  to: string;
}

function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

export function fetchOverview(
  range: TRange,
  mfaPage: number,
  mfaPageSize: number,
  signal?: AbortSignal,
): Promise<TSecurityOverview> {
  return api<TSecurityOverview>(`/api/v1/security/overview?${query({ ...range, mfaPage, mfaPageSize })}`, {
    signal,
  });
}

export function listEvents(
  range: TRange,
  filter: { type: string | null; cursor: string | null; limit: number },
  signal?: AbortSignal,
): Promise<TSecurityEventPage> {
  return api<TSecurityEventPage>(`/api/v1/security/events?${query({ ...range, ...filter })}`, { signal });
}

export function listSessions(
  page: { page: number; pageSize: number; q: string },
  signal?: AbortSignal,
): Promise<TActiveSessionPage> {
  return api<TActiveSessionPage>(`/api/v1/security/sessions?${query(page)}`, { signal });
}

/** Ends a session: that browser is signed out on its next request. */
export const endSession = (id: string) =>
  api<TEndedSession>(`/api/v1/security/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function listAdminActions(
  page: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<TAdminActionPage> {
  return api<TAdminActionPage>(`/api/v1/security/admin-actions?${query(page)}`, { signal });
}
