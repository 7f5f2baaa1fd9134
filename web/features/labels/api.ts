// Calls of the labels API: label formats (/api/v1/label-formats), printing (/api/v1/labels/print) with progress, and
// work orders to label with their travellers (/api/v1/work-orders, /api/v1/labels/travellers; decision 053).
import type {
  TLabelFormat,
  TLabelFormatInput,
  TLabelFormatPage,
  TLabelFormatPatch,
  TPrintRequest,
  TPrintStreamLine,
  TTravellerRequest,
} from '#common/schemas/labels.ts';
import type { TWorkOrderListQuery, TWorkOrderPage } from '#common/schemas/work-orders.ts';
import { ApiError, api, errorFromResponse, unreachableError } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';

export const listFormats = (signal?: AbortSignal) =>
  api<TLabelFormatPage>('/api/v1/label-formats?page=1&pageSize=100', { signal });
export const createFormat = (body: TLabelFormatInput) =>
  api<TLabelFormat>('/api/v1/label-formats', { method: 'POST', body });
export const updateFormat = (id: string, body: TLabelFormatPatch) =>
  api<TLabelFormat>(`/api/v1/label-formats/${encodeURIComponent(id)}`, { method: 'PATCH', body });
export const deleteFormat = (id: string) =>
  api<void>(`/api/v1/label-formats/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The printed file. */
export interface TPrintedFile {
  blob: Blob;
  filename: string;
  labels: number;
}

/**
 * Prints labels, reporting progress (labels drawn of all) from the server's progress stream: the server renders for a
 * few seconds on a big run, and the stream says how far it is (docs/decisions/027).
 */
export async function printLabels(
  request: TPrintRequest,
  onProgress: (done: number, total: number) => void,
): Promise<TPrintedFile> {
  let response: Response;
  try {
    response = await fetch('/api/v1/labels/print', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/x-ndjson', 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    throw unreachableError();
  }
  if (!response.ok || !response.body) throw await errorFromResponse(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as TPrintStreamLine;
      buffered = buffered.slice(newline + 1);
      if (line.type === 'progress') onProgress(line.done, line.total);
      else if (line.type === 'error') throw new ApiError(500, 'INTERNAL', line.message);
      else {
        const bytes = Uint8Array.from(atob(line.base64), (c) => c.charCodeAt(0));
        return {
          blob: new Blob([bytes], { type: line.contentType }),
          filename: line.filename,
          labels: line.labels,
        };
      }
      newline = buffered.indexOf('\n');
    }
    if (done) throw new ApiError(500, 'INTERNAL', 'The print stopped before the file arrived. Try again.');
  }
}

/** Saves a printed file through the browser's download. */
export function download(file: TPrintedFile) {
  saveBlob(file.blob, file.filename);
}

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
