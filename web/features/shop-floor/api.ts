// The shop-floor run's calls (decision 049): the floor view and its actions, each answering with the run as the
// server now has it, which the page puts straight into its query's cache.
import type { TScanResult } from '#common/schemas/scan.ts';
import type {
  TComplete,
  TConsume,
  TFloor,
  TFloorAction,
  TOutput,
  TStepFinish,
  TUnconsumedLine,
} from '#common/schemas/shop-floor.ts';
import { ZUnconsumedDetailsSchema } from '#common/schemas/shop-floor.ts';
import { ApiError, api } from '../../lib/api-client.ts';

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

/** Completes the work order; 409 UNCONSUMED lists the planned lines still open until `resolutions` settle each. */
export const completeWorkOrder = (id: string, body: TComplete) =>
  api<TFloor>(`${base(id)}/complete`, { method: 'POST', body });

/** The open lines a failure lists, when it is completion's 409 UNCONSUMED; null for any other failure. */
export function unconsumedLines(failure: unknown): TUnconsumedLine[] | null {
  if (!(failure instanceof ApiError) || failure.code !== 'UNCONSUMED') return null;
  const details = ZUnconsumedDetailsSchema.safeParse(failure.details);
  return details.success ? details.data.lines : null;
}

/**
 * What a scanned code is (GET /api/v1/scan/resolve, the scan page's lookup), read before a consumption to point
 * "Taken from" at where the scanned part or lot lies. No cache: the stock moves with every consumption.
 */
export const lookUpCode = (code: string) =>
  api<TScanResult>(`/api/v1/scan/resolve?${new URLSearchParams({ code })}`);
