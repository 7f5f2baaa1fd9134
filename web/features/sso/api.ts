// Calls of the single sign-on set-up API (/api/v1/sso, decision 086): the company's provider and its e-mail domains.
import type {
  TSsoDomain,
  TSsoPendingPage,
  TSsoProvider,
  TSsoProviderInput,
  TSsoSamlProviderInput,
} from '#common/schemas/sso.ts';
import { api } from '../../lib/api-client.ts';

export const ssoKeys = {
  all: ['sso'] as const,
  provider: ['sso', 'provider'] as const,
  domains: ['sso', 'domains'] as const,
  pending: (page: number) => ['sso', 'pending', page] as const,
};

export const fetchSsoProvider = (signal?: AbortSignal) =>
  api<{ provider: TSsoProvider | null }>('/api/v1/sso/provider', { signal });

export const saveSsoProvider = (body: TSsoProviderInput) =>
  api<TSsoProvider>('/api/v1/sso/provider', { method: 'PUT', body });

/** SAML 2.0 in place of OpenID Connect (decision 090): the same one provider of the company. */
export const saveSamlProvider = (body: TSsoSamlProviderInput) =>
  api<TSsoProvider>('/api/v1/sso/provider/saml', { method: 'PUT', body });

export const deleteSsoProvider = () => api<null>('/api/v1/sso/provider', { method: 'DELETE' });

export const fetchSsoDomains = (signal?: AbortSignal) =>
  api<{ domains: TSsoDomain[] }>('/api/v1/sso/domains', { signal });

export const addSsoDomain = (body: { domain: string }) =>
  api<TSsoDomain>('/api/v1/sso/domains', { method: 'POST', body });

export const checkSsoDomain = (id: string) =>
  api<TSsoDomain>(`/api/v1/sso/domains/${id}/check`, { method: 'POST' });

/** A sysadmin's approval by hand (any company's claim, decision 086). */
export const approveSsoDomain = (id: string) =>
  api<TSsoDomain>(`/api/v1/sso/domains/${id}/approve`, { method: 'POST' });

export const setSsoRequired = (id: string, ssoRequired: boolean) =>
  api<TSsoDomain>(`/api/v1/sso/domains/${id}`, { method: 'PATCH', body: { ssoRequired } });

export const deleteSsoDomain = (id: string) => api<null>(`/api/v1/sso/domains/${id}`, { method: 'DELETE' });

/** Every company's pending claims, a page at a time (sysadmin, decision 090). */
export const fetchPendingClaims = (page: number, pageSize: number, signal?: AbortSignal) =>
  api<TSsoPendingPage>(`/api/v1/sso/pending-domains?page=${page}&pageSize=${pageSize}`, { signal });
