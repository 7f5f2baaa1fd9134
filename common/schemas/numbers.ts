// The number fields of the form contracts, with one wording for their messages. An empty number box says
// "<Field> is required", in the words the text fields use ("Name is required"); only something typed that is no
// number says "<Field> must be a number…". Before this, an empty quantity was told it "must be a number".
import { z } from 'zod';
import { decimalPattern, isDecimal } from '../decimal.ts';

/** The message of an empty required field, the same for text and numbers. */
export const requiredMessage = (field: string) => `${field} is required`;

/** What an empty number box hands over: nothing, an empty or blank text, or NaN (a cleared number input). */
export function isEmptyNumber(input: unknown): boolean {
  if (input === undefined || input === null) return true;
  if (typeof input === 'string') return input.trim() === '';
  return typeof input === 'number' && Number.isNaN(input);
}

/**
 * An exact decimal as text (quantities, money, sizes; common/decimal.ts), trimmed: empty → "<Field> is required",
 * not a decimal of at most `scale` fraction digits → "<Field> must be a number with at most <scale> decimals".
 * Both stop the checks, so a rule chained after (not negative, not zero) sees only a well-formed number.
 */
export function decimalText(
  field: string,
  scale: number,
  {
    maxDigits = 12,
    sign = 'any',
  }: { maxDigits?: number; sign?: 'any' | 'nonNegative' | 'positive' | 'nonZero' } = {},
) {
  return z
    .string({
      error: (issue) => (isEmptyNumber(issue.input) ? requiredMessage(field) : `${field} must be a number`),
    })
    .trim()
    .min(1, { error: requiredMessage(field), abort: true })
    .refine((v) => isDecimal(v, scale, maxDigits), {
      error: `${field} must be a number with at most ${scale} decimals`,
      abort: true,
    })
    .meta({ pattern: decimalPattern(scale, { maxDigits, sign }) });
}

/**
 * A JSON number: missing, null or NaN (what a cleared number input gives) → "<Field> is required"; any other
 * non-number → `notANumber`. Chain the bounds after it.
 */
export function numberField(field: string, notANumber = `${field} must be a number`) {
  return z.number({ error: (issue) => (isEmptyNumber(issue.input) ? requiredMessage(field) : notANumber) });
}
