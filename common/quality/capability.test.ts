// Cp, Cpk, Pp and Ppk (NIST/SEMATECH 6.1.6 formulas), two-sided and one-sided, and the cases with nothing to say.
import { describe, expect, it } from 'vitest';
import { capability } from './capability.ts';
import { individualsChart } from './control-charts.ts';

// Five readings with mean 16 and sample standard deviation 2: deviations −2, 2, −2, 2, 0, Σd² = 16, s² = 16 ÷ 4.
const FIVE = ['14', '18', '14', '18', '16'];
const BOTH = { lower: '8', upper: '20' };

describe('capability', () => {
  it('works USL 20, LSL 8, μ 16, σ 2 by hand: Cp 1, Cpk min(4, 8) ÷ 6 = 0.6667', () => {
    const result = capability(FIVE, BOTH, 2);
    expect(result.mean).toBe(16);
    expect(result.sigmaOverall).toBeCloseTo(2, 12);
    expect(result.cp).toBeCloseTo(1, 12);
    expect(result.cpk).toBeCloseTo(0.6667, 4);
    expect(result.pp).toBeCloseTo(1, 12);
    expect(result.ppk).toBeCloseTo(0.6667, 4);
  });

  it('uses σ within for Cp, Cpk and σ overall for Pp, Ppk: a within σ of 1 doubles Cp', () => {
    const result = capability(FIVE, BOTH, 1);
    expect(result.cp).toBeCloseTo(2, 12);
    expect(result.cpk).toBeCloseTo(4 / 3, 12);
    expect(result.pp).toBeCloseTo(1, 12);
  });

  it('takes σ within from an I-MR chart (MR̄ ÷ 1.128)', () => {
    const chart = individualsChart(FIVE);
    // Moving ranges 4, 4, 4, 2: MR̄ = 3.5, σ within = 3.5 ÷ 1.128 = 3.1028.
    expect(chart.sigmaWithin).toBeCloseTo(3.1028, 4);
    const result = capability(FIVE, BOTH, chart.sigmaWithin);
    expect(result.cp).toBeCloseTo(12 / ((6 * 3.5) / 1.128), 10);
  });

  it('with an upper limit only: Cp and Pp are null, Cpk and Ppk use the upper side', () => {
    const result = capability(FIVE, { lower: null, upper: '20' }, 2);
    expect(result.cp).toBeNull();
    expect(result.pp).toBeNull();
    expect(result.cpk).toBeCloseTo(4 / 6, 12);
    expect(result.ppk).toBeCloseTo(4 / 6, 12);
  });

  it('with a lower limit only: Cpk uses the lower side', () => {
    const result = capability(FIVE, { lower: '8', upper: null }, 2);
    expect(result.cp).toBeNull();
    expect(result.cpk).toBeCloseTo(8 / 6, 12);
  });

  it('with no limit at all has no index, only the statistics', () => {
    const result = capability(FIVE, { lower: null, upper: null }, 2);
    expect(result).toMatchObject({ cp: null, cpk: null, pp: null, ppk: null, mean: 16 });
  });

  it('is null, not Infinity, when σ is 0 (every reading the same)', () => {
    const result = capability(['5', '5', '5'], BOTH, 0);
    expect(result).toMatchObject({ sigmaOverall: 0, cp: null, cpk: null, pp: null, ppk: null });
  });

  it('is null with fewer than 2 readings, or with σ within unknown', () => {
    expect(capability([], BOTH, 2)).toMatchObject({ count: 0, mean: null, cp: null, ppk: null });
    expect(capability(['16'], BOTH, 2)).toMatchObject({ count: 1, mean: 16, cp: null, pp: null });
    expect(capability(FIVE, BOTH, null)).toMatchObject({ cp: null, cpk: null });
    expect(capability(FIVE, BOTH, null).pp).toBeCloseTo(1, 12);
  });

  it('refuses a lower limit that is not below the upper', () => {
    expect(() => capability(FIVE, { lower: '20', upper: '8' }, 2)).toThrow(RangeError);
  });

  it('gives a negative Cpk when the mean lies outside the limits', () => {
    expect(capability(['21', '23'], BOTH, 1).cpk).toBeCloseTo((20 - 22) / 3, 12);
  });
});
