// Control limits for a measured characteristic (NIST/SEMATECH e-Handbook 6.3.2): X̄–R for subgroups of 2..10
// readings, individuals–moving range (I-MR) for one reading per unit. The limits are handed to ControlChart
// (web/components/charts) and the run rules (western-electric.ts); σ within goes to capability.ts.
import { MOVING_RANGE_FACTORS, shewhartFactors } from './control-constants.ts';
import { mean, parseReading } from './readings.ts';

// Limits need a spread to estimate: two subgroups (X̄–R) or two readings, one moving range (I-MR).
const MIN_POINTS = 2;

/** One chart's centre line and control limits. */
export interface TChartLimits {
  centre: number;
  upper: number;
  lower: number;
}

/** Why a chart has no limits: nothing measured, or too little to estimate the spread from. */
export type TNoLimits = 'no-data' | 'too-few-points';

export interface TXbarRChart {
  /** Readings per subgroup; null with no subgroup. */
  subgroupSize: number | null;
  /** Each subgroup's mean and range, in order. */
  points: { mean: number; range: number }[];
  /** x̄̄ ± A2·R̄; null with fewer than 2 subgroups. */
  xbar: TChartLimits | null;
  /** R̄ with D3·R̄ and D4·R̄; null with fewer than 2 subgroups. */
  range: TChartLimits | null;
  /** R̄ ÷ d2, the σ Cp and Cpk use; null with fewer than 2 subgroups. */
  sigmaWithin: number | null;
  /** Subgroups left out for having another number of readings than the chart's subgroups. */
  leftOut: number;
  noLimits: TNoLimits | null;
}

export interface TIndividualsChart {
  /** Each reading and its moving range (|this − previous|; null for the first). */
  points: { value: number; movingRange: number | null }[];
  /** x̄ ± E2·MR̄ (E2 = 2.66); null with fewer than 2 readings. */
  individuals: TChartLimits | null;
  /** MR̄ with 0 and D4·MR̄ (D4 = 3.267); null with fewer than 2 readings. */
  movingRange: TChartLimits | null;
  /** MR̄ ÷ 1.128; null with fewer than 2 readings. */
  sigmaWithin: number | null;
  noLimits: TNoLimits | null;
}

/** The X̄ and R limits from the grand mean, the mean range and the subgroup size (the textbook's worked form). */
export function xbarRLimits(
  grandMean: number,
  meanRange: number,
  subgroupSize: number,
): { xbar: TChartLimits; range: TChartLimits; sigmaWithin: number } {
  const { A2, D3, D4, d2 } = shewhartFactors(subgroupSize);
  return {
    xbar: { centre: grandMean, upper: grandMean + A2 * meanRange, lower: grandMean - A2 * meanRange },
    range: { centre: meanRange, upper: D4 * meanRange, lower: D3 * meanRange },
    sigmaWithin: meanRange / d2,
  };
}

/** The individuals and moving range limits from the mean and the mean moving range. */
export function individualsLimits(
  average: number,
  meanMovingRange: number,
): { individuals: TChartLimits; movingRange: TChartLimits; sigmaWithin: number } {
  const { E2, D4, d2 } = MOVING_RANGE_FACTORS;
  return {
    individuals: {
      centre: average,
      upper: average + E2 * meanMovingRange,
      lower: average - E2 * meanMovingRange,
    },
    movingRange: { centre: meanMovingRange, upper: D4 * meanMovingRange, lower: 0 },
    sigmaWithin: meanMovingRange / d2,
  };
}

/**
 * An X̄–R chart from subgroups of readings (decimal strings), in order. The constants are per subgroup size, so the
 * chart takes subgroups of one size, 2 to 10: `size` (by default the first subgroup's); a subgroup of another size
 * (an unfinished inspection, a plan version with other readings per unit) is left out and counted in `leftOut`.
 */
export function xbarRChart(
  subgroups: readonly (readonly string[])[],
  size = subgroups[0]?.length,
): TXbarRChart {
  const empty = { points: [], xbar: null, range: null, sigmaWithin: null, leftOut: subgroups.length };
  if (size === undefined) return { subgroupSize: null, ...empty, noLimits: 'no-data' };
  shewhartFactors(size);
  const kept = subgroups.filter((group) => group.length === size);
  if (kept.length === 0) return { subgroupSize: size, ...empty, noLimits: 'no-data' };
  const points = kept.map((group) => {
    const values = group.map(parseReading);
    return { mean: mean(values), range: Math.max(...values) - Math.min(...values) };
  });
  const leftOut = subgroups.length - kept.length;
  if (points.length < MIN_POINTS) {
    return {
      subgroupSize: size,
      points,
      xbar: null,
      range: null,
      sigmaWithin: null,
      leftOut,
      noLimits: 'too-few-points',
    };
  }
  const limits = xbarRLimits(mean(points.map((p) => p.mean)), mean(points.map((p) => p.range)), size);
  return { subgroupSize: size, points, ...limits, leftOut, noLimits: null };
}

/** An individuals–moving range chart from one reading per unit (decimal strings), in order. */
export function individualsChart(readings: readonly string[]): TIndividualsChart {
  const values = readings.map(parseReading);
  const points = values.map((value, i) => ({
    value,
    movingRange: i === 0 ? null : Math.abs(value - values[i - 1]!),
  }));
  if (values.length < MIN_POINTS) {
    const noLimits: TNoLimits = values.length === 0 ? 'no-data' : 'too-few-points';
    return { points, individuals: null, movingRange: null, sigmaWithin: null, noLimits };
  }
  const ranges = points.slice(1).map((p) => p.movingRange!);
  return { points, ...individualsLimits(mean(values), mean(ranges)), noLimits: null };
}
