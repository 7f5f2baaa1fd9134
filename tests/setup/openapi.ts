// Reading the app's OpenAPI document for tests that drive every operation: its operations with their parameters,
// request body and documented responses, Ajv validators for its JSON schemas, and the request URL of one call.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

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

/** One operation of the document. */
export interface TOperation {
  /** "POST /api/v1/stock/transactions", as the document spells the path. */
  name: string;
  method: string;
  /** With {name} placeholders for the path parameters. */
  path: string;
  pathParams: TParameter[];
  queryParams: TParameter[];
  /** The application/json body's schema, or null when the operation takes none. */
  body: TJsonSchema | null;
  /** Status ("201", "400") to what the document says of it. */
  responses: Record<string, TDocumentedResponse>;
  /** Request rules the schema cannot say, refused with 400 VALIDATION (`x-validation-rules`). */
  rules: string[];
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
      return {
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        responses,
        rules: operation['x-validation-rules'] ?? [],
      };
    }),
  );
}

/** An Ajv that reads the document's schemas as OpenAPI 3.0 means them (`nullable`, formats, no unknown-keyword errors). */
export function createAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

/** A request as the contract test generates it: typed values before they become a URL and a JSON body. */
export interface TRequestValues {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

/** One JSON schema for a whole request (path, query and body), so that one Ajv call says whether it is valid. */
export function requestSchemaOf(operation: TOperation): TJsonSchema {
  const group = (params: TParameter[]): TJsonSchema => ({
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
  });
  return {
    type: 'object',
    properties: {
      path: group(operation.pathParams),
      query: group(operation.queryParams),
      ...(operation.body ? { body: operation.body } : {}),
    },
    required: ['path', 'query', ...(operation.body ? ['body'] : [])],
  };
}

/** Compiles (once per schema object) and returns its validator. */
export function validatorOf(ajv: Ajv, schema: object): ValidateFunction {
  return ajv.getSchema(cacheKeyOf(ajv, schema)) ?? ajv.compile(schema);
}
const keys = new WeakMap<object, string>();
let keyCounter = 0;
function cacheKeyOf(ajv: Ajv, schema: object): string {
  let key = keys.get(schema);
  if (!key) {
    key = `s${++keyCounter}`;
    keys.set(schema, key);
    ajv.addSchema(schema, key);
  }
  return key;
}

/** A JSON value as it travels in a URL: text as is, anything else spelled as JSON (numbers, booleans). */
function urlText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** The URL of a call: path parameters put in, query values (arrays repeat the key) appended. */
export function urlOf(operation: TOperation, values: TRequestValues): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(urlText(values.path[name])),
  );
  const pairs = Object.entries(values.query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value])
      .filter((v) => v !== undefined)
      .map((v) => `${encodeURIComponent(name)}=${encodeURIComponent(urlText(v))}`),
  );
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

/** The media type of a Content-Type header, without parameters ("text/csv; charset=utf-8" → "text/csv"). */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase();
}
