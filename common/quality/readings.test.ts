// Readings as the database and the forms give them (decimal text), and the two statistics every chart starts from.
import { describe, expect, it } from 'vitest';
import { mean, parseReading, sampleStandardDeviation } from './readings.ts';

describe('readings', () => {
  it('reads plain decimals, trimmed, and refuses anything else', () => {
    expect(parseReading(' 12.50 ')).toBe(12.5);
    expect(parseReading('-0.003')).toBe(-0.003);
    expect(() => parseReading('1e3')).toThrow(RangeError);
    expect(() => parseReading('')).toThrow(RangeError);
    expect(() => parseReading('12,5')).toThrow(RangeError);
  });

  it('takes the sample standard deviation with n − 1: 2, 4, 4, 4, 5, 5, 7, 9 → √(32/7)', () => {
    const values = [2, 4, 4, 4, 5, 5, 7, 9];
    expect(mean(values)).toBe(5);
    expect(sampleStandardDeviation(values)).toBeCloseTo(Math.sqrt(32 / 7), 12);
  });

  it('has no standard deviation for fewer than two values', () => {
    expect(sampleStandardDeviation([])).toBeNull();
    expect(sampleStandardDeviation([3])).toBeNull();
  });
});
