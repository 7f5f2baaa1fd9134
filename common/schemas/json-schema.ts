// JSON Schema spellings of the cross-field rules zod checks with refinements, attached with `.meta()` so that the
// API document says them too (decision 037). The refinements stay: they give the messages and the field paths.

/** "At least one of these fields": a change that must change something. */
export function atLeastOneOf(keys: readonly string[]) {
  return { anyOf: keys.map((key) => ({ required: [key] })) };
}

/**
 * "min to max characters once trimmed" (the schemas trim first) as a JSON Schema pattern: a blank value, or one
 * shorter than `min` without the spaces around it, does not match. `min` of 1 or more; no `max` is no upper bound.
 */
export function trimmedLengthPattern(min: number, max?: number): string {
  if (max !== undefined && max <= 1) return '^\\s*\\S\\s*$';
  const upper = max === undefined ? '' : String(max - 2);
  const inner = min >= 2 ? `[\\s\\S]{${min - 2},${upper}}\\S` : `(?:[\\s\\S]{0,${upper}}\\S)?`;
  return `^\\s*\\S${inner}\\s*$`;
}
