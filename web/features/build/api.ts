// Calls of assembly setup (decision 044), typed by the shared contracts in common/schemas/build.ts.
import type {
  TAssemblyDetail,
  TAssemblyListQuery,
  TAssemblyPage,
  TRevision,
  TRevisionSave,
  TRollUp,
  TWhereUsed,
} from '#common/schemas/build.ts';
import { api } from '../../lib/api-client.ts';

const id = encodeURIComponent;

export function listAssemblies(query: TAssemblyListQuery, signal?: AbortSignal): Promise<TAssemblyPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    ...(query.q ? { q: query.q } : {}),
  });
  return api<TAssemblyPage>(`/api/v1/assemblies?${params}`, { signal });
}

export const createAssembly = (itemId: string) =>
  api<TAssemblyDetail>('/api/v1/assemblies', { method: 'POST', body: { itemId } });

export const getAssembly = (assemblyId: string, signal?: AbortSignal) =>
  api<TAssemblyDetail>(`/api/v1/assemblies/${id(assemblyId)}`, { signal });

/** The open draft, or a new one copied from the released revision. */
export const openDraft = (assemblyId: string) =>
  api<TRevision>(`/api/v1/assemblies/${id(assemblyId)}/draft`, { method: 'POST' });

export const getRevision = (revisionId: string, signal?: AbortSignal) =>
  api<TRevision>(`/api/v1/assembly-revisions/${id(revisionId)}`, { signal });

export const saveRevision = (revisionId: string, body: TRevisionSave) =>
  api<TRevision>(`/api/v1/assembly-revisions/${id(revisionId)}`, { method: 'PUT', body });

export const releaseRevision = (revisionId: string) =>
  api<TRevision>(`/api/v1/assembly-revisions/${id(revisionId)}/release`, { method: 'POST' });

export const getRevisionCost = (revisionId: string, signal?: AbortSignal) =>
  api<TRollUp>(`/api/v1/assembly-revisions/${id(revisionId)}/cost`, { signal });

export const getWhereUsed = (itemId: string, signal?: AbortSignal) =>
  api<TWhereUsed>(`/api/v1/items/${id(itemId)}/where-used`, { signal });

/** Query keys of the area: a save or a release refreshes everything under ['build']. */
export const buildKeys = {
  all: ['build'] as const,
  assemblies: (query: object) => ['build', 'assemblies', query] as const,
  assembly: (assemblyId: string) => ['build', 'assembly', assemblyId] as const,
  revision: (revisionId: string) => ['build', 'revision', revisionId] as const,
  cost: (revisionId: string) => ['build', 'cost', revisionId] as const,
  whereUsed: (itemId: string) => ['build', 'where-used', itemId] as const,
};
