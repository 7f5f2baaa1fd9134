// The Shewhart factor table as NIST/SEMATECH 6.3.2 and Montgomery's Appendix VI print it.
import { describe, expect, it } from 'vitest';
import { MOVING_RANGE_FACTORS, shewhartFactors } from './control-constants.ts';

describe('Shewhart factors', () => {
  it('reads the rows n = 2, 5 and 10', () => {
    expect(shewhartFactors(2)).toEqual({ A2: 1.88, D3: 0, D4: 3.267, d2: 1.128 });
    expect(shewhartFactors(5)).toEqual({ A2: 0.577, D3: 0, D4: 2.114, d2: 2.326 });
    expect(shewhartFactors(10)).toEqual({ A2: 0.308, D3: 0.223, D4: 1.777, d2: 3.078 });
  });

  it('has A2 = 3 ÷ (d2 √n) to the table’s three decimals for every n', () => {
    for (let n = 2; n <= 10; n++) {
      const { A2, d2 } = shewhartFactors(n);
      expect(A2).toBeCloseTo(3 / (d2 * Math.sqrt(n)), 2);
    }
  });

  it('uses E2 = 3 ÷ d2(2) = 2.66 for individuals with a moving range of 2', () => {
    expect(MOVING_RANGE_FACTORS.E2).toBeCloseTo(3 / MOVING_RANGE_FACTORS.d2, 2);
    expect(MOVING_RANGE_FACTORS.D4).toBe(shewhartFactors(2).D4);
  });

  it('has no factors outside subgroups of 2 to 10', () => {
    expect(() => shewhartFactors(1)).toThrow(RangeError);
    expect(() => shewhartFactors(11)).toThrow(RangeError);
  });
});
