// The requests the fuzz test sends to one operation: fixed malformed ones, seeded ones of the operation's shape, and
// one per string field with NUL or a lone surrogate in it.
import fc from 'fast-check';
import type { TApiRequest } from './api-test-company.ts';
import { exampleOf, examplesOf, hostileArbitrary, valueArbitrary } from './fuzz-values.ts';
import { pathParamHint as pathHint, type TOperation, urlOf } from './openapi.ts';
import type { TIdPool } from './openapi-arbitraries.ts';

type TFuzzRequest = TApiRequest;

/** The request for `operation` with these path values, query values (arrays repeat the key) and body. */
function requestOf(
  operation: TOperation,
  pathValues: Record<string, unknown>,
  query: Record<string, unknown>,
  body?: { payload: string; contentType?: string },
): TFuzzRequest {
  return { method: operation.method, url: urlOf(operation, pathValues, query), ...(body ?? {}) };
}

/** A request as a failure message shows it: NUL and surrogates escaped, a long body cut. */
export function describeRequest(request: TFuzzRequest): string {
  const body = request.payload === undefined ? '' : ` ${JSON.stringify(request.payload.slice(0, 600))}`;
  return `${request.method} ${request.url}${request.contentType ? ` (${request.contentType})` : ''}${body}`;
}

/** The plain example values of an operation's path and query parameters (real ids where the name says which). */
export function exampleParams(operation: TOperation, ids: TIdPool) {
  const path = Object.fromEntries(
    operation.pathParams.map((p) => [p.name, exampleOf(p.schema, pathHint(operation, p.name), ids)]),
  );
  const query = Object.fromEntries(
    operation.queryParams.map((p) => [p.name, exampleOf(p.schema, p.name, ids)]),
  );
  return { path, query };
}

/** The plain example request (the first branch of a union body). */
export function exampleRequest(operation: TOperation, ids: TIdPool): TFuzzRequest {
  const { path, query } = exampleParams(operation, ids);
  const body = operation.body ? examplesOf(operation.body, ids)[0] : undefined;
  return requestOf(
    operation,
    path,
    query,
    body === undefined ? undefined : { payload: JSON.stringify(body), contentType: 'application/json' },
  );
}

type TPath = (string | number)[];

/** The paths of the leaves of `value` that `isLeaf` picks (as the error handler names fields, once dot-joined). */
function leavesOf(value: unknown, isLeaf: (v: unknown) => boolean, path: TPath = []): TPath[] {
  if (isLeaf(value)) return [path];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    leavesOf(child, isLeaf, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}
const isString = (v: unknown) => typeof v === 'string';
const isNumber = (v: unknown) => typeof v === 'number';

/** A deep copy of `value` with the node at each of `paths` replaced by `leaf`. */
function withLeaves(value: unknown, paths: TPath[], leaf: unknown): unknown {
  if (paths.some((p) => p.length === 0)) return leaf;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  for (const path of paths) {
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    node[path.at(-1)!] = leaf;
  }
  return copy;
}

/** Every query parameter at once set to each of these, as if typed into every field of a search form. */
const HOSTILE_QUERY_VALUES = [
  '\ud800',
  '\u0001\u001f\u007f',
  'x'.repeat(10_001),
  ['a', 'b'],
  '-1',
  '0.5',
  '1e308',
];
/** Every string field of a body at once set to each of these: other control characters, and far too long. */
const EVERY_STRING_VALUES = ['\u0001\u0008\u000b\u001f\u007f\u2028\ufeff', 'x'.repeat(10_001)];
/** Every number field of a body at once set to each of these. */
const EVERY_NUMBER_VALUES = [1e308, -1, 0.5, 2 ** 53 + 2];
/** Bodies that are not JSON, or not a JSON object: the seeded runs send these now and then. */
const MALFORMED_BODIES = [
  { payload: '', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '"x"', contentType: 'application/json' },
  { payload: '[1,]', contentType: 'application/json' },
  { payload: '{"__proto__":{"polluted":true}}', contentType: 'application/json' },
  { payload: '{"constructor":{"prototype":{"polluted":true}}}', contentType: 'application/json' },
  { payload: 'a=%00&b=\u0000', contentType: 'application/x-www-form-urlencoded' },
  { payload: '<a/>', contentType: 'application/xml' },
];

/**
 * The fixed malformed requests of an operation, one of each kind of breakage: a path parameter that is no id, has
 * control characters or is far too long; every query parameter at once hostile; malformed, deeply nested and
 * oversized JSON, another content type; every string field, then every number field, of each example body hostile.
 */
export function malformedRequests(operation: TOperation, ids: TIdPool): TFuzzRequest[] {
  const { path, query } = exampleParams(operation, ids);
  const requests: TFuzzRequest[] = [];
  // NUL in each parameter is the NUL test's.
  for (const p of operation.pathParams) {
    for (const value of ['not-a-uuid', '\u0001\u001f', 'x'.repeat(2000), '-1.5']) {
      requests.push(requestOf(operation, { ...path, [p.name]: value }, query));
    }
  }
  if (operation.queryParams.length > 0) {
    for (const value of HOSTILE_QUERY_VALUES) {
      const all = Object.fromEntries(operation.queryParams.map((p) => [p.name, value]));
      requests.push(requestOf(operation, path, all));
    }
  }
  if (!operation.body) return requests;
  const json = (payload: string) =>
    requestOf(operation, path, query, { payload, contentType: 'application/json' });
  const examples = examplesOf(operation.body, ids);
  requests.push(json('{'), json('[]'), json(`${'['.repeat(10_000)}1${']'.repeat(10_000)}`));
  // Past every body limit the app sets (1 MB; the items import allows 10 MB and gets 1.1 MB of text to parse).
  requests.push(json(JSON.stringify({ ...(examples[0] as object), padding: 'x'.repeat(1_100_000) })));
  requests.push(requestOf(operation, path, query, { payload: 'a=%00&b=\u0000', contentType: 'text/plain' }));
  for (const example of examples) {
    const strings = leavesOf(example, isString);
    const numbers = leavesOf(example, isNumber);
    for (const value of strings.length > 0 ? EVERY_STRING_VALUES : []) {
      requests.push(json(JSON.stringify(withLeaves(example, strings, value))));
    }
    for (const value of numbers.length > 0 ? EVERY_NUMBER_VALUES : []) {
      requests.push(json(JSON.stringify(withLeaves(example, numbers, value))));
    }
  }
  return requests;
}

/** Where in a fuzzed request one hostile value can go: a path or query parameter, or any node of the body. */
function poisonablePaths(request: { path: object; query: object; body: unknown }): TPath[] {
  const nodes = (value: unknown, at: TPath): TPath[] =>
    typeof value === 'object' && value !== null
      ? [
          at,
          ...Object.entries(value).flatMap(([k, v]) =>
            nodes(v, [...at, Array.isArray(value) ? Number(k) : k]),
          ),
        ]
      : [at];
  return [
    ...Object.keys(request.path).map((k) => ['path', k]),
    ...Object.keys(request.query).map((k) => ['query', k]),
    ...(request.body === undefined ? [] : nodes(request.body, ['body'])),
  ];
}

/**
 * Requests of the operation's shape, from its JSON schemas, with real ids of the company among the values; one in
 * three has one place (a parameter, a body field, the whole body) spoilt with a hostile value.
 */
export function requestArbitrary(operation: TOperation, ids: TIdPool): fc.Arbitrary<TFuzzRequest> {
  const { path } = exampleParams(operation, ids);
  const pathArbitraries: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(
    operation.pathParams.map((p) => [
      p.name,
      fc.oneof(fc.constant(path[p.name]), valueArbitrary(p.schema, pathHint(operation, p.name), ids)),
    ]),
  );
  const queryArbitraries: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(
    operation.queryParams.map((p) => [p.name, valueArbitrary(p.schema, p.name, ids)]),
  );
  const required: string[] = operation.queryParams.filter((p) => p.required).map((p) => p.name);
  const shaped = fc.record({
    path: fc.record(pathArbitraries),
    query: fc.record(queryArbitraries, { requiredKeys: required }),
    body: operation.body ? valueArbitrary(operation.body, '', ids) : fc.constant(undefined),
  });
  const poison = { weight: 10, arbitrary: fc.tuple(fc.nat(), hostileArbitrary) };
  const malformed = { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_BODIES) };
  const spoil = operation.body ? fc.oneof(poison, malformed) : fc.oneof(poison);
  return fc
    .tuple(shaped, fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: spoil }))
    .map(([request, spoilt]) => {
      if (spoilt && !Array.isArray(spoilt)) return requestOf(operation, request.path, request.query, spoilt);
      const places = spoilt ? poisonablePaths(request) : [];
      const spoiltRequest =
        spoilt && places.length > 0
          ? (withLeaves(request, [places[spoilt[0] % places.length]!], spoilt[1]) as typeof request)
          : request;
      const { body } = spoiltRequest;
      return requestOf(
        operation,
        spoiltRequest.path,
        spoiltRequest.query,
        body === undefined ? undefined : { payload: JSON.stringify(body), contentType: 'application/json' },
      );
    });
}

/**
 * One request per string field of the plain example (each branch of a union body), with NUL in it, and for body
 * fields a lone surrogate too (a URL cannot carry one: its bytes are not UTF-8); the field as the 400 must name it.
 */
export function poisonedRequests(
  operation: TOperation,
  ids: TIdPool,
): { field: string; request: TFuzzRequest }[] {
  const { path, query } = exampleParams(operation, ids);
  const cases: { field: string; request: TFuzzRequest }[] = [];
  for (const p of operation.pathParams) {
    // better-auth's routes are one Fastify wildcard route: their path parameters travel in Fastify's '*'.
    const field = operation.betterAuth ? '*' : p.name;
    cases.push({ field, request: requestOf(operation, { ...path, [p.name]: 'a\u0000b' }, query) });
  }
  for (const p of operation.queryParams) {
    cases.push({ field: p.name, request: requestOf(operation, path, { ...query, [p.name]: 'a\u0000b' }) });
  }
  for (const example of operation.body ? examplesOf(operation.body, ids) : []) {
    for (const leaf of leavesOf(example, isString)) {
      for (const bad of ['a\u0000b', 'a\ud800b']) {
        const payload = JSON.stringify(withLeaves(example, [leaf], bad));
        cases.push({
          field: leaf.join('.') || 'body',
          request: requestOf(operation, path, query, { payload, contentType: 'application/json' }),
        });
      }
    }
  }
  return cases;
}
