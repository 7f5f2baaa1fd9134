// Whole units get the digits keypad; measures, and a field whose unit is not known yet, keep the decimal point.
import { describe, expect, it } from 'vitest';
import { quantityInputMode } from './quantity-input.ts';

describe('quantityInputMode', () => {
  it('offers no decimal point for a unit counted in whole things', () => {
    expect(quantityInputMode('ea')).toBe('numeric');
    expect(quantityInputMode('box')).toBe('numeric');
  });

  it('keeps the decimal point for a measure and for an unknown unit', () => {
    expect(quantityInputMode('kg')).toBe('decimal');
    expect(quantityInputMode('m')).toBe('decimal');
    expect(quantityInputMode(undefined)).toBe('decimal');
    expect(quantityInputMode(null)).toBe('decimal');
  });
});
