// CSV export and import of items (decision 022): the download of GET /api/v1/items/export.csv, and
// POST /api/v1/items/import, whose refused commit (400) carries the row-by-row report beside the error.
import { isErrorBody } from '#common/errors.ts';
import type { TItemListQuery } from '#common/schemas/inventory-setup.ts';
import type { TItemImportResult } from '#common/schemas/items-csv.ts';
import { ApiError } from '../../lib/api-client.ts';

const unreachable = () =>
  new ApiError(0, 'NETWORK', 'Unable to reach Forgeboard. Check your connection and try again.');

/** Downloads the items the list shows (its search and status; every page) as the server names the file. */
export async function downloadItemsCsv(filter: Pick<TItemListQuery, 'q' | 'status'>): Promise<void> {
  const params = new URLSearchParams({ status: filter.status, ...(filter.q ? { q: filter.q } : {}) });
  let response: Response;
  try {
    response = await fetch(`/api/v1/items/export.csv?${params}`, { credentials: 'same-origin' });
  } catch {
    throw unreachable();
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    if (isErrorBody(body)) throw new ApiError(response.status, body.error.code, body.error.message);
    throw new ApiError(response.status, 'INTERNAL', `The server answered ${response.status}. Try again.`);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'items.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** What an import answered: the report, and whether a commit was refused because of the file's problems. */
export interface TImportAnswer {
  result: TItemImportResult;
  refused: boolean;
}

/** Checks (preview) or imports (commit) a file; a refused commit resolves with its report, other failures throw. */
export async function importItemsCsv(csv: string, mode: 'preview' | 'commit'): Promise<TImportAnswer> {
  let response: Response;
  try {
    response = await fetch('/api/v1/items/import', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ csv, mode }),
    });
  } catch {
    throw unreachable();
  }
  const body: unknown = await response.json().catch(() => null);
  const isReport = typeof body === 'object' && body !== null && 'errors' in body && 'rows' in body;
  if (response.ok && isReport) return { result: body as TItemImportResult, refused: false };
  if (response.status === 400 && isReport) return { result: body as TItemImportResult, refused: true };
  if (isErrorBody(body)) {
    throw new ApiError(response.status, body.error.code, body.error.message, body.error.fieldErrors);
  }
  throw new ApiError(response.status, 'INTERNAL', `The server answered ${response.status}. Try again.`);
}
