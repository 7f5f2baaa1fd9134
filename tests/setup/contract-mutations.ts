// The contract test's broken requests: for one valid request, one copy per constraint of its schema with that
// constraint broken. Ajv, not this file, decides which copies are invalid (contract-requests.ts): a broken value
// may still fit another branch of a union.
import fc from 'fast-check';
import type { TJsonSchema } from './openapi.ts';
import { branchesOf, typesOf, validArbitrary } from './openapi-arbitraries.ts';

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
