// The part of a control chart that is not statistics: given the limits, which measurements lie beyond them
// (decision 040, Charts). The limit formulas (X̄–R, individuals–moving range, …) and the run rules belong to the
// quality area; they hand their limits to this function, which the chart and the reports share.

/** Control limits as computed elsewhere. A side without a limit (e.g. no lower limit for a count) is null. */
export interface TControlLimits {
  centre: number;
  upper: number | null;
  lower: number | null;
}

/** Where a point lies: above the upper limit, below the lower limit, or within (null). */
export type TControlSide = 'above' | 'below' | null;

export interface TControlPoint {
  /** The measurement; null is a missing one (a gap in the line), never beyond a limit. */
  value: number | null;
  beyond: TControlSide;
}

export interface TControlResult {
  points: TControlPoint[];
  above: number;
  below: number;
}

function checkLimits({ centre, upper, lower }: TControlLimits): void {
  const finite = (n: number | null) => n === null || Number.isFinite(n);
  if (!Number.isFinite(centre) || !finite(upper) || !finite(lower)) {
    throw new RangeError('Control limits must be finite numbers.');
  }
  if ((upper !== null && upper < centre) || (lower !== null && lower > centre)) {
    throw new RangeError(
      `The limits must enclose the centre line: ${lower} ≤ ${centre} ≤ ${upper} does not hold.`,
    );
  }
}

/** Which side of the limits `value` is on. A point exactly on a limit is within: only beyond it signals. */
export function sideOf(value: number | null, limits: TControlLimits): TControlSide {
  if (value === null) return null;
  if (limits.upper !== null && value > limits.upper) return 'above';
  if (limits.lower !== null && value < limits.lower) return 'below';
  return null;
}

/**
 * Marks each measurement as above, below or within the limits, in order, and counts the points beyond each limit.
 * Measurements must be finite (or null for a missing one); limits finite, with lower ≤ centre ≤ upper.
 */
export function controlPoints(values: readonly (number | null)[], limits: TControlLimits): TControlResult {
  checkLimits(limits);
  let above = 0;
  let below = 0;
  const points = values.map((value, index): TControlPoint => {
    if (value !== null && !Number.isFinite(value)) {
      throw new RangeError(`Measurement ${index + 1} is not a finite number: ${value}.`);
    }
    const beyond = sideOf(value, limits);
    if (beyond === 'above') above++;
    if (beyond === 'below') below++;
    return { value, beyond };
  });
  return { points, above, below };
}
