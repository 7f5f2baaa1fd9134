// Where an occurrence shows on the PM calendar (decision 059): its due date, or its meter's forecast day when that
// comes first (never a forecast in the past), the meter projected by whole days, and the days of a range.
import { describe, expect, it } from 'vitest';
import { daysOf, placeOccurrence, projectedReading, type TMeterRate } from './forecast.ts';

const idle: TMeterRate = { reading: '0', on: '2026-11-27', hoursPerDay: null };
const rate = (reading: string, on: string, hoursPerDay: string | null = '8'): TMeterRate => ({
  reading,
  on,
  hoursPerDay,
});

describe('where an occurrence shows', () => {
  it('shows on its due date when it has no meter', () => {
    expect(placeOccurrence({ date: '2026-12-03', reading: null }, idle, '2026-11-27')).toEqual({
      date: '2026-12-03',
      basis: 'calendar',
    });
  });

  it('shows an overdue date where it was due: the calendar keeps the day it fell due', () => {
    expect(placeOccurrence({ date: '2026-11-02', reading: null }, idle, '2026-11-27')?.date).toBe(
      '2026-11-02',
    );
  });

  it('forecasts a meter due reading from the hours per day, rounded up to a whole day', () => {
    // 100 hours left at 8 a day: 12.5 days, so the 13th day after the reading.
    const placed = placeOccurrence({ date: null, reading: '600' }, rate('500', '2026-11-27'), '2026-11-27');
    expect(placed).toEqual({ date: '2026-12-10', basis: 'meter' });
  });

  it('never forecasts a meter in the past: a due reading forecast before today shows today', () => {
    const placed = placeOccurrence({ date: null, reading: '520' }, rate('500', '2026-11-01'), '2026-11-27');
    expect(placed).toEqual({ date: '2026-11-27', basis: 'meter' });
  });

  it('takes whichever comes first of the date and the meter forecast, and says which', () => {
    const meter = rate('500', '2026-11-27');
    expect(placeOccurrence({ date: '2026-12-31', reading: '540' }, meter, '2026-11-27')).toEqual({
      date: '2026-12-02',
      basis: 'meter',
    });
    expect(placeOccurrence({ date: '2026-11-30', reading: '540' }, meter, '2026-11-27')).toEqual({
      date: '2026-11-30',
      basis: 'calendar',
    });
  });

  it('cannot place a meter plan on a machine with no rate', () => {
    expect(
      placeOccurrence({ date: null, reading: '600' }, rate('500', '2026-11-27', null), '2026-11-27'),
    ).toBe(null);
  });

  it('projects the meter by whole days, never below the reading taken', () => {
    const meter = rate('100.25', '2026-11-27', '7.5');
    expect(projectedReading(meter, '2026-11-27')).toBe('100.25');
    expect(projectedReading(meter, '2026-11-30')).toBe('122.75');
    expect(projectedReading(meter, '2026-11-01')).toBe('100.25');
  });
  it('lists the days of a range, both ends included, across a month end and a leap day', () => {
    expect(daysOf('2028-02-27', '2028-03-01')).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(daysOf('2026-11-27', '2026-11-27')).toEqual(['2026-11-27']);
    expect(daysOf('2026-11-28', '2026-11-27')).toEqual([]);
  });
});
