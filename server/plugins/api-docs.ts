// The OpenAPI document, generated from the routes' zod schemas, with its reader at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { globalRegistry, type z } from 'zod';
import { CSRF_COOKIE, type TLogin } from '#common/schemas/auth.ts';
import { trimmedLengthPattern } from '#common/schemas/json-schema.ts';

type TTransform = typeof jsonSchemaTransform;

/** Whether a zod check is `.trim()` (an overwrite that trims, and only that). */
function isTrim(check: unknown): boolean {
  const def = (check as { _zod?: { def?: { check?: string; tx?: (v: string) => string } } })._zod?.def;
  return def?.check === 'overwrite' && def.tx?.(' Ab ') === 'Ab';
}

/**
 * Walks a request schema and documents each trimmed text with a minimum length as a pattern: JSON Schema's
 * minLength counts the spaces the server trims away, so `minLength: 1` alone would call a blank value valid (nor
 * does a regex such as a part number's, which allows spaces inside). Text with a format is left as it is.
 */
function documentTrimmedText(schema: unknown, seen = new Set<unknown>()): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema) || !('_zod' in schema)) return;
  seen.add(schema);
  const def = (schema as z.ZodType)._zod.def as unknown as Record<string, unknown> & {
    type: string;
    checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number } } }[];
  };
  if (def.type === 'string') {
    const meta = globalRegistry.get(schema as z.ZodType) ?? {};
    const checks = (def.checks ?? []).map((c) => c._zod.def);
    const minimum = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
    const maximum = checks.find((c) => c.check === 'max_length')?.maximum;
    const hasFormat = 'format' in def || 'pattern' in meta || 'id' in meta;
    if (minimum < 1 || hasFormat || !def.checks?.some(isTrim)) return;
    const pattern = trimmedLengthPattern(minimum, maximum);
    // A regex of its own becomes the schema's pattern: JSON Schema takes a second one only under allOf.
    const hasRegex = checks.some((c) => c.check === 'string_format');
    globalRegistry.add(
      schema as z.ZodType,
      hasRegex ? { ...meta, allOf: [{ pattern }] } : { ...meta, pattern },
    );
    return;
  }
  const children = [def.innerType, def.in, def.out, def.element, def.left, def.right, def.valueType];
  if (def.type === 'object') children.push(...Object.values(def.shape as Record<string, unknown>));
  if (Array.isArray(def.options)) children.push(...def.options);
  for (const child of children) documentTrimmedText(child, seen);
}

/** The security scheme of the session cookie; an operation that can answer 401 (not signed in) requires it. */
export const SESSION_SCHEME = 'session';
/** The security scheme of the sign-in's CSRF double submit (cookie, with the same value in a body field). */
export const CSRF_SCHEME = 'csrf';
/** The sign-in body's field that must equal the CSRF cookie (accounts.service.ts checkCsrf). */
const CSRF_BODY_FIELD = 'csrfToken' satisfies keyof TLogin;

/**
 * The zod schemas as JSON Schema (trimmed text with its pattern), a 204 as what it is: no body and no
 * Content-Type (zod's `z.null()` would otherwise document an application/json body holding null), and the session
 * scheme on every operation that needs a signed-in user (those documenting 401 UNAUTHENTICATED).
 */
const transform: TTransform = (input) => {
  for (const part of ['body', 'querystring', 'params'] as const) documentTrimmedText(input.schema?.[part]);
  const result = jsonSchemaTransform(input);
  const response = result.schema?.response as Record<string, unknown> | undefined;
  if (response?.['204']) response['204'] = { type: 'null', description: 'No content' };
  if (response?.['401'] && result.schema && !result.schema.security) {
    result.schema.security = [{ [SESSION_SCHEME]: [] }];
  }
  return result;
};

const DESCRIPTION = [
  'The JSON API behind the Forgeboard web app. Every route takes JSON and returns JSON (the CSV exports and label files say their types); errors are `{ error: { code, message, fieldErrors? } }`, and each operation lists the statuses it can answer with the codes each carries.',
  `Signing in: \`POST /api/v1/auth/sign-in\` with the CSRF double submit (the \`${CSRF_SCHEME}\` scheme: a token of 64 hex characters as the \`${CSRF_COOKIE}\` cookie and the same value in the body field \`${CSRF_BODY_FIELD}\`) sets the session cookie (the \`${SESSION_SCHEME}\` scheme), which every operation marked with it needs. A browser's write (POST, PUT, PATCH, DELETE) must also carry an \`Origin\` of this site, or it is refused with 403 FORBIDDEN.`,
  "Verifying an e-mail address: the link in the mail opens the web page `/auth/callback`, which verifies nothing itself; it sends the link's token to `POST /api/v1/auth/verify-email`. There is no GET that verifies an address (a mail scanner following the link must not).",
].join('\n\n');

/** The CSRF scheme; `x-body-field` names the body field (OpenAPI's apiKey has no place for a second name). */
const CSRF_SECURITY_SCHEME = {
  type: 'apiKey' as const,
  in: 'cookie',
  name: CSRF_COOKIE,
  description: `The sign-in's CSRF double submit: 64 hex characters the client makes up, sent as this cookie and again as the body field \`${CSRF_BODY_FIELD}\`; a missing or different copy is 403 CSRF_INVALID.`,
  'x-body-field': CSRF_BODY_FIELD,
};

/**
 * OpenAPI 3.0 (3.0.3's clarification) reads `nullable: true` beside an `enum` as allowing null only when the enum
 * lists null too; the zod conversion writes `nullable` alone, so a nullable choice (a machine's first status event
 * has no `fromStatus`) documented null as invalid. Adds null to every such enum of the document.
 */
export function nullInNullableEnums<T>(node: T): T {
  if (Array.isArray(node)) for (const child of node) nullInNullableEnums(child);
  else if (node && typeof node === 'object') {
    const schema = node as Record<string, unknown>;
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
      schema.enum = [...schema.enum, null];
    for (const child of Object.values(schema)) nullInNullableEnums(child);
  }
  return node;
}

/** Registers the generator; must come before the routes it documents. */
export const apiDocsPlugin = fp(async (app: FastifyInstance, opts: { version: string; appUrl: string }) => {
  // The session cookie's name as better-auth sets it (its prefix, and `__Secure-` when the app is served over HTTPS).
  const sessionCookie = (await app.auth.$context).authCookies.sessionToken.name;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Forgeboard API', description: DESCRIPTION, version: opts.version },
      servers: [{ url: opts.appUrl }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookie,
            description:
              'The session cookie (HttpOnly, SameSite=Lax), set by a successful sign-in, second factor, e-mail verification or password set through a mailed link.',
          },
          [CSRF_SCHEME]: CSRF_SECURITY_SCHEME,
        },
      },
    },
    transform,
    transformObject: (document) =>
      nullInNullableEnums('openapiObject' in document ? document.openapiObject : document.swaggerObject),
  });
  // Swagger UI sets inline styles at run time; its pages get their own CSP that allows them, and nothing else inline.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'",
  });
});
