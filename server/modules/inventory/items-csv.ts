// Items as CSV records and back: the record an export writes (through common/csv.ts, which guards formulas) and
// reading through server/csv-import.ts (decision 022). Pure functions: no database.
import type { TCsvValue } from '#common/csv.ts';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import { ITEM_CSV_COLUMNS, ITEM_CSV_MAX_ROWS, type TItemCsvColumn } from '#common/schemas/items-csv.ts';
import { parseCsvImport, type TCsvImportRecord, type TParsedCsvImport } from '../../csv-import.ts';

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
export type TItemCsvRecord = TCsvImportRecord<TItemCsvColumn>;

/**
 * Reads an items file: a header naming the columns (any order, any case; part_number and name required, unknown
 * columns refused), then one item per record (server/csv-import.ts).
 */
export function parseItemsCsv(text: string): TParsedCsvImport<TItemCsvColumn> {
  return parseCsvImport(text, {
    columns: ITEM_CSV_COLUMNS,
    required: ['part_number', 'name'],
    noun: ['item', 'items'],
    maxRows: ITEM_CSV_MAX_ROWS,
  });
}
