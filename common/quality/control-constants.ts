// Shewhart control chart factors for subgroups of n = 2..10, as tabulated in Montgomery, "Introduction to Statistical
// Quality Control" (Appendix VI) and the NIST/SEMATECH e-Handbook of Statistical Methods, section 6.3.2: A2 for the
// X̄ chart's limits (x̄̄ ± A2·R̄), D3 and D4 for the R chart's (D3·R̄, D4·R̄), d2 for σ within = R̄ ÷ d2.

export interface TShewhartFactors {
  A2: number;
  D3: number;
  D4: number;
  d2: number;
}

/** The smallest and largest subgroup an X̄–R chart takes here; ranges lose efficiency past 10 (an S chart's field). */
export const MIN_SUBGROUP = 2;
export const MAX_SUBGROUP = 10;

export const SHEWHART_FACTORS: Readonly<Record<number, TShewhartFactors>> = {
  2: { A2: 1.88, D3: 0, D4: 3.267, d2: 1.128 },
  3: { A2: 1.023, D3: 0, D4: 2.574, d2: 1.693 },
  4: { A2: 0.729, D3: 0, D4: 2.282, d2: 2.059 },
  5: { A2: 0.577, D3: 0, D4: 2.114, d2: 2.326 },
  6: { A2: 0.483, D3: 0, D4: 2.004, d2: 2.534 },
  7: { A2: 0.419, D3: 0.076, D4: 1.924, d2: 2.704 },
  8: { A2: 0.373, D3: 0.136, D4: 1.864, d2: 2.847 },
  9: { A2: 0.337, D3: 0.184, D4: 1.816, d2: 2.97 },
  10: { A2: 0.308, D3: 0.223, D4: 1.777, d2: 3.078 },
};

/**
 * Individuals–moving range with a moving range of 2: E2 = 3 ÷ d2(2) = 2.66 for the individuals' limits
 * (x̄ ± 2.66·MR̄), D4(2) = 3.267 for the moving range's upper limit, d2(2) = 1.128 for σ within = MR̄ ÷ 1.128.
 */
export const MOVING_RANGE_FACTORS = { E2: 2.66, D4: 3.267, d2: 1.128 } as const;

/** The factors for subgroups of `n`; throws outside 2..10. */
export function shewhartFactors(n: number): TShewhartFactors {
  const factors = SHEWHART_FACTORS[n];
  if (!factors) {
    throw new RangeError(
      `X̄–R factors are tabulated for subgroups of ${MIN_SUBGROUP} to ${MAX_SUBGROUP}, not ${n}.`,
    );
  }
  return factors;
}
