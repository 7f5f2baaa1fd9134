// fast-check arbitraries derived from the JSON schemas of the app's OpenAPI document, for the API tests. One walk
// over a schema (alternatives, allOf, const, enum, objects, arrays) with the leaves left to a style: the contract
// test's `validStyle` makes values the schema accepts (Ajv has the last word, contract-requests.ts); the fuzz test's
// style (fuzz-values.ts) makes values mostly of the right shape with hostile ones mixed in. Both take real ids of
// the seeded company (api-test-company.ts) where a field's name says which kind of record it points at.
import fc from 'fast-check';
import type { TJsonSchema } from './openapi.ts';

/** Real ids (and other values a field must echo, such as the CSRF token) by kind or field name. */
export type TIdPool = Record<string, string[]>;

/** Which kind of id a field or path parameter holds, from its name (or its collection's, for a bare `id`). */
const ID_KINDS: [RegExp, string][] = [
  [/line/i, 'countLine'],
  // /jobs/{id}, /job-cost-report/jobs/{jobId}, a body's jobId (not a borrowing's free-text jobReference).
  [/^jobs?(id)?$/i, 'job'],
  [/breakdown/i, 'breakdown'],
  [/supplier/i, 'supplier'],
  [/defect/i, 'defectCode'],
  [/occurrence/i, 'occurrence'],
  [/machine/i, 'machine'],
  // Maintenance plans' collection; the subscription's plan is /subscription/plan, with no id.
  [/^plans$/i, 'maintenancePlan'],
  [/stock-check|count/i, 'count'],
  [/step/i, 'step'],
  [/work-?order/i, 'workOrder'],
  [/revision/i, 'revision'],
  [/assembl/i, 'assembly'],
  [/lot/i, 'lot'],
  [/location|parent|under/i, 'location'],
  [/item/i, 'item'],
  [/transaction/i, 'transaction'],
  [/borrowing/i, 'borrowing'],
  [/format/i, 'format'],
  [/user|entity|actor/i, 'user'],
  [/compan/i, 'company'],
];

/** The kind of id a field named `hint` carries, if its name says. */
export function idKindOf(hint: string): string | undefined {
  return ID_KINDS.find(([pattern]) => pattern.test(hint))?.[1];
}

/**
 * The alternatives of a schema with anyOf or oneOf: an object whose branches only add rules ("at least one of",
 * "exactly one of") is each branch merged into the object.
 */
export function branchesOf(schema: TJsonSchema): TJsonSchema[] | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches || !schema.properties) return branches;
  const { anyOf: _anyOf, oneOf: _oneOf, ...base } = schema;
  return branches.map((branch) => ({
    ...base,
    properties: Object.fromEntries(
      Object.entries(base.properties ?? {}).map(([key, p]) => [key, { ...p, ...branch.properties?.[key] }]),
    ),
    required: [...new Set([...(base.required ?? []), ...(branch.required ?? [])])],
  }));
}

/** The JSON types a schema allows; an untyped schema with properties or items is an object or an array. */
export function typesOf(schema: TJsonSchema): string[] {
  if (schema.type) return [schema.type].flat();
  if (schema.properties || schema.additionalProperties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

/** How values are chosen where the two tests differ; the walk over the schema is the same for both. */
export interface TValueStyle {
  /** Around every value of a schema (the top, each property, each item): the fuzz test mixes hostile values in. */
  wrap(schema: TJsonSchema, depth: number, shaped: () => fc.Arbitrary<unknown>): fc.Arbitrary<unknown>;
  /** A schema's alternatives (or undefined to read it as one schema). */
  alternatives(schema: TJsonSchema): TJsonSchema[] | undefined;
  /** Whether an alternative, or the merged allOf, is itself wrapped (else walked as is). */
  wrapAlternatives: boolean;
  /** The one schema an allOf stands for. */
  mergeAllOf(schema: TJsonSchema): TJsonSchema;
  /** Objects and arrays nested deeper than this get `fallback`. */
  maxDepth: number;
  /** Values of an untyped schema, and of an array's items when the schema does not say. */
  fallback: fc.Arbitrary<unknown>;
  anyItem: fc.Arbitrary<unknown>;
  /** An object from the arbitrary of its known properties (the fuzz test adds unexpected ones). */
  object(
    known: fc.Arbitrary<Record<string, unknown>>,
    schema: TJsonSchema,
    hint: string,
    ids: TIdPool,
    depth: number,
  ): fc.Arbitrary<unknown>;
  arrayLength(schema: TJsonSchema): { minLength: number; maxLength: number };
  text(schema: TJsonSchema, hint: string, ids: TIdPool): fc.Arbitrary<unknown>;
  number(schema: TJsonSchema): fc.Arbitrary<unknown>;
}

/** Values of `schema` for a field named `hint`, chosen in `style`; `depth` keeps recursive schemas finite. */
export function schemaArbitrary(
  schema: TJsonSchema,
  hint: string,
  ids: TIdPool,
  style: TValueStyle,
  depth = 0,
): fc.Arbitrary<unknown> {
  return style.wrap(schema, depth, () => shapedArbitrary(schema, hint, ids, style, depth));
}

function shapedArbitrary(
  schema: TJsonSchema,
  hint: string,
  ids: TIdPool,
  style: TValueStyle,
  depth: number,
): fc.Arbitrary<unknown> {
  const again = (s: TJsonSchema) =>
    style.wrapAlternatives
      ? schemaArbitrary(s, hint, ids, style, depth)
      : shapedArbitrary(s, hint, ids, style, depth);
  const branches = style.alternatives(schema);
  if (branches) return fc.oneof(...branches.map(again));
  if (schema.allOf) return again(style.mergeAllOf(schema));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = typesOf(schema).find((t) => t !== 'null');
  if (type === 'object' && depth < style.maxDepth) {
    const model = Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, p]) => [
        key,
        schemaArbitrary(p, key, ids, style, depth + 1),
      ]),
    );
    const known = fc.record(model, { requiredKeys: schema.required ?? [] });
    return style.object(known, schema, hint, ids, depth);
  }
  if (type === 'array' && depth < style.maxDepth) {
    const item = schema.items ? schemaArbitrary(schema.items, hint, ids, style, depth + 1) : style.anyItem;
    return fc.array(item, style.arrayLength(schema));
  }
  if (type === 'string') return style.text(schema, hint, ids);
  if (type === 'integer' || type === 'number') return style.number(schema);
  if (type === 'boolean') return fc.boolean();
  return style.fallback;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const recentDate = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true });
const word = fc.stringMatching(/^[a-z][a-z0-9]{1,10}$/);

/** Text the schema accepts: its format, pattern and bounds; real ids for uuid fields three times in four. */
function validText(schema: TJsonSchema, hint: string, ids: TIdPool): fc.Arbitrary<unknown> {
  const echoed = ids[hint];
  if (echoed?.length) return fc.constantFrom(...echoed);
  if (schema.format === 'uuid') {
    const known = ids[idKindOf(hint) ?? ''] ?? [];
    const random = fc.uuid({ version: 7 });
    return known.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, random) : random;
  }
  if (schema.format === 'date') return recentDate.map(isoDay);
  if (schema.format === 'date-time') return recentDate.map((d) => d.toISOString());
  if (schema.format === 'email' || /email/i.test(hint)) {
    return fc.tuple(word, word).map(([local, domain]) => `${local}@${domain}.example`);
  }
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? min + 24, min + 24);
  if (schema.pattern) {
    // fast-check cannot generate lookaheads: without them the strings are a superset, which Ajv then filters.
    const generable = new RegExp(schema.pattern.replace(/\(\?[=!][^)]*\)/g, ''));
    return fc.stringMatching(generable).filter((s) => s.length >= min && s.length <= max);
  }
  return fc.string({ minLength: min, maxLength: max });
}

function validNumber(schema: TJsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1000, -1e9);
  const max = Math.min(schema.maximum ?? 1000, Math.max(min, 0) + 1000);
  if (schema.type === 'integer') return fc.integer({ min, max });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts (mostly: Ajv filters the rest), small, null now and then where the schema allows it. */
export const validStyle: TValueStyle = {
  wrap: (schema, _depth, shaped) =>
    schema.nullable ? fc.oneof({ weight: 4, arbitrary: shaped() }, fc.constant(null)) : shaped(),
  alternatives: branchesOf,
  wrapAlternatives: true,
  // The schema's own keywords win: its values come near (a second pattern only narrows; Ajv has the last word).
  mergeAllOf: ({ allOf, ...own }) => Object.assign({}, ...(allOf ?? []), own),
  maxDepth: 6,
  fallback: fc.constant({}),
  anyItem: fc.constant('x'),
  object: (known) => known,
  arrayLength: (schema) => {
    const minLength = schema.minItems ?? 0;
    return { minLength, maxLength: Math.min(schema.maxItems ?? minLength + 3, minLength + 3) };
  },
  text: validText,
  number: validNumber,
};

/** Values the schema accepts (mostly: Ajv filters the rest), with real ids for uuid fields now and then. */
export function validArbitrary(schema: TJsonSchema, hint: string, ids: TIdPool): fc.Arbitrary<unknown> {
  return schemaArbitrary(schema, hint, ids, validStyle);
}
