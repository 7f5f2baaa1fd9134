// One list of application error codes, shared by server and web; the server maps each to one HTTP status.

/** Every code the API can answer with, and the HTTP status it travels as. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  /** Sign-in with a wrong password or an unknown address (SPEC.md: "Status 400: Login failed: …"). */
  INVALID_CREDENTIALS: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  FEATURE_DISABLED: 403,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_INACTIVE: 403,
  PASSWORD_RESET_REQUIRED: 403,
  /** A password sign-in for an address whose company requires single sign-on (decision 086). */
  SSO_REQUIRED: 403,
  /** Setting a first password needs a recent sign-in (decision 088); the session is kept. */
  REAUTHENTICATION_NEEDED: 403,
  /** The login form's CSRF token is missing, or its body and cookie copies differ. */
  CSRF_INVALID: 403,
  NOT_FOUND: 404,
  /** The path exists but not with this method; the answer's Allow header lists the methods it has. */
  METHOD_NOT_ALLOWED: 405,
  /** A linked identity that is not the signed-in user's (decision 088); the session is kept. */
  IDENTITY_NOT_FOUND: 404,
  CONFLICT: 409,
  LIMIT_REACHED: 409,
  /** Unlinking the account's only way to sign in (decision 088); the session is kept. */
  SINGLE_IDENTITY_NOT_DELETABLE: 409,
  /** A move its status table does not allow (a work order from completed to released, decision 048). */
  INVALID_TRANSITION: 409,
  /** Completing a work order while a planned component is not fully consumed; `details` lists them (decision 064). */
  UNCONSUMED: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** An upload whose first bytes are none of the types the operation takes (decision 046). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A Range header that asks for bytes past the end of the file (decision 046). */
  RANGE_NOT_SATISFIABLE: 416,
  /** An idempotency key sent again with a different request: the first request's result stands (decision 036). */
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;

/** Field path (dot-joined) to the message for that field. */
export type TFieldErrors = Record<string, string>;

/** The JSON body of every error response; `details` carries what a code documents (UNCONSUMED: its open lines). */
export interface TErrorBody {
  error: { code: TErrorCode; message: string; fieldErrors?: TFieldErrors; details?: unknown };
}

/** An error with a code the API knows how to answer; thrown by services, mapped once by the server. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly fieldErrors: TFieldErrors | undefined;
  /** For RATE_LIMITED: how long until a retry may succeed (sent as Retry-After). */
  readonly retryAfterMs: number | undefined;
  /** Structured facts of the refusal the client reads (sent as `error.details`), as the code's contract says. */
  readonly details: unknown;

  constructor(
    code: TErrorCode,
    message: string,
    fieldErrors?: TFieldErrors,
    options: { retryAfterMs?: number; details?: unknown } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.retryAfterMs = options.retryAfterMs;
    this.details = options.details;
  }

  /** A refusal by a rate limit, with the wait the client should respect. */
  static rateLimited(message: string, retryAfterMs: number): AppError {
    return new AppError('RATE_LIMITED', message, undefined, { retryAfterMs });
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Narrows an unknown JSON value to the API's error body. */
export function isErrorBody(value: unknown): value is TErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}
