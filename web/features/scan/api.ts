// Calls of scanning: what a scanned or typed code is in the user's company (GET /api/v1/scan/resolve).
import type { TScanResult } from '#common/schemas/scan.ts';
import { api } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The query key of one code's answer: under 'stock', so every posting refreshes the cards on the scan page. */
export const scanKey = (code: string) => queryKeys.stock('scan', code);

export const resolveCode = (code: string, signal?: AbortSignal) =>
  api<TScanResult>(`/api/v1/scan/resolve?${new URLSearchParams({ code })}`, { signal });
