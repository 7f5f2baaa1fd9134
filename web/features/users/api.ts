// Calls of the company-users API (/api/v1/users), typed by the shared contract.
import type { TLaborRateChange, TLaborRatePreview, TLaborRateSet } from '#common/schemas/labor-rates.ts';
import type {
  TAddUserInput,
  TCompanyUser,
  TUpdateUser,
  TUserListQuery,
  TUserPage,
} from '#common/schemas/users.ts';
import { api } from '../../lib/api-client.ts';

export function listUsers(query: TUserListQuery, signal?: AbortSignal): Promise<TUserPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    status: query.status,
    ...(query.q ? { q: query.q } : {}),
  });
  return api<TUserPage>(`/api/v1/users?${params}`, { signal });
}

export const addUser = (body: TAddUserInput) => api<TCompanyUser>('/api/v1/users', { method: 'POST', body });

export const updateUser = (id: string, body: Partial<TUpdateUser>) =>
  api<TCompanyUser>(`/api/v1/users/${encodeURIComponent(id)}`, { method: 'PATCH', body });

export const resendInvitation = (id: string) =>
  api<TCompanyUser>(`/api/v1/users/${encodeURIComponent(id)}/invitation`, { method: 'POST' });

/** Removes a user's second factor (they lost their phone); their sessions end. */
export const resetTwoFactor = (id: string) =>
  api<TCompanyUser>(`/api/v1/users/${encodeURIComponent(id)}/two-factor`, { method: 'DELETE' });

/** How many time entries a rate from a date would re-price (decision 080); changes nothing. */
export const previewLaborRate = (id: string, body: TLaborRateChange) =>
  api<TLaborRatePreview>(`/api/v1/users/${encodeURIComponent(id)}/labor-rates/preview`, {
    method: 'POST',
    body,
  });

/** Sets the rate from the date: re-prices exactly the entries the preview counted. */
export const setLaborRate = (id: string, body: TLaborRateChange) =>
  api<TLaborRateSet>(`/api/v1/users/${encodeURIComponent(id)}/labor-rates`, { method: 'POST', body });
