// Display helpers of SKU setup: location kinds in words, and failures as the messages a form shows (money and
// quantities are web/lib's format-money.ts and format-quantity.ts).
import { LOCATION_KINDS, type TLocationKind } from '#common/schemas/inventory-setup.ts';
import { ApiError } from '../../lib/api-client.ts';

export const KIND_LABELS: Record<TLocationKind, string> = {
  site: 'Site',
  area: 'Area',
  shelf: 'Shelf',
  bin: 'Bin',
};

/** The kinds a child of `parent` may be: only smaller ones (site > area > shelf > bin); a bin holds none. */
export function childKinds(parent: TLocationKind): TLocationKind[] {
  return LOCATION_KINDS.slice(LOCATION_KINDS.indexOf(parent) + 1);
}

/** The failure's message for a form or a toast. */
export function messageOf(failure: unknown): string {
  return failure instanceof ApiError ? failure.message : 'Something went wrong. Try again.';
}

/** Errors to show on a form: the server's field errors by field, or its message for the whole form. */
export function formErrorsOf(failure: unknown): Record<string, string> {
  if (failure instanceof ApiError && Object.keys(failure.fieldErrors).length > 0) return failure.fieldErrors;
  return { form: messageOf(failure) };
}
