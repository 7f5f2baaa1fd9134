// Quantities as entered: every decimal kept (no rounding to a money-like precision), trailing zeros dropped.
import { describe, expect, it } from 'vitest';
import { formatQuantity, formatSignedQuantity } from './format-quantity.ts';

describe('formatQuantity', () => {
  it.each([
    ['12.5', '12.5'],
    ['0.000125', '0.000125'],
    ['9.2625', '9.2625'],
    ['5.000', '5'],
    ['-0', '0'],
    ['-2.50', '-2.5'],
    ['1234567', '1234567'],
  ])('%s → %s', (text, shown) => {
    expect(formatQuantity(text)).toBe(shown);
  });

  it('adds the unit when given', () => {
    expect(formatQuantity('12.5', 'kg')).toBe('12.5 kg');
  });
});

describe('formatSignedQuantity', () => {
  it.each([
    ['5', '+5'],
    ['-2.5', '-2.5'],
    ['0', '0'],
    ['0.000', '0'],
  ])('%s → %s', (text, shown) => {
    expect(formatSignedQuantity(text)).toBe(shown);
  });

  it('adds the unit when given', () => {
    expect(formatSignedQuantity('4', 'ea')).toBe('+4 ea');
  });
});
