// CSV import and export of items (GET /api/v1/items/export.csv, POST /api/v1/items/import): the columns of the
// file, the import request and its row-by-row report. Decision 022.
import { z } from 'zod';
import {
  CSV_IMPORT_MAX_CHARS,
  CSV_IMPORT_MAX_ERRORS,
  type TCsvImportError,
  type TCsvImportRequest,
  ZCsvImportErrorSchema,
  ZCsvImportRefusalSchema,
  ZCsvImportRequestSchema,
} from './csv-import.ts';

/** The columns of an items file, in the order the export writes them. */
export const ITEM_CSV_COLUMNS = [
  'part_number',
  'name',
  'description',
  'unit_of_measure',
  'category',
  'unit_cost',
  'reorder_point',
  'default_location',
  'lot_tracked',
  'active',
] as const;
export type TItemCsvColumn = (typeof ITEM_CSV_COLUMNS)[number];

/** The largest file the import takes, in characters (about 5 MB of text). */
export const ITEM_CSV_MAX_CHARS = CSV_IMPORT_MAX_CHARS;
/** The most data rows one file may hold. */
export const ITEM_CSV_MAX_ROWS = 10_000;
/** The most errors one report lists (the counts still cover every row). */
export const ITEM_CSV_MAX_ERRORS = CSV_IMPORT_MAX_ERRORS;

export const ZItemImportRequestSchema = ZCsvImportRequestSchema;
export type TItemImportRequest = TCsvImportRequest;

/** One problem of the file: its row as a spreadsheet numbers it (the header is row 1) and the column. */
export const ZItemImportErrorSchema = ZCsvImportErrorSchema;
export type TItemImportError = TCsvImportError;

/** What an import found: data rows, rows without a problem, the problems, and the items created (commit only). */
export const ZItemImportResultSchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  errors: z.array(ZItemImportErrorSchema),
  created: z.number().int(),
});
export type TItemImportResult = z.infer<typeof ZItemImportResultSchema>;

/** A refused commit (400 VALIDATION): the usual error body with the report beside it; nothing was written. */
export const ZItemImportRefusedSchema = ZItemImportResultSchema.extend({ error: ZCsvImportRefusalSchema });
export type TItemImportRefused = z.infer<typeof ZItemImportRefusedSchema>;
