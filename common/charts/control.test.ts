// A control chart's first signal is a point beyond a control limit: an inspector must see every such point, and
// never a false one, so the boundaries, gaps and odd limits are pinned here. The limits come from the quality area.
import { describe, expect, it } from 'vitest';
import { controlPoints, sideOf } from './control.ts';

const LIMITS = { centre: 10, upper: 13, lower: 7 };

describe('controlPoints', () => {
  it('marks the points above the upper limit and below the lower limit, in order, and counts each side', () => {
    const result = controlPoints([10, 13.5, 9, 6.9, 12, 20], LIMITS);
    expect(result.points.map((p) => p.beyond)).toEqual([null, 'above', null, 'below', null, 'above']);
    expect(result.above).toBe(2);
    expect(result.below).toBe(1);
  });

  it('keeps a point exactly on a limit within: only beyond it is a signal', () => {
    const result = controlPoints([13, 7], LIMITS);
    expect(result.points).toEqual([
      { value: 13, beyond: null },
      { value: 7, beyond: null },
    ]);
    expect(result.above + result.below).toBe(0);
  });

  it('leaves a missing measurement as a gap, never beyond', () => {
    expect(controlPoints([null, 14], LIMITS).points).toEqual([
      { value: null, beyond: null },
      { value: 14, beyond: 'above' },
    ]);
  });

  it('checks only the side that has a limit', () => {
    const noLower = { centre: 2, upper: 5, lower: null };
    expect(controlPoints([-100, 6], noLower).points.map((p) => p.beyond)).toEqual([null, 'above']);
    const noUpper = { centre: 2, upper: null, lower: 1 };
    expect(controlPoints([1000, 0.5], noUpper).points.map((p) => p.beyond)).toEqual([null, 'below']);
  });

  it('works with negative measurements and limits', () => {
    const limits = { centre: -2, upper: -1, lower: -3 };
    expect(controlPoints([-0.5, -2, -3.5], limits).points.map((p) => p.beyond)).toEqual([
      'above',
      null,
      'below',
    ]);
  });

  it('marks everything but the centre when the limits collapse onto it', () => {
    const flat = { centre: 5, upper: 5, lower: 5 };
    expect(controlPoints([5, 5.001, 4.999], flat).points.map((p) => p.beyond)).toEqual([
      null,
      'above',
      'below',
    ]);
  });

  it('returns nothing to mark for no measurements', () => {
    expect(controlPoints([], LIMITS)).toEqual({ points: [], above: 0, below: 0 });
  });

  it('refuses limits that do not enclose the centre line, or are not finite', () => {
    expect(() => controlPoints([1], { centre: 10, upper: 9, lower: 7 })).toThrow(RangeError);
    expect(() => controlPoints([1], { centre: 10, upper: 13, lower: 11 })).toThrow(RangeError);
    expect(() => controlPoints([1], { centre: Number.NaN, upper: 13, lower: 7 })).toThrow(RangeError);
    expect(() => controlPoints([1], { centre: 10, upper: Number.POSITIVE_INFINITY, lower: 7 })).toThrow(
      RangeError,
    );
  });

  it('refuses a measurement that is not a finite number', () => {
    expect(() => controlPoints([1, Number.NaN], LIMITS)).toThrow(
      'Measurement 2 is not a finite number: NaN.',
    );
  });
});

describe('sideOf', () => {
  it('tells one point’s side', () => {
    expect(sideOf(14, LIMITS)).toBe('above');
    expect(sideOf(6, LIMITS)).toBe('below');
    expect(sideOf(10, LIMITS)).toBeNull();
    expect(sideOf(null, LIMITS)).toBeNull();
  });
});
