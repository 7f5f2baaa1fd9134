// A failed API call as the screens show it: one message for a toast or an inline notice, or the server's field
// errors for a form (a zod parse in the browser is field-errors.ts).
import { ApiError } from './api-client.ts';

/** The failure's message for a form or a toast. */
export function messageOf(failure: unknown): string {
  return failure instanceof ApiError ? failure.message : 'Something went wrong. Try again.';
}

/** Errors to show on a form: the server's field errors by field, or its message for the whole form. */
export function formErrorsOf(failure: unknown): Record<string, string> {
  if (failure instanceof ApiError && Object.keys(failure.fieldErrors).length > 0) return failure.fieldErrors;
  return { form: messageOf(failure) };
}
