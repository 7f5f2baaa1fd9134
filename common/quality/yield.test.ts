// First pass yield, rolled throughput yield, DPU and DPMO against published worked examples, exact where the example
// is exact, and "no data" (null) where there is nothing to divide by.
import { describe, expect, it } from 'vitest';
import {
  defectsPerMillionOpportunities,
  defectsPerUnit,
  firstPassYield,
  rolledThroughputYield,
} from './yield.ts';

describe('first pass yield', () => {
  it('is the units passing first time over the units inspected, both kept', () => {
    expect(firstPassYield(45, 50)).toEqual({ numerator: 45, denominator: 50, value: 0.9, exact: '0.9' });
  });

  it('rounds the exact figure once, half up: 2 of 3 is 0.666667', () => {
    expect(firstPassYield(2, 3).exact).toBe('0.666667');
    expect(firstPassYield(1, 3).exact).toBe('0.333333');
  });

  it('is null, not NaN, for a period with nothing inspected', () => {
    expect(firstPassYield(0, 0)).toEqual({ numerator: 0, denominator: 0, value: null, exact: null });
  });

  it('refuses more passes than units', () => {
    expect(() => firstPassYield(4, 3)).toThrow(RangeError);
  });
});

describe('rolled throughput yield', () => {
  it('multiplies the steps’ yields: 90/100 × 95/100 × 98/100 = 0.8379 exactly', () => {
    const rty = rolledThroughputYield([
      { passedFirstTime: 90, inspected: 100 },
      { passedFirstTime: 95, inspected: 100 },
      { passedFirstTime: 98, inspected: 100 },
    ]);
    expect(rty.exact).toBe('0.8379');
    expect(rty.numerator).toBe('837900');
    expect(rty.denominator).toBe('1000000');
    expect(rty.value).toBeCloseTo(0.8379, 12);
    expect(rty.steps.map((s) => s.exact)).toEqual(['0.9', '0.95', '0.98']);
  });

  it('keeps its product exact past what a double holds (three steps of a million units)', () => {
    const step = { passedFirstTime: 999_999, inspected: 1_000_000 };
    const rty = rolledThroughputYield([step, step, step]);
    expect(rty.denominator).toBe('1000000000000000000');
    expect(rty.numerator).toBe('999997000002999999');
    expect(rty.exact).toBe('0.999997');
  });

  it('is null with no steps, or when a step inspected nothing', () => {
    expect(rolledThroughputYield([]).value).toBeNull();
    const rty = rolledThroughputYield([
      { passedFirstTime: 9, inspected: 10 },
      { passedFirstTime: 0, inspected: 0 },
    ]);
    expect(rty).toMatchObject({ value: null, exact: null });
    expect(rty.steps[0]?.exact).toBe('0.9');
  });
});

describe('defects per unit', () => {
  it('is 26 defects over 10 units = 2.6 (the "Four common measures" example: 10 forms, 26 flaws)', () => {
    expect(defectsPerUnit(26, 10)).toEqual({ numerator: 26, denominator: 10, value: 2.6, exact: '2.6' });
  });

  it('is null with no units', () => {
    expect(defectsPerUnit(3, 0).value).toBeNull();
  });
});

describe('DPMO', () => {
  it('is 26 defects on 10 forms of 15 fields = 173,333.333333 (the same example: 150 opportunities)', () => {
    const dpmo = defectsPerMillionOpportunities(26, 10, 15);
    expect(dpmo).toMatchObject({ numerator: 26, denominator: 150, exact: '173333.333333' });
    expect(dpmo.value).toBeCloseTo(173_333.3333, 3);
  });

  it('is 40 defects on 40,000 shifter assemblies of 6 opportunities ≈ 167 (dmaictools.com DPMO product example)', () => {
    const dpmo = defectsPerMillionOpportunities(40, 40_000, 6);
    expect(dpmo.denominator).toBe(240_000);
    expect(dpmo.exact).toBe('166.666667');
    expect(Math.round(dpmo.value ?? 0)).toBe(167);
  });

  it('is null when there are no opportunities (no units, or none per unit)', () => {
    expect(defectsPerMillionOpportunities(0, 0, 5).exact).toBeNull();
    expect(defectsPerMillionOpportunities(1, 10, 0).value).toBeNull();
  });
});
