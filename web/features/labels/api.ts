// Calls of the labels API: label formats (/api/v1/label-formats), printing (/api/v1/labels/print) with progress, and
// work orders to label with their travellers (/api/v1/work-orders, /api/v1/labels/travellers; decision 053).
import type {
  TLabelFormat,
  TLabelFormatInput,
  TLabelFormatPatch,
  TTravellerRequest,
} from '#common/schemas/labels.ts';
import type { TWorkOrderListQuery, TWorkOrderPage } from '#common/schemas/work-orders.ts';
import { api, errorFromResponse, unreachableError } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';

// Printing and the list of formats are shared with the pages that print one label (a machine's page): web/lib.
export { download, listFormats, printLabels, type TPrintedFile } from '../../lib/label-printing.ts';
export const createFormat = (body: TLabelFormatInput) =>
  api<TLabelFormat>('/api/v1/label-formats', { method: 'POST', body });
export const updateFormat = (id: string, body: TLabelFormatPatch) =>
  api<TLabelFormat>(`/api/v1/label-formats/${encodeURIComponent(id)}`, { method: 'PATCH', body });
export const deleteFormat = (id: string) =>
  api<void>(`/api/v1/label-formats/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Work orders to label: a page of the company's, searched by number or assembly and narrowed by status. */
export function findWorkOrders(
  query: Pick<TWorkOrderListQuery, 'q' | 'status' | 'page' | 'pageSize'>,
  signal?: AbortSignal,
): Promise<TWorkOrderPage> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  return api<TWorkOrderPage>(`/api/v1/work-orders?${params}`, { signal });
}

/** Under 'work-orders', so a work order's move refreshes the list Tag Items shows. */
export const workOrdersToLabelKey = (query: object) => ['work-orders', 'labels', query] as const;

/** The travellers of the work orders as one PDF, saved under the server's name. */
export async function printTravellers(
  request: TTravellerRequest,
): Promise<{ filename: string; count: number }> {
  let response: Response;
  try {
    response = await fetch('/api/v1/labels/travellers', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    throw unreachableError();
  }
  if (!response.ok) throw await errorFromResponse(response);
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'travellers.pdf';
  saveBlob(await response.blob(), filename);
  return {
    filename,
    count: Number(response.headers.get('x-traveller-count') ?? request.workOrderIds.length),
  };
}
