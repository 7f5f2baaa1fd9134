// The fuzz test's values: its style of the shared schema arbitraries (openapi-arbitraries.ts) — mostly values of
// the right shape (so requests get past validation into the services), mixed with hostile ones (wrong types, NUL
// and lone surrogates, oversized text, huge, negative and fractional numbers, deep nesting) — and plain examples of
// a schema whose fields the fuzz test spoils one at a time.
import fc from 'fast-check';
import type { TJsonSchema } from './openapi.ts';
import {
  branchesOf,
  idKindOf,
  schemaArbitrary,
  type TIdPool,
  type TValueStyle,
  typesOf,
} from './openapi-arbitraries.ts';

/** Text no column can store (PostgreSQL text refuses NUL; jsonb and UTF-8 refuse lone surrogates). */
const UNSTORABLE_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800'];

/** Text that has broken parsers and queries elsewhere. */
const HOSTILE_TEXT = [
  '\u0001\u0008\u000b\u001f\u007f',
  '\u2028\u2029\ufeff\u200b',
  '%00',
  "'; drop table items; --",
  '../../../etc/passwd',
  '{{7*7}}#{7*7}',
  ' ',
  '',
];

/** Numbers around every boundary a database column or a JavaScript number has. */
const HOSTILE_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  -0.000001,
  2 ** 31,
  2 ** 53 + 2,
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** The same as decimal text (quantities and money travel as strings). */
const HOSTILE_DECIMALS = [
  '-1',
  '0',
  '-0',
  '0.0000001',
  '1e3',
  '1e308',
  '999999999999.999999',
  '99999999999999999999999',
  '-999999999999.999999',
  'NaN',
  'Infinity',
  '1,000',
  ' 1 ',
  '.5',
  '00.1',
  '0x10',
];

/** An array nested `depth` levels deep around `inner`. */
function nested(depth: number, inner: unknown = 1): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const anyDate = fc.date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true });
const edgeDates = ['0000-01-01', '0001-01-01', '1969-12-31', '2026-02-29', '2028-02-29', '9999-12-31'];

/**
 * The schema's alternatives; none when they only constrain an object's own properties (one of two required): the
 * object is then fuzzed as one, either field present or not.
 */
function alternativesOf(schema: TJsonSchema): TJsonSchema[] | undefined {
  return schema.properties ? undefined : branchesOf(schema);
}

/** A JSON Schema pattern as a RegExp, or null when JavaScript cannot read it (the field gets any text then). */
function patternOf(source: string): RegExp | null {
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

/** A quantity or an amount as decimal text: mostly small, sometimes near the 12 digits a column holds. */
const decimalText = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.nat({ max: 50 }), fc.nat({ max: 999 })).map(([w, f]) => `${w}.${f}`) },
  { weight: 2, arbitrary: fc.nat({ max: 1000 }).map(String) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.nat({ max: 999_999_999_999 }), fc.nat({ max: 999_999 }))
      .map(([w, f]) => `${w}.${String(f).padStart(6, '0')}`),
  },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_DECIMALS) },
);

/** Text of the right shape for a string field, by its format, pattern and name. */
function textArbitrary(schema: TJsonSchema, hint: string, ids: TIdPool): fc.Arbitrary<unknown> {
  const knownValues = schema.format === 'uuid' ? undefined : ids[hint];
  if (knownValues?.length) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...knownValues) },
      { weight: 1, arbitrary: textArbitrary(schema, '', ids) },
    );
  }
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  if (schema.format === 'uuid') {
    const kind = idKindOf(hint);
    const known = (kind ? ids[kind] : undefined) ?? Object.values(ids).flat();
    if (known.length === 0) return fc.uuid();
    return fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...known) },
      { weight: 2, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.constantFrom('not-a-uuid', '1', 'ffffffff-ffff-ffff-ffff-fffffffffff', '') },
    );
  }
  if (schema.format === 'date') return fc.oneof(anyDate.map(isoDate), fc.constantFrom(...edgeDates));
  if (schema.format === 'date-time') {
    return fc.oneof(
      anyDate.map((d) => d.toISOString()),
      fc.constantFrom(...edgeDates.map((d) => `${d}T00:00:00Z`), '2026-01-01T24:00:00+14:00'),
    );
  }
  if (/email/i.test(hint)) {
    // Mostly plain addresses, so that requests get past the address check; RFC 5322's odd corners now and then.
    const plain = fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example.com', 'forge.example'))
      .map(([local, domain]) => `${local}@${domain}`);
    return fc.oneof({ weight: 4, arbitrary: plain }, fc.emailAddress(), fc.string({ maxLength }));
  }
  if (/quantity|cost|rate|point|delta|width|height/i.test(hint)) return decimalText;
  const pattern = schema.pattern ? patternOf(schema.pattern) : null;
  if (pattern) {
    const matching = fc.stringMatching(pattern).map((s) => s.slice(0, schema.maxLength ?? s.length));
    return fc.oneof({ weight: 3, arbitrary: matching }, { weight: 1, arbitrary: fc.string({ maxLength }) });
  }
  const min = schema.minLength ?? 0;
  return fc.string({ minLength: Math.min(min, maxLength), maxLength: Math.max(min, maxLength) });
}

function numberArbitrary(schema: TJsonSchema): fc.Arbitrary<unknown> {
  const min = Math.max(schema.minimum ?? -1000, -1e6);
  const max = Math.max(min, Math.min(schema.maximum ?? 1000, 1e6));
  const inRange = schema.type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  return fc.oneof(
    { weight: 4, arbitrary: inRange },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  );
}

/** Anything but a field's right shape: another type, hostile text and numbers, too long, too deep. */
export const hostileArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...UNSTORABLE_TEXT) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_DECIMALS) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, {}, [], 42) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(257), 'é'.repeat(10_001)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constant(nested(64)) },
);

/**
 * The fuzz test's style: a value is nearly always of its field's shape, so that a request gets past validation (the
 * fuzz test spoils one place of a request on purpose); objects get unexpected fields too; past depth 6 (recursive
 * schemas) a value is hostile.
 */
const fuzzStyle: TValueStyle = {
  wrap: (schema, depth, shaped) => {
    if (depth > 6) return hostileArbitrary;
    const tooLong = fc.constant('x'.repeat((schema.maxLength ?? 10_000) + 1));
    return fc.oneof(
      { weight: 20, arbitrary: shaped() },
      { weight: 1, arbitrary: fc.oneof(hostileArbitrary, tooLong) },
    );
  },
  alternatives: alternativesOf,
  wrapAlternatives: false,
  // The allOf's parts only, the schema's own keywords left out: as the fuzz test has always read it, so that its
  // seeds keep sending the requests that found what decision 035 lists.
  mergeAllOf: (schema) => Object.assign({}, ...(schema.allOf ?? [])),
  maxDepth: Number.POSITIVE_INFINITY,
  fallback: fc.jsonValue({ maxDepth: 2 }),
  anyItem: fc.jsonValue(),
  object: (known, schema, hint, ids, depth) => {
    const extras =
      typeof schema.additionalProperties === 'object'
        ? fc.dictionary(
            fc.string({ maxLength: 45 }),
            valueArbitrary(schema.additionalProperties, hint, ids, depth + 1),
            { maxKeys: 12 },
          )
        : fc.option(fc.record({ unexpectedField: fc.jsonValue({ maxDepth: 2 }) }), { nil: {} });
    return fc.tuple(known, extras).map(([k, extra]) => ({ ...extra, ...k }));
  },
  arrayLength: (schema) => ({ minLength: Math.min(schema.minItems ?? 0, 3), maxLength: 3 }),
  text: textArbitrary,
  number: numberArbitrary,
};

/** A value for a field named `hint`, in the fuzz test's style. */
export function valueArbitrary(
  schema: TJsonSchema,
  hint: string,
  ids: TIdPool,
  depth = 0,
): fc.Arbitrary<unknown> {
  return schemaArbitrary(schema, hint, ids, fuzzStyle, depth);
}

/**
 * One plain example per top-level branch (a discriminated union has several), every optional field present and
 * every array holding one element: a request whose string leaves can be spoiled one at a time.
 */
export function examplesOf(schema: TJsonSchema, ids: TIdPool): unknown[] {
  const branches = alternativesOf(schema);
  if (branches) return branches.flatMap((b) => examplesOf(b, ids));
  return [exampleOf(schema, '', ids)];
}

/** A plain example of the schema for a field named `hint`. */
export function exampleOf(schema: TJsonSchema, hint: string, ids: TIdPool): unknown {
  const branch = alternativesOf(schema)?.find((b) => !typesOf(b).includes('null'));
  if (branch) return exampleOf(branch, hint, ids);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((v) => v !== null) ?? null;
  const type = typesOf(schema).find((t) => t !== 'null');
  if (type === 'object') {
    const example: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      example[key] = exampleOf(property, key, ids);
    }
    if (typeof schema.additionalProperties === 'object') {
      example.key = exampleOf(schema.additionalProperties, hint, ids);
    }
    return example;
  }
  if (type === 'array') return schema.items ? [exampleOf(schema.items, hint, ids)] : [];
  if (type === 'string' || (type === undefined && ids[hint]?.length)) {
    if (schema.format === 'uuid')
      return ids[idKindOf(hint) ?? '']?.[0] ?? '0190a000-0000-7000-8000-000000000000';
    if (schema.format === 'date') return '2026-01-31';
    if (schema.format === 'date-time') return '2026-01-31T00:00:00Z';
    if (ids[hint]?.length) return ids[hint][0];
    if (/email/i.test(hint)) return 'fuzz@example.com';
    if (/quantity|cost|rate|point|delta|width|height/i.test(hint)) return '1';
    const text = 'text'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100);
    const pattern = schema.pattern ? patternOf(schema.pattern) : null;
    if (!pattern || pattern.test(text)) return text;
    return fc.sample(fc.stringMatching(pattern), { seed: 1, numRuns: 1 })[0];
  }
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  return null;
}
