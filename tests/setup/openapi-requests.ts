// What the contract test asks of one request and its answer, read from the OpenAPI document: whether the request is
// valid as the client sees it (query and path values travel as text), and whether the answer is one the operation
// documents (status, Content-Type, body against the status's schema).
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import {
  createAjv,
  mediaTypeOf,
  requestSchemaOf,
  type TJsonSchema,
  type TOperation,
  type TRequestValues,
  validatorOf,
} from './openapi.ts';
import { mutationsOf, type TIdPool, type TMutation, validArbitrary } from './openapi-arbitraries.ts';

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
  const hintOf = (name: string) =>
    name === 'id' ? operation.path.split('/{id}')[0]!.split('/').at(-1)! : name;
  const path = Object.fromEntries(
    operation.pathParams.map((p) => [p.name, validArbitrary(p.schema, hintOf(p.name), ids)]),
  );
  const arbitrary: fc.Arbitrary<TRequestValues> = fc.record({
    path: fc.record(path),
    query: validArbitrary(query!, '', ids) as fc.Arbitrary<Record<string, unknown>>,
    ...(body ? { body: validArbitrary(body, '', ids) } : {}),
  });
  return fc
    .sample(arbitrary, { seed, numRuns: count * 3 })
    .filter((values) => isValidRequest(operation, values))
    .slice(0, count);
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
