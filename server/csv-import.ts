// Reading an import's CSV file (decisions 022 and 075), through csv-parse: a header naming the columns (any order,
// any case; the required ones present, unknown ones refused), then one record per row. Blank records are skipped but
// keep their row numbers, so a row number is the one a spreadsheet shows; the apostrophe an export put before a
// formula-like cell (common/csv.ts) is taken off, so an export re-imports unchanged. Pure: no database.
import { parse } from 'csv-parse/sync';
import { unguardFormula } from '#common/csv.ts';
import type { TCsvImportError } from '#common/schemas/csv-import.ts';

/** A data record: its row number (the header is row 1) and its cells by column, trimmed ('' for an absent column). */
export interface TCsvImportRecord<TColumn extends string> {
  row: number;
  cells: Record<TColumn, string>;
}

export type TParsedCsvImport<TColumn extends string> =
  | { ok: true; records: TCsvImportRecord<TColumn>[]; present: ReadonlySet<TColumn> }
  | { ok: false; rows: number; errors: TCsvImportError[] };

export interface TCsvImportShape<TColumn extends string> {
  columns: readonly TColumn[];
  required: readonly TColumn[];
  /** What one row is, singular and plural ('item', 'items'), for the messages. */
  noun: readonly [string, string];
  maxRows: number;
}

/** The file's records, or the problems of the file as a whole (nothing of it can be checked row by row then). */
export function parseCsvImport<TColumn extends string>(
  text: string,
  shape: TCsvImportShape<TColumn>,
): TParsedCsvImport<TColumn> {
  let table: string[][];
  try {
    table = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const where = typeof line === 'number' ? ` (near line ${line})` : '';
    return {
      ok: false,
      rows: 0,
      errors: [
        { row: line ?? 1, field: 'file', message: `The file is not valid CSV${where}: check its quotes.` },
      ],
    };
  }
  const [header = [], ...data] = table;
  const errors: TCsvImportError[] = [];
  const position = new Map<TColumn, number>();
  header.forEach((cell, index) => {
    const name = cell.trim().toLowerCase();
    if (name === '') return;
    if (!(shape.columns as readonly string[]).includes(name)) {
      errors.push({
        row: 1,
        field: name,
        message: `Unknown column "${name}". Use: ${shape.columns.join(', ')}.`,
      });
    } else if (position.has(name as TColumn)) {
      errors.push({ row: 1, field: name, message: `The column "${name}" appears twice.` });
    } else {
      position.set(name as TColumn, index);
    }
  });
  for (const required of shape.required) {
    if (!position.has(required)) {
      errors.push({ row: 1, field: required, message: `The header row needs a "${required}" column.` });
    }
  }
  const records: TCsvImportRecord<TColumn>[] = [];
  data.forEach((cells, index) => {
    if (cells.every((c) => c.trim() === '')) return;
    const record = Object.fromEntries(
      shape.columns.map((column) => {
        const at = position.get(column);
        return [column, at === undefined ? '' : unguardFormula((cells[at] ?? '').trim())];
      }),
    ) as Record<TColumn, string>;
    records.push({ row: index + 2, cells: record });
  });
  const [one, many] = shape.noun;
  if (records.length === 0 && errors.length === 0) {
    errors.push({
      row: 2,
      field: 'file',
      message: `The file has no ${many}: add one row per ${one} under the header.`,
    });
  }
  if (records.length > shape.maxRows) {
    errors.push({
      row: records[shape.maxRows]!.row,
      field: 'file',
      message: `Too many rows: import at most ${shape.maxRows} ${many} per file.`,
    });
  }
  return errors.length > 0
    ? { ok: false, rows: records.length, errors }
    : { ok: true, records, present: new Set(position.keys()) };
}

const YES = new Set(['true', 'yes', 'y', '1']);
const NO = new Set(['false', 'no', 'n', '0']);

/** "yes"/"no" and their spellings; empty is undefined (the default applies); anything else is null (an error). */
export function csvFlagOf(text: string): boolean | undefined | null {
  const value = text.toLowerCase();
  if (value === '') return undefined;
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  return null;
}
