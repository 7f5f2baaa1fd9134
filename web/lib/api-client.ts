// fetch for the JSON API: same-origin cookies, JSON in and out, errors as ApiError with the server's code and fields.
import { isErrorBody, type TErrorCode, type TFieldErrors } from '#common/errors.ts';

/** A failed API call: the server's code, message and field errors, or NETWORK when the server was not reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: TErrorCode | 'NETWORK';
  readonly fieldErrors: TFieldErrors;
  /** The server's `error.details`, as the code's contract says (parse it with that contract's schema). */
  readonly details: unknown;

  constructor(
    status: number,
    code: TErrorCode | 'NETWORK',
    message: string,
    fieldErrors: TFieldErrors = {},
    details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.details = details;
  }
}

interface TRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** React Query hands a signal to some calls and not others: `{ signal }` is fine either way. */
  signal?: AbortSignal | undefined;
}

/** Calls `/api/...` and returns the parsed JSON (undefined for 204). Throws ApiError on failure. */
export async function api<T>(path: string, options: TRequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers:
        options.body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw unreachableError();
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorFromBody(response.status, body);
  return body as T;
}

/** The error of a call that never reached the server. */
export function unreachableError(): ApiError {
  return new ApiError(0, 'NETWORK', 'Unable to reach Forgeboard. Check your connection and try again.');
}

/** The error a failed answer stands for: the server's own error body, or a plain one naming the status. */
export function errorFromBody(status: number, body: unknown): ApiError {
  if (isErrorBody(body))
    return new ApiError(
      status,
      body.error.code,
      body.error.message,
      body.error.fieldErrors,
      body.error.details,
    );
  return new ApiError(status, 'INTERNAL', `The server answered ${status}. Try again in a moment.`);
}

/** The error of a failed answer whose body has not been read yet. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  return errorFromBody(response.status, await response.json().catch(() => null));
}
