// An import's call (items, decision 022; suppliers, decision 075): POST the file as text to check it (preview) or
// import it (commit). A refused commit (400) carries the row-by-row report beside the error.
import { errorFromBody, unreachableError } from '../../lib/api-client.ts';

/** What every import reports: data rows, rows without a problem, the problems by row and column, what it wrote. */
export interface TCsvImportReport {
  rows: number;
  valid: number;
  errors: { row: number; field: string; message: string }[];
  created: number;
  /** Existing records the file changed (imports that update). */
  updated?: number;
}

/** What an import answered: the report, and whether a commit was refused because of the file's problems. */
export interface TImportAnswer<TReport extends TCsvImportReport> {
  result: TReport;
  refused: boolean;
}

/** Checks (preview) or imports (commit) a file; a refused commit resolves with its report, other failures throw. */
export async function postCsvImport<TReport extends TCsvImportReport>(
  url: string,
  csv: string,
  mode: 'preview' | 'commit',
): Promise<TImportAnswer<TReport>> {
  let response: Response;
  try {
    response = await fetch(url, {
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
  if (response.ok && isReport) return { result: body as TReport, refused: false };
  if (response.status === 400 && isReport) return { result: body as TReport, refused: true };
  throw errorFromBody(response.status, body);
}
