// Exact decimal numbers as strings ("12.5", "0.000125"): quantities and money never pass through binary floating
// point. Parsing and comparing go through BigInt at a fixed scale.

/** A plain decimal: optional minus, digits, optional fraction. No exponent, no thousands separators. */
const DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** True when `text` is a plain decimal with at most `maxScale` fraction digits and `maxDigits` integer digits. */
export function isDecimal(text: string, maxScale: number, maxDigits = 12): boolean {
  if (!DECIMAL.test(text)) return false;
  const [integer = '', fraction = ''] = text.replace('-', '').split('.');
  return integer.length <= maxDigits && fraction.length <= maxScale;
}

/**
 * isDecimal's rule as a JSON Schema pattern, for the API document (spaces around it allowed: the schemas trim);
 * `sign` 'nonNegative' leaves the minus out, 'positive' also zero, 'nonZero' only zero.
 */
export function decimalPattern(
  maxScale: number,
  {
    maxDigits = 12,
    sign = 'any',
  }: { maxDigits?: number; sign?: 'any' | 'nonNegative' | 'positive' | 'nonZero' } = {},
): string {
  const minus = sign === 'any' || sign === 'nonZero' ? '-?' : '';
  const notZero = sign === 'positive' || sign === 'nonZero' ? '(?=[\\d.]*[1-9])' : '';
  return `^\\s*${minus}${notZero}(?:0|[1-9]\\d{0,${maxDigits - 1}})(?:\\.\\d{1,${maxScale}})?\\s*$`;
}

/** The value times 10^scale as a BigInt (the text must be a decimal with at most `scale` fraction digits). */
export function toScaled(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [integer = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(integer + fraction.padEnd(scale, '0'));
  return negative ? -value : value;
}

/** The canonical text of a scaled value: no trailing fraction zeros, "0" for zero. */
export function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const integer = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = fraction ? `${integer}.${fraction}` : integer;
  return negative && text !== '0' ? `-${text}` : text;
}

/** "12.50" → "12.5", "-0" → "0": one spelling per value, for storage comparisons and display. */
export function normalizeDecimal(text: string, scale = 6): string {
  return fromScaled(toScaled(text, scale), scale);
}

/** -1, 0 or 1 as a compares to b. */
export function compareDecimal(a: string, b: string, scale = 6): number {
  const x = toScaled(a, scale);
  const y = toScaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * `text` rounded to `scale` fraction digits, halves away from zero ("12.345" → "12.35", "1.005" → "1.01" at 2):
 * exact, in BigInt, so a rate typed with a third decimal is rounded as written rather than as a float would.
 */
export function roundDecimal(text: string, scale: number): string {
  const fraction = text.split('.')[1]?.length ?? 0;
  if (fraction <= scale) return normalizeDecimal(text, Math.max(scale, fraction));
  const value = toScaled(text, fraction);
  const divisor = 10n ** BigInt(fraction - scale);
  const magnitude = value < 0n ? -value : value;
  let rounded = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) rounded += 1n;
  return fromScaled(value < 0n ? -rounded : rounded, scale);
}
