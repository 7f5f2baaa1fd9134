import { describe, expect, it } from 'vitest';
import { isWholeNumber, isWholeUnit, roundRequirement } from './units.ts';

describe('whole units', () => {
  it('knows counting units from measures', () => {
    expect(['ea', 'pcs', 'box', 'set', 'pair', 'roll'].every(isWholeUnit)).toBe(true);
    expect(['kg', 'm', 'l', 'h', 'ft2'].some(isWholeUnit)).toBe(false);
  });

  it('rounds a whole-unit requirement up and leaves a measure as it is', () => {
    // 4 screws a unit + 5 % scrap, for 3 units: 12.6 → 13.
    expect(roundRequirement('12.6', 'ea')).toBe('13');
    expect(roundRequirement('12.000001', 'pcs')).toBe('13');
    expect(roundRequirement('12', 'ea')).toBe('12');
    expect(roundRequirement('0', 'ea')).toBe('0');
    expect(roundRequirement('12.6', 'm')).toBe('12.6');
    expect(roundRequirement('0.333333', 'kg')).toBe('0.333333');
  });

  it('tells whole numbers from fractions', () => {
    expect(isWholeNumber('3')).toBe(true);
    expect(isWholeNumber('3.000000')).toBe(true);
    expect(isWholeNumber('3.5')).toBe(false);
    expect(isWholeNumber('0.000001')).toBe(false);
    expect(isWholeNumber('-2')).toBe(true);
    expect(isWholeNumber('-2.5')).toBe(false);
    // More fraction digits than the ledger keeps is still a fraction, not a whole number read at the wrong scale.
    expect(isWholeNumber('3.1000000')).toBe(false);
    expect(isWholeNumber(' 4.0 ')).toBe(true);
  });
});
