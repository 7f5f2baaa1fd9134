// Printing labels (POST /api/v1/labels/print) with the server's progress, and the company's label formats: what Tag
// Items prints with, shared with the pages that print one thing's label (a machine's page, issue 29).
import type { TLabelFormatPage, TPrintRequest, TPrintStreamLine } from '#common/schemas/labels.ts';
import { ApiError, api, errorFromResponse, unreachableError } from './api-client.ts';
import { saveBlob } from './download.ts';

/** The company's label formats (a company has a handful: one page holds them). */
export const listFormats = (signal?: AbortSignal) =>
  api<TLabelFormatPage>('/api/v1/label-formats?page=1&pageSize=100', { signal });

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
