// Exact figures: the decimal a count ratio is shown with, rounded once, and nothing to divide by said as null.
import { describe, expect, it } from 'vitest';
import { divideExact, figure } from './ratio.ts';

describe('exact division', () => {
  it('rounds half up at the last place and writes no trailing zeros', () => {
    expect(divideExact(1n, 8n, 2)).toBe('0.13');
    expect(divideExact(1n, 2n, 0)).toBe('1');
    expect(divideExact(10n, 4n)).toBe('2.5');
    expect(divideExact(-1n, 8n, 2)).toBe('-0.13');
    expect(divideExact(0n, 7n)).toBe('0');
  });

  it('refuses a zero divisor', () => {
    expect(() => divideExact(1n, 0n)).toThrow(RangeError);
  });
});

describe('figure', () => {
  it('keeps numerator and denominator and gives the ratio twice: a double and an exact decimal', () => {
    expect(figure(1, 3, { multiplier: 100, places: 2 })).toEqual({
      numerator: 1,
      denominator: 3,
      value: 100 / 3,
      exact: '33.33',
    });
  });

  it('is null, not NaN or Infinity, over zero', () => {
    expect(figure(0, 0)).toEqual({ numerator: 0, denominator: 0, value: null, exact: null });
    expect(figure(5, 0).value).toBeNull();
  });

  it('refuses counts that are not whole numbers of at least 0', () => {
    expect(() => figure(-1, 3)).toThrow(RangeError);
    expect(() => figure(1.5, 3)).toThrow(RangeError);
  });
});
