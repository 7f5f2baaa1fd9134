// The one place an error becomes a form's errors (decision 040, "Forms"). Both the browser's check of a request
// body with its zod contract and the server's refusal of it name fields by the body's paths ("lines.0.quantity",
// "borrower.userId"); a form's fields may be named otherwise ("quantity", "person"). `placeErrors` puts each path's
// message on the field it belongs to, through the form's path map, and anything no field shows on the form as a
// whole, so no message is ever lost. `formErrorsOf` does it for a failed API call.
import { ApiError } from './api-client.ts';
import { messageOf } from './api-errors.ts';

/** The key of the error that belongs to no field: shown above the form's buttons. */
export const FORM_ERROR = 'form';

/** Body paths (or path prefixes) that a field of another name shows, e.g. { 'lines.0.quantity': 'quantity' }. */
export type TPathMap = Readonly<Record<string, string>>;

/** Where a form's errors can land: its own field names, and the body paths that land on one of them. */
export interface TErrorPlaces {
  fields: Iterable<string>;
  paths?: TPathMap | undefined;
}

/**
 * The field a body path lands on: the path itself or its nearest parent that the map names or that is a field
 * ("itemIds.2" → "itemIds"); the form for a path no field shows.
 */
function fieldOf(path: string, fields: ReadonlySet<string>, paths: TPathMap): string {
  const parts = path === '' ? [] : path.split('.');
  for (let n = parts.length; n > 0; n -= 1) {
    const prefix = parts.slice(0, n).join('.');
    const mapped = paths[prefix];
    if (mapped !== undefined) return mapped;
    if (fields.has(prefix)) return prefix;
  }
  return FORM_ERROR;
}

/** Messages by body path → messages by field: the first message each field gets is the one it shows. */
export function placeErrors(
  byPath: Readonly<Record<string, unknown>>,
  { fields, paths = {} }: TErrorPlaces,
): Record<string, string> {
  const known = new Set(fields);
  const placed: Record<string, string> = {};
  for (const [path, message] of Object.entries(byPath)) {
    if (typeof message !== 'string' || message === '') continue;
    placed[fieldOf(path, known, paths)] ??= message;
  }
  return placed;
}

/** Options of `formErrorsOf` beyond where errors land. */
export interface TFailureOptions {
  /**
   * Whether the refusal's whole message shows above the buttons as well as under its field, e.g. for a 409 "Not
   * enough stock: P-100 at A has 4, and 5 is needed. Nothing was posted.", which says more than the quantity's mark.
   */
  wholeMessage?: ((failure: ApiError) => boolean) | undefined;
}

/**
 * A failed API call as a form's errors: the server's field errors on their fields (or on the form when no field
 * shows them), and the message on the form when no field was named; any other failure is the form's.
 */
export function formErrorsOf(
  failure: unknown,
  places: TErrorPlaces,
  options: TFailureOptions = {},
): Record<string, string> {
  if (!(failure instanceof ApiError)) return { [FORM_ERROR]: messageOf(failure) };
  const errors = placeErrors(failure.fieldErrors, places);
  if (Object.keys(errors).length === 0 || options.wholeMessage?.(failure))
    errors[FORM_ERROR] = failure.message;
  return errors;
}
