// What the contract test asks of one request and its answer, read from the OpenAPI document with Ajv: whether the
// request is valid as the client sees it (query and path values travel as text), which seeded requests are valid
// and which broken copies invalid, and whether the answer is one the operation documents (status, Content-Type,
// body against the status's schema).
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { mutationsOf, type TMutation } from './contract-mutations.ts';
import { pathParamHint, type TJsonSchema, type TOperation, type TParameter } from './openapi.ts';
import { type TIdPool, validArbitrary } from './openapi-arbitraries.ts';

/** An Ajv that reads the document's schemas as OpenAPI 3.0 means them (`nullable`, formats, no unknown-keyword errors). */
function createAjv(): Ajv {
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
function requestSchemaOf(operation: TOperation): TJsonSchema {
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

/**
 * OpenAPI 3.0's `nullable: true` admits null whatever else the schema says, but Ajv's `nullable` does not extend an
 * `enum` (a nullable status, e.g. a machine's first history line `fromStatus: null`): null joins such enums here.
 */
function withNullableEnums<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withNullableEnums) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const out = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, withNullableEnums(value)]),
  ) as Record<string, unknown>;
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...out.enum, null];
  return out as T;
}

/** Compiles (once per schema object) and returns its validator. */
function validatorOf(ajv: Ajv, schema: object): ValidateFunction {
  return ajv.getSchema(cacheKeyOf(ajv, schema)) ?? ajv.compile(schema);
}
const keys = new WeakMap<object, string>();
let keyCounter = 0;
function cacheKeyOf(ajv: Ajv, schema: object): string {
  let key = keys.get(schema);
  if (!key) {
    key = `s${++keyCounter}`;
    keys.set(schema, key);
    ajv.addSchema(withNullableEnums(schema), key);
  }
  return key;
}

/** The media type of a Content-Type header, without parameters ("text/csv; charset=utf-8" → "text/csv"). */
function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase();
}

const strict = createAjv();
// Path and query values arrive as text: "5" is a valid integer parameter, as the server's coercion reads it.
const coercing = new Ajv({ strict: false, coerceTypes: 'array' });
addFormats(coercing);

const paramValidators = new Map<TOperation, ValidateFunction>();

/** The request's path and query values as a client sends them: text, arrays of text for repeated keys. */
function onTheWire(values: Record<string, unknown> | undefined): Record<string, unknown> {
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  return Object.fromEntries(
    Object.entries(values ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, Array.isArray(v) ? v.map(text) : text(v)]),
  );
}

/** Whether the document's schemas accept the request (the oracle for "valid" and "invalid"). */
export function isValidRequest(operation: TOperation, values: TRequestValues): boolean {
  let params = paramValidators.get(operation);
  if (!params) {
    const { body: _body, ...rest } = requestSchemaOf(operation).properties!;
    params = coercing.compile({ type: 'object', properties: rest });
    paramValidators.set(operation, params);
  }
  if (!params({ path: onTheWire(values.path), query: onTheWire(values.query) })) return false;
  return operation.body === null || validatorOf(strict, operation.body)(values.body);
}

/** Seeded valid requests of the operation: generated from its schemas, kept only when the document accepts them. */
export function validRequests(
  operation: TOperation,
  ids: TIdPool,
  seed: number,
  count: number,
): TRequestValues[] {
  const { query, body } = requestSchemaOf(operation).properties!;
  // A bare `id` names a record of the collection before it: /items/{id} an item, /stock-checks/{id} a count.
  const path = Object.fromEntries(
    operation.pathParams.map((p) => [
      p.name,
      validArbitrary(p.schema, pathParamHint(operation, p.name), ids),
    ]),
  );
  const arbitrary: fc.Arbitrary<TRequestValues> = fc.record({
    path: fc.record(path),
    query: validArbitrary(query!, '', ids) as fc.Arbitrary<Record<string, unknown>>,
    ...(body ? { body: validArbitrary(body, '', ids) } : {}),
  });
  const draw = (numRuns: number) =>
    fc
      .sample(arbitrary, { seed, numRuns })
      .filter((values) => isValidRequest(operation, values))
      .slice(0, count);
  const valid = draw(count * 3);
  // A schema whose values are seldom valid (a oneOf of objects each requiring a different property, as a borrower is
  // a person, a job or a reference) can draw none in a few tries; draw longer from the same seed rather than leave
  // the operation untested. Only then: every other operation keeps the requests its seed always gave.
  return valid.length > 0 ? valid : draw(count * 30);
}

/**
 * Copies of the first two valid requests with one constraint each broken, kept when the document refuses them
 * (a broken value may still fit another branch of a union): what the server must not accept.
 */
export function invalidRequests(operation: TOperation, valid: TRequestValues[]): TMutation[] {
  const schema = requestSchemaOf(operation);
  const seen = new Set<string>();
  return valid.slice(0, 2).flatMap((base) =>
    mutationsOf(schema, base, base, [], (s, v) => validatorOf(strict, s)(v)).filter((m) => {
      const key = JSON.stringify(m.value);
      if (seen.has(key)) return false;
      seen.add(key);
      return !isValidRequest(operation, m.value as TRequestValues);
    }),
  );
}

/** What is wrong with an answer by the document, or null: status, Content-Type, and body against its schema. */
export function responseProblem(operation: TOperation, response: LightMyRequestResponse): string | null {
  const status = String(response.statusCode);
  if (response.statusCode >= 500) return `server error ${status}`;
  const documented = operation.responses[status] ?? operation.responses[`${status[0]}XX`];
  if (!documented)
    return `status ${status} is not documented (${Object.keys(operation.responses).join(', ')})`;
  const types = Object.keys(documented.content);
  const type = mediaTypeOf(response.headers['content-type']?.toString());
  if (types.length === 0)
    return response.body.length > 0 ? `a ${status} body where the document says none` : null;
  if (!type) return `no Content-Type (documented: ${types.join(', ')})`;
  if (!types.includes(type)) return `Content-Type ${type}, documented: ${types.join(', ')}`;
  const schema: TJsonSchema | undefined = documented.content[type];
  if (type !== 'application/json' || !schema) return null;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `a body that is not JSON: ${response.body.slice(0, 80)}`;
  }
  const validate = validatorOf(strict, schema);
  if (validate(body)) return null;
  return `the body does not match the ${status} schema: ${strict.errorsText(validate.errors)}`;
}

/** The error code of an error answer, if it has one. */
export function errorCodeOf(response: LightMyRequestResponse): string | undefined {
  try {
    return (JSON.parse(response.body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}
