// CSV import and export of suppliers (GET /api/v1/suppliers/export.csv, POST /api/v1/suppliers/import), decision
// 075: the columns of the file and the import's row-by-row report, as items' (decision 022).
import { z } from 'zod';
import { ZCsvImportErrorSchema, ZCsvImportRefusalSchema } from './csv-import.ts';

/** The columns of a suppliers file, in the order the export writes them (the import reads them in any case). */
export const SUPPLIER_CSV_COLUMNS = ['code', 'name', 'contact', 'email', 'active'] as const;
export type TSupplierCsvColumn = (typeof SUPPLIER_CSV_COLUMNS)[number];

/** The most data rows one file may hold. */
export const SUPPLIER_CSV_MAX_ROWS = 10_000;

/**
 * What an import found: data rows, rows without a problem, the problems, and (commit only) the suppliers created and
 * the existing ones the file changed (a row equal to the supplier as it is changes nothing).
 */
export const ZSupplierImportResultSchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  errors: z.array(ZCsvImportErrorSchema),
  created: z.number().int(),
  updated: z.number().int(),
});
export type TSupplierImportResult = z.infer<typeof ZSupplierImportResultSchema>;

/** A refused commit (400 VALIDATION): the usual error body with the report beside it; nothing was written. */
export const ZSupplierImportRefusedSchema = ZSupplierImportResultSchema.extend({
  error: ZCsvImportRefusalSchema,
});
