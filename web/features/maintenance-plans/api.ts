import type {
  TPeoplePage,
  TPlanDetail,
  TPlanInput,
  TPlanListQuery,
  TPlanPage,
} from '#common/schemas/maintenance-plans.ts';
import { api } from '../../lib/api-client.ts';

const id = encodeURIComponent;

export function listPlans(query: TPlanListQuery, signal?: AbortSignal): Promise<TPlanPage> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.q) params.set('q', query.q);
  if (query.machineId) params.set('machineId', query.machineId);
  if (query.active) params.set('active', query.active);
  return api<TPlanPage>(`/api/v1/maintenance/plans?${params}`, { signal });
}

export const getPlan = (planId: string, signal?: AbortSignal) =>
  api<TPlanDetail>(`/api/v1/maintenance/plans/${id(planId)}`, { signal });

export const createPlan = (body: TPlanInput) =>
  api<TPlanDetail>('/api/v1/maintenance/plans', { method: 'POST', body });

export const updatePlan = (planId: string, body: TPlanInput) =>
  api<TPlanDetail>(`/api/v1/maintenance/plans/${id(planId)}`, { method: 'PUT', body });

export const setPlanActive = (planId: string, active: boolean) =>
  api<TPlanDetail>(`/api/v1/maintenance/plans/${id(planId)}/active`, { method: 'POST', body: { active } });

export const searchPeople = (q: string, signal?: AbortSignal) =>
  api<TPeoplePage>(`/api/v1/maintenance/people?${new URLSearchParams({ q, pageSize: '20' })}`, { signal });

/** Query keys of the screen: a change refreshes everything under ['maintenance-plans']. */
export const planKeys = {
  all: ['maintenance-plans'] as const,
  list: (query: object) => ['maintenance-plans', 'list', query] as const,
  one: (planId: string) => ['maintenance-plans', 'one', planId] as const,
  people: (q: string) => ['maintenance-plans', 'people', q] as const,
};

/** The page of one plan. */
export const planPath = (planId: string) => `/maintenance/planned?id=${encodeURIComponent(planId)}`;
