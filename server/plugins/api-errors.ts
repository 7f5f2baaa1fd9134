// The error statuses of every operation, documented from structure (decision 037): the app adds what any API route
// can answer, each route group what its hook refuses, and a route only its own business errors (`config.errors`).
// Each status gets the shared error body, its `code` listing the codes that status carries for that operation.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { ERROR_STATUS, type TErrorCode } from '#common/errors.ts';
import { errorBodySchemaFor } from '#common/schemas/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The codes this route's own service can refuse with, beyond what its group and the app document. */
    errors?: TErrorCode[];
    /**
     * Rules of the request the schema cannot say (one field against another, a password's strength): the service
     * refuses them with 400 VALIDATION. Documented on the operation as `x-validation-rules`.
     */
    rules?: string[];
  }
}

/** One documented refusal: the status and the code it carries. */
export interface TErrorCase {
  status: number;
  code: TErrorCode;
}

/** What each code means, as the document's response descriptions say it. */
const MEANINGS: Record<TErrorCode, string> = {
  VALIDATION: 'the request does not match its schema (fieldErrors name the fields)',
  BAD_REQUEST: 'the body is not JSON, or not of a type this operation takes',
  INVALID_CREDENTIALS: 'wrong e-mail address or password',
  UNAUTHENTICATED: 'not signed in',
  FORBIDDEN: 'your role may not do this, or the request came from another site',
  FEATURE_DISABLED: 'the area is switched off for your company',
  EMAIL_NOT_VERIFIED: 'the e-mail address is not verified yet',
  ACCOUNT_INACTIVE: 'the account was deactivated',
  PASSWORD_RESET_REQUIRED: 'the password must be reset first',
  SSO_REQUIRED: "the address's company signs in with single sign-on only",
  REAUTHENTICATION_NEEDED: 'setting a first password needs a sign-in within the last minutes',
  CSRF_INVALID: "the form's CSRF token is missing or does not match its cookie",
  NOT_FOUND: 'no such record in your company',
  IDENTITY_NOT_FOUND: 'no such linked identity of yours',
  METHOD_NOT_ALLOWED: 'the path does not take this method',
  CONFLICT: 'the change conflicts with the current state',
  LIMIT_REACHED: "your plan's limit is reached",
  SINGLE_IDENTITY_NOT_DELETABLE: 'the only way the account signs in cannot be unlinked',
  INVALID_TRANSITION: 'the record cannot make this move from its current status',
  UNCONSUMED: 'a planned component is not fully consumed (details.lines lists each)',
  PAYLOAD_TOO_LARGE: 'the body is larger than this operation takes',
  UNSUPPORTED_MEDIA_TYPE: 'the uploaded content is not of a type this operation takes',
  RANGE_NOT_SATISFIABLE: 'the Range header asks for bytes past the end of the file',
  IDEMPOTENCY_KEY_REUSED: 'the idempotency key was used for a different request',
  RATE_LIMITED: 'too many attempts; Retry-After says when to try again',
  INTERNAL: 'a fault on our side',
  UNAVAILABLE: 'the server or its database is not available',
};

/** A refusal at the status its code travels as. */
export const errorCase = (code: TErrorCode): TErrorCase => ({ status: ERROR_STATUS[code], code });

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What every API operation can answer before or around its handler: VALIDATION (schema and the input guard), a
 * malformed, oversized or foreign-typed body where there can be a body (Fastify's parser: 400, 413, 415), another
 * site's write (security plugin), NOT_FOUND for a record named in the path, the route's own `config.errors`, and 500.
 */
export function appErrorCases(route: RouteOptions): TErrorCase[] {
  const methods = [route.method].flat();
  const cases: TErrorCase[] = [errorCase('VALIDATION')];
  if (methods.some((m) => BODY_METHODS.has(m))) {
    cases.push(errorCase('BAD_REQUEST'), errorCase('PAYLOAD_TOO_LARGE'), {
      status: 415,
      code: 'BAD_REQUEST',
    });
    cases.push(errorCase('FORBIDDEN'));
  }
  if (route.url.includes('/:')) cases.push(errorCase('NOT_FOUND'));
  for (const code of route.config?.errors ?? []) cases.push(errorCase(code));
  if (route.config?.rules?.length) cases.push(errorCase('VALIDATION'));
  cases.push(errorCase('INTERNAL'));
  return cases;
}

interface TDocumented {
  /** Statuses the route declared itself (their schema stands as written). */
  own: Set<string>;
  codes: Map<number, TErrorCode[]>;
}
const documented = new WeakMap<RouteOptions, TDocumented>();

/** Whether a route is an API operation the document shows. */
function isDocumentedApiRoute(route: RouteOptions): boolean {
  return route.url.startsWith('/api/') && !!route.schema && !route.schema.hide;
}

/** Merges `cases` into the route's `schema.response`, one shared-body schema per status listing its codes. */
function addErrorCases(route: RouteOptions, cases: TErrorCase[]): void {
  const schema = route.schema!;
  let state = documented.get(route);
  if (!state) {
    state = { own: new Set(Object.keys(schema.response ?? {})), codes: new Map() };
    documented.set(route, state);
  }
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown>) };
  for (const { status, code } of cases) {
    if (state.own.has(String(status))) continue;
    const codes = state.codes.get(status) ?? [];
    if (!codes.includes(code)) codes.push(code);
    state.codes.set(status, codes);
    const rules = route.config?.rules ?? [];
    const lines = codes.map((c) => `${c}: ${MEANINGS[c]}`);
    if (status === 400 && rules.length > 0) lines.push(`VALIDATION also when: ${rules.join('; ')}`);
    response[status] = {
      description: lines.join('. '),
      content: { 'application/json': { schema: errorBodySchemaFor(codes) } },
    };
  }
  route.schema = { ...schema, response };
  if (route.config?.rules?.length)
    (route.schema as Record<string, unknown>)['x-validation-rules'] = route.config.rules;
}

/** Documents `casesOf(route)` on every API route registered in `scope` after this call (an onRoute hook). */
export function documentErrors(scope: FastifyInstance, casesOf: (route: RouteOptions) => TErrorCase[]): void {
  scope.addHook('onRoute', (route) => {
    if (isDocumentedApiRoute(route)) addErrorCases(route, casesOf(route));
  });
}

/** A success answer that is a file, not JSON: the media types it comes in, each a body of text or bytes. */
export function fileResponse(description: string, types: string[]) {
  // Fastify sends text, bytes and streams as they are (no serializer runs): the schema only documents the body.
  const body = z.unknown().meta({ type: 'string', format: 'binary' });
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema: body }])) };
}
