// Calls of a recipe step's inspection plans (decision 071), typed by the shared contracts.
import type { TPlanPage } from '#common/schemas/inspection-plans.ts';
import type { TRevisionStepChecks, TStepChecksSave } from '#common/schemas/step-checks.ts';
import { api } from '../../lib/api-client.ts';

const id = encodeURIComponent;

export const stepCheckKeys = {
  revision: (revisionId: string) => ['step-checks', revisionId] as const,
  plans: (itemId: string) => ['inspection-plans', 'step', itemId] as const,
};

export const getStepChecks = (revisionId: string, signal?: AbortSignal) =>
  api<TRevisionStepChecks>(`/api/v1/assembly-revisions/${id(revisionId)}/step-checks`, { signal });

export const saveStepChecks = (stepId: string, body: TStepChecksSave) =>
  api<TRevisionStepChecks>(`/api/v1/assembly-steps/${id(stepId)}/checks`, { method: 'PUT', body });

/** The item's step plans (a recipe has few; the first hundred, by name). */
export const listStepPlans = (itemId: string, signal?: AbortSignal) =>
  api<TPlanPage>(`/api/v1/inspection-plans?itemId=${id(itemId)}&stage=step&pageSize=100`, { signal });
