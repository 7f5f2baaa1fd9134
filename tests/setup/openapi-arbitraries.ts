// Requests derived from the JSON schemas of the app's OpenAPI document: fast-check arbitraries of values the schemas
// accept (real ids of a seeded company among them), and for one valid request, one copy per constraint of its schema
// with that constraint broken. Ajv, not this file, has the last word on which is valid (openapi-requests.ts).
import fc from 'fast-check';
import type { TJsonSchema } from './openapi.ts';

/** Real ids (and other values a field must echo, such as the CSRF token) by kind or field name. */
export type TIdPool = Record<string, string[]>;

/** Which kind of id a field or path parameter holds, from its name (or its collection's, for a bare `id`). */
const ID_KINDS: [RegExp, string][] = [
  [/line/i, 'countLine'],
  [/stock-check|count/i, 'count'],
  [/lot/i, 'lot'],
  [/location|parent|under/i, 'location'],
  [/item/i, 'item'],
  [/transaction/i, 'transaction'],
  [/borrowing/i, 'borrowing'],
  [/format/i, 'format'],
  [/user|entity|actor/i, 'user'],
  [/compan/i, 'company'],
];

function idKindOf(hint: string): string | undefined {
  return ID_KINDS.find(([pattern]) => pattern.test(hint))?.[1];
}

/**
 * The alternatives of a schema with anyOf or oneOf: an object whose branches only add rules ("at least one of",
 * "exactly one of") is each branch merged into the object.
 */
function branchesOf(schema: TJsonSchema): TJsonSchema[] | undefined {
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

function typesOf(schema: TJsonSchema): string[] {
  if (schema.type) return [schema.type].flat();
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const recentDate = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true });
const word = fc.stringMatching(/^[a-z][a-z0-9]{1,10}$/);

function stringArbitrary(schema: TJsonSchema, hint: string, ids: TIdPool): fc.Arbitrary<unknown> {
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

function numberArbitrary(schema: TJsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1000, -1e9);
  const max = Math.min(schema.maximum ?? 1000, Math.max(min, 0) + 1000);
  if (schema.type === 'integer') return fc.integer({ min, max });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts (mostly: Ajv filters the rest), with real ids for uuid fields now and then. */
export function validArbitrary(
  schema: TJsonSchema,
  hint: string,
  ids: TIdPool,
  depth = 0,
): fc.Arbitrary<unknown> {
  const value = nonNullArbitrary(schema, hint, ids, depth);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: value }, fc.constant(null)) : value;
}

function nonNullArbitrary(
  schema: TJsonSchema,
  hint: string,
  ids: TIdPool,
  depth: number,
): fc.Arbitrary<unknown> {
  const branches = branchesOf(schema);
  if (branches) return fc.oneof(...branches.map((b) => validArbitrary(b, hint, ids, depth)));
  if (schema.allOf) {
    // The schema's own keywords win: its values come near (a second pattern only narrows; Ajv has the last word).
    const { allOf, ...own } = schema;
    return validArbitrary(Object.assign({}, ...allOf, own), hint, ids, depth);
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = typesOf(schema).find((t) => t !== 'null');
  if (type === 'object' && depth < 6) {
    const model = Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, p]) => [
        key,
        validArbitrary(p, key, ids, depth + 1),
      ]),
    );
    return fc.record(model, { requiredKeys: schema.required ?? [] });
  }
  if (type === 'array' && depth < 6) {
    const item = schema.items ? validArbitrary(schema.items, hint, ids, depth + 1) : fc.constant('x');
    const minLength = schema.minItems ?? 0;
    return fc.array(item, {
      minLength,
      maxLength: Math.min(schema.maxItems ?? minLength + 3, minLength + 3),
    });
  }
  if (type === 'string') return stringArbitrary(schema, hint, ids);
  if (type === 'integer' || type === 'number') return numberArbitrary(schema);
  if (type === 'boolean') return fc.boolean();
  return fc.constant({});
}

/** One broken copy of a request: what was broken (for the failure message) and the values. */
export interface TMutation {
  what: string;
  value: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One valid value of a field (fixed seed), to add a field a broken copy needs. */
function sampleOf(schema: TJsonSchema | undefined, hint: string): unknown {
  return schema ? fc.sample(validArbitrary(schema, hint, {}), { seed: 1, numRuns: 1 })[0] : 'x';
}

/** A value of another JSON type than every type the schema allows. */
function otherTypeThan(schema: TJsonSchema): unknown {
  const types = typesOf(schema);
  if (!types.includes('number') && !types.includes('integer')) return 12345;
  if (!types.includes('string')) return 'not-a-number';
  return { not: 'this' };
}

/** Strings that break a pattern, a format or an enum, tried in turn (Ajv keeps the ones that do). */
const BAD_TEXT = ['', ' ', 'x', '-1', '1.1234567', '1e5', '0x1F', 'not valid!', 'a b', '\t'];

/** A copy of `root` with the value at `path` replaced (undefined deletes the key). */
function withValue(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  if (value === undefined) delete node[path.at(-1)!];
  else node[path.at(-1)!] = value;
  return copy;
}

/**
 * For a valid `root`, one copy per constraint of `schema` (at `value`, found at `path`) with that constraint broken:
 * a required field left out, another type, too short or long, off the pattern or format or enum, out of range,
 * too few or too many items, an empty object where some field is needed. `fixed` paths are never left out (path
 * parameters: a URL without one is another route).
 */
export function mutationsOf(
  schema: TJsonSchema,
  root: unknown,
  value: unknown = root,
  path: (string | number)[] = [],
  matches: (schema: TJsonSchema, value: unknown) => boolean = () => true,
): TMutation[] {
  const at = path.join('.') || 'request';
  const out: TMutation[] = [];
  const put = (what: string, v: unknown) =>
    out.push({ what: `${at}: ${what}`, value: withValue(root, path, v) });
  const branches = branchesOf(schema);
  if (schema.oneOf && branches && isObject(value)) {
    // "Exactly one of": every alternative's fields at once.
    const all = { ...value };
    for (const b of branches)
      for (const key of b.required ?? []) all[key] ??= sampleOf(b.properties?.[key], key);
    put('every alternative at once', all);
  }
  if (branches) {
    const branch = branches.find((b) => matches(b, value));
    return branch ? [...out, ...mutationsOf(branch, root, value, path, matches)] : out;
  }
  if (value === null || value === undefined) return out;
  if (path.length > 1 || path[0] === 'body') put('another type', otherTypeThan(schema));
  if (schema.enum) put('a value not in the enum', '__not-in-enum__');
  if (typeof value === 'string') {
    if (schema.minLength) put(`shorter than ${schema.minLength}`, 'a'.repeat(schema.minLength - 1));
    if (schema.maxLength !== undefined)
      put(`longer than ${schema.maxLength}`, 'a'.repeat(schema.maxLength + 1));
    if (schema.pattern || schema.format)
      for (const bad of BAD_TEXT) put(`not ${schema.format ?? schema.pattern}`, bad);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined) put(`below ${schema.minimum}`, schema.minimum - 1);
    if (schema.maximum !== undefined) put(`above ${schema.maximum}`, schema.maximum + 1);
    if (schema.type === 'integer') put('not an integer', value + 0.5);
  }
  if (Array.isArray(value)) {
    if (schema.minItems) put(`fewer than ${schema.minItems} items`, value.slice(0, schema.minItems - 1));
    if (schema.maxItems !== undefined && value.length > 0) {
      put(
        `more than ${schema.maxItems} items`,
        Array.from({ length: schema.maxItems + 1 }, () => value[0]),
      );
    }
    if (schema.items && value.length > 0)
      out.push(...mutationsOf(schema.items, root, value[0], [...path, 0], matches));
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const isPathGroup = path.length === 1 && path[0] === 'path';
    if ((path.length > 0 && !isPathGroup) || schema.minProperties) put('an empty object', {});
    for (const key of schema.required ?? []) {
      if (!isPathGroup && path.length > 0) put(`without ${key}`, withValue(record, [key], undefined));
    }
    const together = schema.not?.required;
    if (together) {
      const all = { ...record };
      for (const key of together) all[key] ??= sampleOf(schema.properties?.[key], key);
      put(`${together.join(' and ')} together`, all);
    }
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (key in record) out.push(...mutationsOf(property, root, record[key], [...path, key], matches));
    }
  }
  return out;
}
