// CSV export and import of items (decision 022): the download of GET /api/v1/items/export.csv, and
// POST /api/v1/items/import, whose refused commit (400) carries the row-by-row report beside the error.
import type { TItemListQuery } from '#common/schemas/inventory-setup.ts';
import type { TItemImportResult } from '#common/schemas/items-csv.ts';
import { downloadFromApi } from '../../lib/download.ts';
import { postCsvImport, type TImportAnswer } from './csv-import-api.ts';

/** Downloads the items the list shows (its search and status; every page) as the server names the file. */
export function downloadItemsCsv(filter: Pick<TItemListQuery, 'q' | 'status'>): Promise<void> {
  const params = new URLSearchParams({ status: filter.status, ...(filter.q ? { q: filter.q } : {}) });
  return downloadFromApi(`/api/v1/items/export.csv?${params}`, 'items.csv');
}

/** Checks (preview) or imports (commit) an items file; a refused commit resolves with its report. */
export const importItemsCsv = (
  csv: string,
  mode: 'preview' | 'commit',
): Promise<TImportAnswer<TItemImportResult>> =>
  postCsvImport<TItemImportResult>('/api/v1/items/import', csv, mode);
