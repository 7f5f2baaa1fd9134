// The Western Electric zone rules (Statistical Quality Control Handbook, 1956) for a control chart's points, against
// its centre line and σ: 1) one point beyond 3σ; 2) two of three consecutive points beyond 2σ on the same side;
// 3) four of five consecutive beyond 1σ on the same side; 4) eight consecutive on the same side of the centre line.
// A point is marked when it completes a pattern and is itself one of the points the rule counts, so the mark falls
// on the point an engineer would circle; a point may break several rules.

export const WESTERN_ELECTRIC_RULES = [
  'beyond-3-sigma',
  'two-of-three-beyond-2-sigma',
  'four-of-five-beyond-1-sigma',
  'eight-on-one-side',
] as const;
export type TWesternElectricRule = (typeof WESTERN_ELECTRIC_RULES)[number];

/** The rules' names as the dashboard writes them. */
export const WESTERN_ELECTRIC_RULE_NAMES: Record<TWesternElectricRule, string> = {
  'beyond-3-sigma': 'Rule 1: one point beyond 3σ',
  'two-of-three-beyond-2-sigma': 'Rule 2: two of three points beyond 2σ on one side',
  'four-of-five-beyond-1-sigma': 'Rule 3: four of five points beyond 1σ on one side',
  'eight-on-one-side': 'Rule 4: eight points in a row on one side of the centre line',
};

export interface TRuleCheck {
  points: { value: number | null; rules: TWesternElectricRule[] }[];
  /** False when σ is 0 or unknown: rules 1–3 need zones, so only rule 4 was applied. */
  zones: boolean;
}

/** +1 above, −1 below the centre by more than `k` σ (k = 0: strictly above or below the line), 0 otherwise. */
function side(value: number, centre: number, sigma: number, k: number): number {
  if (value > centre + k * sigma) return 1;
  if (value < centre - k * sigma) return -1;
  return 0;
}

/** At least `count` of the last `window` points (ending at the current one) lie beyond `k` σ on its side. */
function pattern(
  values: readonly number[],
  end: number,
  centre: number,
  sigma: number,
  k: number,
  count: number,
  window: number,
) {
  const here = side(values[end]!, centre, sigma, k);
  if (here === 0 || end + 1 < count) return false;
  let hits = 0;
  for (let i = Math.max(0, end - window + 1); i <= end; i++)
    if (side(values[i]!, centre, sigma, k) === here) hits += 1;
  return hits >= count;
}

/**
 * Marks the points of `series` (in order; null is a missing measurement, skipped, so the points either side of it
 * count as consecutive) that break a Western Electric rule. `sigma` is the chart's σ: the X̄ chart's A2·R̄ ÷ 3 or
 * the individuals' MR̄ ÷ 1.128.
 */
export function westernElectric(
  series: readonly (number | null)[],
  centre: number,
  sigma: number | null,
): TRuleCheck {
  const zones = sigma !== null && Number.isFinite(sigma) && sigma > 0;
  const s = zones ? sigma : 0;
  const values: number[] = [];
  const points = series.map((value) => {
    const rules: TWesternElectricRule[] = [];
    if (value === null) return { value, rules };
    if (!Number.isFinite(value)) throw new RangeError(`A point must be a finite number, not ${value}.`);
    values.push(value);
    const end = values.length - 1;
    if (zones) {
      if (side(value, centre, s, 3) !== 0) rules.push('beyond-3-sigma');
      if (pattern(values, end, centre, s, 2, 2, 3)) rules.push('two-of-three-beyond-2-sigma');
      if (pattern(values, end, centre, s, 1, 4, 5)) rules.push('four-of-five-beyond-1-sigma');
    }
    if (pattern(values, end, centre, s, 0, 8, 8)) rules.push('eight-on-one-side');
    return { value, rules };
  });
  return { points, zones };
}
