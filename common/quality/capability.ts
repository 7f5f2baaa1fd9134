// Process capability against a check's specification limits (NIST/SEMATECH e-Handbook 6.1.6): Cp = (USL − LSL) ÷ 6σ
// and Cpk = min(USL − μ, μ − LSL) ÷ 3σ with σ within subgroups (R̄ ÷ d2 or MR̄ ÷ 1.128, from control-charts.ts);
// Pp and Ppk the same with σ overall, the sample standard deviation of every reading. With one limit only, Cp and Pp
// have no meaning (there is no width) and are null, and Cpk and Ppk use the side that is set, as SAS's SHEWHART
// and CAPABILITY procedures do.
import { mean, parseReading, sampleStandardDeviation } from './readings.ts';

export interface TSpecLimits {
  /** Lower specification limit as decimal text; null when the check has none. */
  lower: string | null;
  /** Upper specification limit as decimal text; null when the check has none. */
  upper: string | null;
}

export interface TCapability {
  count: number;
  /** The mean of the readings; null with none. */
  mean: number | null;
  sigmaWithin: number | null;
  sigmaOverall: number | null;
  cp: number | null;
  cpk: number | null;
  pp: number | null;
  ppk: number | null;
}

interface TIndices {
  potential: number | null;
  centred: number | null;
}

function indices(mu: number, sigma: number | null, lsl: number | null, usl: number | null): TIndices {
  if (sigma === null || !(sigma > 0) || !Number.isFinite(sigma)) return { potential: null, centred: null };
  const upper = usl === null ? null : (usl - mu) / (3 * sigma);
  const lower = lsl === null ? null : (mu - lsl) / (3 * sigma);
  const sides = [upper, lower].filter((v): v is number => v !== null);
  return {
    potential: usl !== null && lsl !== null ? (usl - lsl) / (6 * sigma) : null,
    centred: sides.length === 0 ? null : Math.min(...sides),
  };
}

/**
 * Cp, Cpk, Pp and Ppk of `readings` (decimal text, every reading of the characteristic in the period) against
 * `limits`, with `sigmaWithin` from the control chart. Null where σ is 0 or unknown, with fewer than 2 readings, or
 * (Cp, Pp) without both limits.
 */
export function capability(
  readings: readonly string[],
  limits: TSpecLimits,
  sigmaWithin: number | null,
): TCapability {
  const values = readings.map(parseReading);
  const lsl = limits.lower === null ? null : parseReading(limits.lower);
  const usl = limits.upper === null ? null : parseReading(limits.upper);
  if (lsl !== null && usl !== null && lsl >= usl) {
    throw new RangeError(
      `The lower specification limit ${limits.lower} must be below the upper ${limits.upper}.`,
    );
  }
  if (values.length < 2) {
    return {
      count: values.length,
      mean: values.length === 0 ? null : values[0]!,
      sigmaWithin: null,
      sigmaOverall: null,
      cp: null,
      cpk: null,
      pp: null,
      ppk: null,
    };
  }
  const mu = mean(values);
  const sigmaOverall = sampleStandardDeviation(values);
  const within = indices(mu, sigmaWithin, lsl, usl);
  const overall = indices(mu, sigmaOverall, lsl, usl);
  return {
    count: values.length,
    mean: mu,
    sigmaWithin,
    sigmaOverall,
    cp: within.potential,
    cpk: within.centred,
    pp: overall.potential,
    ppk: overall.centred,
  };
}
