// The operations the fuzz test sends requests to, read from the app itself: every operation of its OpenAPI
// document, and every endpoint better-auth serves under /api/auth/* (hidden from the document, so read from
// better-auth's own endpoint table and its zod schemas).
import { z } from 'zod';
import type { TJsonSchema } from './fuzz-arbitraries.ts';
import type { TFuzzRequest } from './fuzz-fixture.ts';

/** One operation: where it is and the JSON schemas of what it takes. */
export interface TOperation {
  /** "POST /api/v1/stock/transactions" as the document spells it. */
  name: string;
  method: string;
  /** With {name} placeholders for the path parameters. */
  path: string;
  pathParams: { name: string; schema: TJsonSchema }[];
  queryParams: { name: string; schema: TJsonSchema; required: boolean }[];
  /** The application/json body's schema, or null when the operation takes none. */
  body: TJsonSchema | null;
  /** Served by better-auth behind our wildcard route /api/auth/*. */
  betterAuth?: boolean;
}

interface TOpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: TJsonSchema }[];
  requestBody?: { content?: Record<string, { schema: TJsonSchema }> };
}

/** Every operation of an OpenAPI 3 document, in its order. */
export function operationsOf(document: { paths: Record<string, Record<string, TOpenApiOperation>> }) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): TOperation => {
      const parameters = operation.parameters ?? [];
      return {
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: p.required ?? false })),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      };
    }),
  );
}

interface TBetterAuthEndpoint {
  path?: string;
  options?: { method?: string | string[]; body?: unknown; query?: unknown };
}

function jsonSchemaOf(schema: unknown): TJsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as TJsonSchema;
  } catch {
    return {}; // a schema JSON Schema cannot spell: the body is fuzzed as any JSON
  }
}

/**
 * better-auth's HTTP endpoints (`auth.api` also holds server-only functions without a path: they are no route).
 * Fastify mounts GET and POST only; the paths we closed answer 404, and are fuzzed like the rest.
 */
export function betterAuthOperations(api: Record<string, unknown>, basePath: string): TOperation[] {
  return Object.values(api as Record<string, TBetterAuthEndpoint>).flatMap((endpoint) => {
    if (!endpoint?.path) return [];
    const path = `${basePath}${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
    const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1]!,
      schema: { type: 'string' },
    }));
    const query = jsonSchemaOf(endpoint.options?.query);
    const queryParams = Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
      name,
      schema,
      required: query?.required?.includes(name) ?? false,
    }));
    return [endpoint.options?.method ?? 'GET']
      .flat()
      .filter((method) => method === 'GET' || method === 'POST')
      .map((method) => ({
        name: `${method} ${path} (better-auth)`,
        method,
        path,
        pathParams,
        queryParams,
        body: method === 'POST' ? (jsonSchemaOf(endpoint.options?.body) ?? { type: 'object' }) : null,
        betterAuth: true,
      }));
  });
}

/**
 * Percent-encodes text as encodeURIComponent does, except that a lone surrogate (which that throws on) becomes the
 * three bytes a careless encoder would write for it (%ED%A0%80 for \ud800): how such text reaches a URL.
 */
export function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** A JSON value as it travels in a URL: text as is, numbers and booleans spelled, anything else as JSON. */
function urlText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** The request for `operation` with these path values, query values (arrays repeat the key) and body. */
export function requestOf(
  operation: TOperation,
  pathValues: Record<string, unknown>,
  query: Record<string, unknown>,
  body?: { payload: string; contentType?: string },
): TFuzzRequest {
  const path = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeText(urlText(pathValues[name])),
  );
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value])
      .filter((v) => v !== undefined)
      .map((v) => `${encodeText(name)}=${encodeText(urlText(v))}`),
  );
  return {
    method: operation.method,
    url: pairs.length > 0 ? `${path}?${pairs.join('&')}` : path,
    ...(body ?? {}),
  };
}

/** A request as a failure message shows it: NUL and surrogates escaped, a long body cut. */
export function describeRequest(request: TFuzzRequest): string {
  const body = request.payload === undefined ? '' : ` ${JSON.stringify(request.payload.slice(0, 600))}`;
  return `${request.method} ${request.url}${request.contentType ? ` (${request.contentType})` : ''}${body}`;
}
