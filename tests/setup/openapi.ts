// The app's operations as the API tests drive them (the fuzz test and the contract test): every operation of its
// OpenAPI document with its parameters, request body and documented responses, the endpoints better-auth serves
// under /api/auth/* (hidden from the document, so read from its own endpoint table and zod schemas), and the URL of
// one call. Read from the app itself, so a route added later is covered without changing a test.
import { z } from 'zod';

/** The subset of JSON Schema (OpenAPI 3.0 flavour) that fastify-type-provider-zod writes. */
export interface TJsonSchema {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  additionalProperties?: boolean | TJsonSchema;
  items?: TJsonSchema;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  not?: TJsonSchema;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  default?: unknown;
}

/** One parameter of an operation. */
export interface TParameter {
  name: string;
  schema: TJsonSchema;
  required: boolean;
}

/** One documented response: its content types, each with its schema (none for a body the document leaves open). */
export interface TDocumentedResponse {
  description: string;
  content: Record<string, TJsonSchema | undefined>;
}

/** One operation: where it is, what it takes and what it documents. */
export interface TOperation {
  /** "POST /api/v1/stock/transactions" as the document spells the path. */
  name: string;
  method: string;
  /** With {name} placeholders for the path parameters. */
  path: string;
  pathParams: TParameter[];
  queryParams: TParameter[];
  /** The application/json body's schema, or null when the operation takes none. */
  body: TJsonSchema | null;
  /** Status ("201", "400") to what the document says of it (none for better-auth's endpoints). */
  responses: Record<string, TDocumentedResponse>;
  /** Request rules the schema cannot say, refused with 400 VALIDATION (`x-validation-rules`). */
  rules: string[];
  /** Served by better-auth behind our wildcard route /api/auth/*. */
  betterAuth?: boolean;
}

interface TOpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: TJsonSchema }[];
  requestBody?: { content?: Record<string, { schema: TJsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: TJsonSchema }> }>;
  'x-validation-rules'?: string[];
}

/** An OpenAPI 3 document as app.swagger() returns it. */
export interface TOpenApiDocument {
  paths: Record<string, Record<string, TOpenApiOperation>>;
}

/** Every operation of the document, in its order. */
export function operationsOf(document: TOpenApiDocument): TOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): TOperation => {
      const parameters = (operation.parameters ?? []).map((p) => ({
        in: p.in,
        name: p.name,
        schema: p.schema,
        required: p.required ?? false,
      }));
      const responses = Object.fromEntries(
        Object.entries(operation.responses ?? {}).map(([status, response]) => [
          status,
          {
            description: response.description ?? '',
            content: Object.fromEntries(
              Object.entries(response.content ?? {}).map(([type, media]) => [type, media.schema]),
            ),
          },
        ]),
      );
      const param = ({ name, schema, required }: TParameter) => ({ name, schema, required });
      return {
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map(param),
        queryParams: parameters.filter((p) => p.in === 'query').map(param),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        responses,
        rules: operation['x-validation-rules'] ?? [],
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
    return {}; // a schema JSON Schema cannot spell: the body is any JSON
  }
}

/**
 * better-auth's HTTP endpoints (`auth.api` also holds server-only functions without a path: they are no route).
 * Fastify mounts GET and POST only; the paths we closed answer 404, and are tested like the rest.
 */
export function betterAuthOperations(api: Record<string, unknown>, basePath: string): TOperation[] {
  return Object.values(api as Record<string, TBetterAuthEndpoint>).flatMap((endpoint) => {
    if (!endpoint?.path) return [];
    const path = `${basePath}${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
    const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1]!,
      schema: { type: 'string' },
      required: true,
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
        responses: {},
        rules: [],
        betterAuth: true,
      }));
  });
}

/** What a path parameter holds: `lineId` names its kind; a bare `id` is one of the collection before it. */
export function pathParamHint(operation: TOperation, name: string): string {
  return name === 'id' ? operation.path.split(`/{${name}}`)[0]!.split('/').at(-1)! : name;
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

/** A JSON value as it travels in a URL: text as is, anything else spelled as JSON (numbers, booleans). */
function urlText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** The URL of a call: path parameters put in, query values (arrays repeat the key, undefined is left out) appended. */
export function urlOf(
  operation: TOperation,
  path: Record<string, unknown>,
  query: Record<string, unknown>,
): string {
  const filled = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeText(urlText(path[name])));
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value])
      .filter((v) => v !== undefined)
      .map((v) => `${encodeText(name)}=${encodeText(urlText(v))}`),
  );
  return pairs.length > 0 ? `${filled}?${pairs.join('&')}` : filled;
}
