// Calls of QC Instructions (decision 072), typed by the shared contract in common/schemas/inspections.ts.
import type { TCorrectiveAction, TCorrectiveActionInput } from '#common/schemas/corrective-actions.ts';
import type {
  TInspection,
  TInspectionListQuery,
  TInspectionPage,
  TInspectionResult,
  TInspectionStart,
  TPlansInForce,
  TResultInput,
} from '#common/schemas/inspections.ts';
import { getInspection, inspectionKey } from '../../components/quality/inspection-query.ts';
import { api } from '../../lib/api-client.ts';

const id = encodeURIComponent;

export const inspectionKeys = {
  all: ['inspections'] as const,
  list: (query: object) => ['inspections', 'list', query] as const,
  one: inspectionKey,
  plans: (workOrderId: string) => ['inspections', 'plans-in-force', null, workOrderId] as const,
};

export function listInspections(query: Partial<TInspectionListQuery>, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return api<TInspectionPage>(`/api/v1/inspections?${params}`, { signal });
}

export { getInspection };

export const startInspection = (body: TInspectionStart) =>
  api<TInspection>('/api/v1/inspections', { method: 'POST', body });

export const recordResult = (inspectionId: string, body: TResultInput) =>
  api<TInspectionResult>(`/api/v1/inspections/${id(inspectionId)}/results`, { method: 'POST', body });

export const finishInspection = (inspectionId: string) =>
  api<TInspection>(`/api/v1/inspections/${id(inspectionId)}/finish`, { method: 'POST' });

export const plansForWorkOrder = (workOrderId: string, signal?: AbortSignal) =>
  api<TPlansInForce>(`/api/v1/inspections/plans-in-force?${new URLSearchParams({ workOrderId })}`, {
    signal,
  });

/** An admin records the supplier's corrective action after 105E 4.8's discontinuation (decision 077). */
export const recordCorrectiveAction = (body: TCorrectiveActionInput) =>
  api<TCorrectiveAction>('/api/v1/sampling-corrective-actions', { method: 'POST', body });
