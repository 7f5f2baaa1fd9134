// Measured readings arrive as decimal strings (the database's numeric, the form's text). Statistics on them run in
// doubles — normal for SPC — so a reading is checked to be a plain decimal and turned into a number once, here.
import { isDecimal } from '../decimal.ts';

/** A reading's text as a number; throws on anything but a plain decimal ("12.5", "-0.003"). */
export function parseReading(text: string): number {
  const trimmed = text.trim();
  if (!isDecimal(trimmed, 12, 15)) throw new RangeError(`"${text}" is not a decimal reading.`);
  return Number(trimmed);
}

/** The arithmetic mean; the caller makes sure there is at least one value. */
export function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** The sample standard deviation (n − 1 in the denominator); null for fewer than 2 values. */
export function sampleStandardDeviation(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const m = mean(values);
  const squares = values.reduce((sum, v) => sum + (v - m) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}
