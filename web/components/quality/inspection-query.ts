// One inspection as QC Instructions and the nonconformance raised from it read it (decision 072): one key, so the
// two screens share what is cached and a result recorded on one refreshes the other.
import type { TInspection } from '#common/schemas/inspections.ts';
import { api } from '../../lib/api-client.ts';

export const inspectionKey = (inspectionId: string) => ['inspections', 'one', inspectionId] as const;

export const getInspection = (inspectionId: string, signal?: AbortSignal) =>
  api<TInspection>(`/api/v1/inspections/${encodeURIComponent(inspectionId)}`, { signal });
