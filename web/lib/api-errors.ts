// A failed API call as one message, for a toast or an inline notice (a form's errors, from the server or from the
// contract, are form-errors.ts).
import { ApiError } from './api-client.ts';

/** The failure's message for a form or a toast. */
export function messageOf(failure: unknown): string {
  return failure instanceof ApiError ? failure.message : 'Something went wrong. Try again.';
}
