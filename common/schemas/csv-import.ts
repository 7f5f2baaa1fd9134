// What every CSV import shares (decision 022 for items, 075 for suppliers): the request (the file as text, checked
// or imported), one problem of the file by row and column, and the refusal of a file with problems.
import { z } from 'zod';

/** The largest file an import takes, in characters (about 5 MB of text). */
export const CSV_IMPORT_MAX_CHARS = 5_000_000;
/** The most errors one report lists (the counts still cover every row). */
export const CSV_IMPORT_MAX_ERRORS = 1_000;

export const ZCsvImportRequestSchema = z.object({
  csv: z
    .string({ error: 'Send the file as text' })
    .min(1, 'The file is empty')
    .max(CSV_IMPORT_MAX_CHARS, 'The file is too large (maximum 5 MB)'),
  mode: z.enum(['preview', 'commit']),
});
export type TCsvImportRequest = z.infer<typeof ZCsvImportRequestSchema>;

/** One problem of the file: its row as a spreadsheet numbers it (the header is row 1) and the column. */
export const ZCsvImportErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type TCsvImportError = z.infer<typeof ZCsvImportErrorSchema>;

/** The error beside a refused commit's report (400 VALIDATION): nothing was written. */
export const ZCsvImportRefusalSchema = z.object({ code: z.literal('VALIDATION'), message: z.string() });

/** The refusal's message for a report with `problems` problems. */
export const csvImportRefusal = (problems: number) => ({
  code: 'VALIDATION' as const,
  message: `The file has ${problems === 1 ? 'a problem' : 'problems'}: nothing was imported.`,
});
