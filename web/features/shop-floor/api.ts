// The shop-floor run's calls (decision 049): the floor view and its actions, each answering with the run as the
// server now has it, which the page puts straight into its query's cache.
import type { TConsume, TFloor, TFloorAction, TOutput, TStepFinish } from '#common/schemas/shop-floor.ts';
import { api } from '../../lib/api-client.ts';

const base = (id: string) => `/api/v1/work-orders/${encodeURIComponent(id)}`;

/** The floor's query key; under 'work-orders' so the work order screens refresh with it. */
export const floorKey = (id: string) => ['work-orders', id, 'floor'] as const;

export const getFloor = (id: string, signal?: AbortSignal) => api<TFloor>(`${base(id)}/floor`, { signal });

export type TStepAction = 'start' | 'pause' | 'resume';

export const stepAction = (id: string, stepId: string, action: TStepAction) =>
  api<TFloor>(`${base(id)}/steps/${encodeURIComponent(stepId)}/${action}`, { method: 'POST' });

export const finishStep = (id: string, stepId: string, body: TStepFinish) =>
  api<TFloor>(`${base(id)}/steps/${encodeURIComponent(stepId)}/finish`, { method: 'POST', body });

export const consume = (id: string, body: TConsume) =>
  api<TFloorAction>(`${base(id)}/consumptions`, { method: 'POST', body });

export const recordOutput = (id: string, body: TOutput) =>
  api<TFloorAction>(`${base(id)}/outputs`, { method: 'POST', body });

export const completeWorkOrder = (id: string) => api<TFloor>(`${base(id)}/complete`, { method: 'POST' });
