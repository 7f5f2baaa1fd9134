// CSV export and import of items (decision 022): the download of GET /api/v1/items/export.csv, and
// POST /api/v1/items/import, whose refused commit (400) carries the row-by-row report beside the error.
import type { TItemListQuery } from '#common/schemas/inventory-setup.ts';
import type { TItemImportResult } from '#common/schemas/items-csv.ts';
import { errorFromBody, unreachableError } from '../../lib/api-client.ts';
import { downloadFromApi } from '../../lib/download.ts';

/** Downloads the items the list shows (its search and status; every page) as the server names the file. */
export function downloadItemsCsv(filter: Pick<TItemListQuery, 'q' | 'status'>): Promise<void> {
  const params = new URLSearchParams({ status: filter.status, ...(filter.q ? { q: filter.q } : {}) });
  return downloadFromApi(`/api/v1/items/export.csv?${params}`, 'items.csv');
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
    throw unreachableError();
  }
  const body: unknown = await response.json().catch(() => null);
  const isReport = typeof body === 'object' && body !== null && 'errors' in body && 'rows' in body;
  if (response.ok && isReport) return { result: body as TItemImportResult, refused: false };
  if (response.status === 400 && isReport) return { result: body as TItemImportResult, refused: true };
  throw errorFromBody(response.status, body);
}
