// Calls of the company configuration API (/api/v1/company/label-config).
import type { TLabelConfig, TLabelConfigPatch } from '#common/label-config.ts';
import { api } from '../../lib/api-client.ts';

export const fetchLabelConfig = (signal?: AbortSignal) =>
  api<TLabelConfig>('/api/v1/company/label-config', { signal });

export const saveLabelConfig = (patch: TLabelConfigPatch) =>
  api<TLabelConfig>('/api/v1/company/label-config', { method: 'PATCH', body: patch });
