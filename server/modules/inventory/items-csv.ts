// Items as CSV records and back: the record an export writes (through common/csv.ts, which guards formulas) and
// reading through csv-parse (decision 022). Pure functions: no database.
import { parse } from 'csv-parse/sync';
import { type TCsvValue, unguardFormula } from '#common/csv.ts';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import {
  ITEM_CSV_COLUMNS,
  ITEM_CSV_MAX_ROWS,
  type TItemCsvColumn,
  type TItemImportError,
} from '#common/schemas/items-csv.ts';

/** An item as one record, in ITEM_CSV_COLUMNS order (written by csvFile, which guards formula-like cells). */
export function itemCsvRecord(item: TItem): TCsvValue[] {
  return [
    item.partNumber,
    item.name,
    item.description,
    item.unitOfMeasure,
    item.category,
    item.unitCost,
    item.reorderPoint ?? '',
    item.defaultLocationPath ?? '',
    item.lotTracked,
    item.active,
  ];
}

/** A data record of an import: its row number (the header is row 1) and its cells by column, trimmed. */
export interface TItemCsvRecord {
  row: number;
  cells: Record<TItemCsvColumn, string>;
}

export type TParsedItemsCsv =
  | { ok: true; records: TItemCsvRecord[] }
  | { ok: false; rows: number; errors: TItemImportError[] };

/**
 * Reads an items file: a header naming the columns (any order, any case; part_number and name required, unknown
 * columns refused), then one item per record. Blank records are skipped but keep their row numbers, so a row
 * number is the one a spreadsheet shows.
 */
export function parseItemsCsv(text: string): TParsedItemsCsv {
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
  const names = header.map((h) => h.trim().toLowerCase());
  const errors: TItemImportError[] = [];
  const position = new Map<TItemCsvColumn, number>();
  names.forEach((name, index) => {
    if (name === '') return;
    if (!(ITEM_CSV_COLUMNS as readonly string[]).includes(name)) {
      errors.push({
        row: 1,
        field: name,
        message: `Unknown column "${name}". Use: ${ITEM_CSV_COLUMNS.join(', ')}.`,
      });
    } else if (position.has(name as TItemCsvColumn)) {
      errors.push({ row: 1, field: name, message: `The column "${name}" appears twice.` });
    } else {
      position.set(name as TItemCsvColumn, index);
    }
  });
  for (const required of ['part_number', 'name'] as const) {
    if (!position.has(required)) {
      errors.push({ row: 1, field: required, message: `The header row needs a "${required}" column.` });
    }
  }
  const records: TItemCsvRecord[] = [];
  data.forEach((cells, index) => {
    if (cells.every((c) => c.trim() === '')) return;
    const record = Object.fromEntries(
      ITEM_CSV_COLUMNS.map((column) => {
        const at = position.get(column);
        return [column, at === undefined ? '' : unguardFormula((cells[at] ?? '').trim())];
      }),
    ) as Record<TItemCsvColumn, string>;
    records.push({ row: index + 2, cells: record });
  });
  if (records.length === 0 && errors.length === 0) {
    errors.push({
      row: 2,
      field: 'file',
      message: 'The file has no items: add one row per item under the header.',
    });
  }
  if (records.length > ITEM_CSV_MAX_ROWS) {
    errors.push({
      row: records[ITEM_CSV_MAX_ROWS]!.row,
      field: 'file',
      message: `Too many rows: import at most ${ITEM_CSV_MAX_ROWS} items per file.`,
    });
  }
  return errors.length > 0 ? { ok: false, rows: records.length, errors } : { ok: true, records };
}
