// Exact ratios for the counting figures (first pass yield, DPU, DPMO, Pareto shares): the numerator and denominator
// stay whole numbers and the decimal shown is worked out with BigInt and rounded once, half up, so a figure reads the
// same on the screen, in the CSV and in a test (2 of 3 is "0.666667", never 0.6666666666666666). `value` is the same
// ratio as a double for drawing charts.

/** A figure with what it was worked out from. */
export interface TFigure {
  /** What was counted, e.g. units that passed first time. */
  numerator: number;
  /** What it was counted out of, e.g. units inspected. */
  denominator: number;
  /** numerator × multiplier ÷ denominator as a double, for charts; null when the denominator is 0. */
  value: number | null;
  /** The same, exact to `places` decimals (rounded half up) as a decimal string; null when the denominator is 0. */
  exact: string | null;
}

/** Places of `exact` unless a figure says otherwise. */
export const EXACT_PLACES = 6;

/** a ÷ b to `places` decimals, rounded half away from zero, as a plain decimal string. b must not be 0. */
export function divideExact(a: bigint, b: bigint, places: number = EXACT_PLACES): string {
  if (b === 0n) throw new RangeError('Division by zero.');
  const negative = a < 0n !== b < 0n && a !== 0n;
  const num = (a < 0n ? -a : a) * 10n ** BigInt(places);
  const den = b < 0n ? -b : b;
  let quotient = num / den;
  if ((num % den) * 2n >= den) quotient += 1n;
  const digits = quotient.toString().padStart(places + 1, '0');
  const integer = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '');
  const text = fraction ? `${integer}.${fraction}` : integer;
  return negative && text !== '0' ? `-${text}` : text;
}

function checkCount(name: string, n: number): void {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`${name} must be a whole number of at least 0, not ${n}.`);
}

/** numerator × multiplier ÷ denominator with both counts kept; null figures when the denominator is 0. */
export function figure(
  numerator: number,
  denominator: number,
  { multiplier = 1, places = EXACT_PLACES }: { multiplier?: number; places?: number } = {},
): TFigure {
  checkCount('The numerator', numerator);
  checkCount('The denominator', denominator);
  if (denominator === 0) return { numerator, denominator, value: null, exact: null };
  return {
    numerator,
    denominator,
    value: (numerator * multiplier) / denominator,
    exact: divideExact(BigInt(numerator) * BigInt(multiplier), BigInt(denominator), places),
  };
}
