// CSV as exports write it, on csv-stringify (decision 040): RFC 4180 quoting and CRLF records from the library, and
// one rule of ours on top — a cell a spreadsheet would run as a formula is written as text. Server exports and any
// file the web app writes go through here, so the guard cannot be forgotten by a new export.
import { stringify } from 'csv-stringify/sync';

/** A byte order mark first lets spreadsheet programs read the file as UTF-8 (Excel guesses a code page otherwise). */
export const CSV_BOM = '\uFEFF';

/**
 * What a spreadsheet would run as a formula: = + - @ first, and tab or carriage return, which some read the same way
 * (OWASP, "CSV Injection").
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain decimal number such as -12.5: a spreadsheet reads it as a number, never a formula, so it stays as it is. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A value of a cell before it is written. */
export type TCsvValue = string | number | boolean | null | undefined;

/** `value` with a leading apostrophe when a spreadsheet would run it as a formula (the spreadsheet hides it). */
export function guardFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** Takes off the apostrophe guardFormula put before a formula-like cell, so that an export re-imports unchanged. */
export function unguardFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

function cellText(value: TCsvValue): string {
  if (value === null || value === undefined) return '';
  return guardFormula(String(value));
}

/** Records as CSV text: CRLF after each, quoted where a cell holds a comma, a quote or a line break. */
export function csvRecords(records: readonly (readonly TCsvValue[])[]): string {
  return stringify(
    records.map((record) => record.map(cellText)),
    // Every line break inside a cell is quoted, not only the record delimiter's (csv-stringify's default).
    { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}

/** A whole file: the byte order mark, the header record, then the rows. */
export function csvFile(header: readonly string[], rows: readonly (readonly TCsvValue[])[]): string {
  return CSV_BOM + csvRecords([header, ...rows]);
}
