// Calls of the plan API (/api/v1/subscription).
import type { TPlanId } from '#common/plans.ts';
import type { TSubscription } from '#common/schemas/subscription.ts';
import { api } from '../../lib/api-client.ts';

export const fetchSubscription = (signal?: AbortSignal) =>
  api<TSubscription>('/api/v1/subscription', { signal });

export const changePlan = (planId: TPlanId) =>
  api<TSubscription>('/api/v1/subscription/plan', { method: 'POST', body: { planId } });
