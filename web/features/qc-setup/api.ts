// Calls of QC Setup (decision 071): inspection plans and their versions, and the company's defect codes, typed by
// the shared contracts.
import type {
  TDefectCode,
  TDefectCodeInput,
  TDefectCodeListQuery,
  TDefectCodePage,
} from '#common/schemas/defect-codes.ts';
import type {
  TPlanCreate,
  TPlanDetail,
  TPlanListQuery,
  TPlanPage,
  TPlanUpdate,
  TVersion,
  TVersionSave,
} from '#common/schemas/inspection-plans.ts';
import { api } from '../../lib/api-client.ts';

const id = encodeURIComponent;

export const qcKeys = {
  all: ['inspection-plans'] as const,
  plans: (query: object) => ['inspection-plans', 'list', query] as const,
  plan: (planId: string) => ['inspection-plans', 'one', planId] as const,
  version: (versionId: string) => ['inspection-plans', 'version', versionId] as const,
  defectCodes: ['defect-codes'] as const,
};

/** Where a plan is shown. */
export const planPath = (planId: string) => `/quality/item-instructions?plan=${id(planId)}`;

export function listPlans(query: TPlanListQuery, signal?: AbortSignal): Promise<TPlanPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    active: query.active,
    ...(query.q ? { q: query.q } : {}),
    ...(query.itemId ? { itemId: query.itemId } : {}),
    ...(query.stage ? { stage: query.stage } : {}),
  });
  return api<TPlanPage>(`/api/v1/inspection-plans?${params}`, { signal });
}

export const getPlan = (planId: string, signal?: AbortSignal) =>
  api<TPlanDetail>(`/api/v1/inspection-plans/${id(planId)}`, { signal });

export const createPlan = (body: TPlanCreate) =>
  api<TPlanDetail>('/api/v1/inspection-plans', { method: 'POST', body });

export const updatePlan = (planId: string, body: TPlanUpdate) =>
  api<TPlanDetail>(`/api/v1/inspection-plans/${id(planId)}`, { method: 'PUT', body });

/** Edit: a new draft copied from the released version. */
export const openPlanDraft = (planId: string) =>
  api<TPlanDetail>(`/api/v1/inspection-plans/${id(planId)}/draft`, { method: 'POST' });

export const getVersion = (versionId: string, signal?: AbortSignal) =>
  api<TVersion>(`/api/v1/inspection-plan-versions/${id(versionId)}`, { signal });

export const saveVersion = (versionId: string, body: TVersionSave) =>
  api<TVersion>(`/api/v1/inspection-plan-versions/${id(versionId)}`, { method: 'PUT', body });

export const releaseVersion = (versionId: string) =>
  api<TVersion>(`/api/v1/inspection-plan-versions/${id(versionId)}/release`, { method: 'POST' });

export function listDefectCodes(query: TDefectCodeListQuery, signal?: AbortSignal): Promise<TDefectCodePage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    active: query.active,
    ...(query.q ? { q: query.q } : {}),
  });
  return api<TDefectCodePage>(`/api/v1/defect-codes?${params}`, { signal });
}

export const createDefectCode = (body: TDefectCodeInput) =>
  api<TDefectCode>('/api/v1/defect-codes', { method: 'POST', body });

export const updateDefectCode = (codeId: string, body: TDefectCodeInput) =>
  api<TDefectCode>(`/api/v1/defect-codes/${id(codeId)}`, { method: 'PUT', body });
