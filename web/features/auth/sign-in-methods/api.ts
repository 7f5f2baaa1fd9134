// Calls of the linked identities API (/api/v1/user/identities, decision 088): the signed-in person's own sign-in methods.
import type {
  TIdentityAuthorizeResult,
  TIdentityList,
  TIdentityPassword,
} from '#common/schemas/identities.ts';
import { api } from '../../../lib/api-client.ts';

const BASE = '/api/v1/user/identities';

export const identityKeys = { list: ['user', 'identities'] as const };

export const fetchIdentities = (signal?: AbortSignal) => api<TIdentityList>(BASE, { signal });

/** The provider's authorization URL to send the browser to. */
export const authorizeIdentity = () => api<TIdentityAuthorizeResult>(`${BASE}/authorize`);

export const setFirstPassword = (body: TIdentityPassword) =>
  api<TIdentityList>(`${BASE}/password`, { method: 'POST', body });

export const unlinkIdentity = (id: string) => api<TIdentityList>(`${BASE}/${id}`, { method: 'DELETE' });
