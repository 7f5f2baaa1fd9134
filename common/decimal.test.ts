// Exact decimals as strings: what is accepted, and arithmetic-free comparisons that binary floats get wrong.
import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  fromScaled,
  isDecimal,
  normalizeDecimal,
  roundDecimal,
  toScaled,
} from './decimal.ts';

describe('isDecimal', () => {
  it.each(['0', '12', '12.5', '-3.25', '0.000001', '999999999999.999999'])('accepts %s', (text) => {
    expect(isDecimal(text, 6)).toBe(true);
  });
  it.each(['', '.5', '5.', '1e3', '01', '1,000', ' 1', '0.0000001', '1234567890123', 'NaN', '--1'])(
    'refuses %j',
    (text) => {
      expect(isDecimal(text, 6)).toBe(false);
    },
  );
});

describe('scaled values', () => {
  it('round-trips and normalises', () => {
    expect(fromScaled(toScaled('12.50', 6), 6)).toBe('12.5');
    expect(normalizeDecimal('-0.000')).toBe('0');
    expect(normalizeDecimal('12.500000')).toBe('12.5');
  });
  it('compares exactly where floats do not (0.1 + 0.2 vs 0.3)', () => {
    const sum = fromScaled(toScaled('0.1', 6) + toScaled('0.2', 6), 6);
    expect(sum).toBe('0.3');
    expect(compareDecimal(sum, '0.3')).toBe(0);
    expect(compareDecimal('2', '10')).toBe(-1);
    expect(compareDecimal('-1.5', '-1.25')).toBe(-1);
  });
});

describe('roundDecimal', () => {
  it.each([
    ['12.345', '12.35'],
    ['1.005', '1.01'],
    ['19.994', '19.99'],
    ['-2.675', '-2.68'],
    ['0.004', '0'],
    ['10000', '10000'],
    ['7.50', '7.5'],
  ])('rounds %s to the cent as written: %s', (text, rounded) => {
    expect(roundDecimal(text, 2)).toBe(rounded);
  });
});
