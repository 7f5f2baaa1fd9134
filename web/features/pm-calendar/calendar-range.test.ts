// The days of the PM calendar's views: six Monday-first weeks around a month (whatever weekday it starts on, leap
// February included), a Monday-to-Sunday week, and moving by a month from the 31st without drifting.
import { describe, expect, it } from 'vitest';
import { inMonthOf, rangeOf, shiftAnchor, weekOf } from './calendar-range.ts';

describe('the PM calendar’s views', () => {
  it('shows a month as the six weeks from the Monday on or before its 1st', () => {
    expect(rangeOf('month', '2026-11-27')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    // February 2027 begins on a Monday.
    expect(rangeOf('month', '2027-02-14')).toEqual({ from: '2027-02-01', to: '2027-03-14' });
    expect(rangeOf('month', '2028-02-29')).toEqual({ from: '2028-01-31', to: '2028-03-12' });
  });

  it('shows a week from Monday to Sunday', () => {
    expect(rangeOf('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(rangeOf('week', '2026-11-30')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
  });

  it('moves a month from the 31st to the next month, not past it', () => {
    expect(shiftAnchor('month', '2027-01-31', 1)).toBe('2027-02-01');
    expect(shiftAnchor('month', '2027-03-31', -1)).toBe('2027-02-01');
    expect(shiftAnchor('week', '2026-12-31', 1)).toBe('2027-01-07');
  });

  it('names the days of a week and tells a month’s days from its neighbours’', () => {
    expect(weekOf('2026-11-23')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(inMonthOf('2026-10-31', '2026-11-27')).toBe(false);
    expect(inMonthOf('2026-11-01', '2026-11-27')).toBe(true);
  });
});
