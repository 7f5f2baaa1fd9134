// The PM calendar's forecasts (decision 059): a plan's occurrences beyond its open one — fixed grids through
// month ends and leap years, floating plans stepping from on-time completions, meter plans from the machine's hours
// per day, whichever-first, overdue work done today with the grid dates passed meanwhile not forecast, and ranges far
// ahead reached without walking every step.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, compareDates } from '../time/calendar.ts';
import { FORECAST_STEP_LIMIT, forecastPlan, type TForecastInput, type TMeterRate } from './forecast.ts';
import { gridDate, previewDueDates, type TPlanSchedule } from './schedule.ts';

const calendar = (
  start: string,
  every: number,
  unit: 'day' | 'week' | 'month',
  mode: TPlanSchedule['mode'] = 'fixed',
): TPlanSchedule => ({ mode, start, calendar: { every, unit }, meter: null });
const meterPlan = (
  everyHours: string,
  startReading = '0',
  mode: TPlanSchedule['mode'] = 'fixed',
): TPlanSchedule => ({
  mode,
  start: '2026-01-01',
  calendar: null,
  meter: { everyHours, startReading },
});
const idle: TMeterRate = { reading: '0', on: '2026-11-27', hoursPerDay: null };
const rate = (reading: string, on: string, hoursPerDay: string | null = '8'): TMeterRate => ({
  reading,
  on,
  hoursPerDay,
});
const dates = (input: TForecastInput) => forecastPlan(input).map((f) => f.date);

describe('a fixed calendar plan', () => {
  const base = { meter: idle, today: '2026-11-27' };

  it('forecasts the grid after its open occurrence, within the range only', () => {
    const input = {
      ...base,
      schedule: calendar('2026-01-15', 1, 'month'),
      open: { date: '2026-12-15', reading: null },
      from: '2027-01-01',
      to: '2027-03-31',
    };
    expect(dates(input)).toEqual(['2027-01-15', '2027-02-15', '2027-03-15']);
    expect(forecastPlan(input).every((f) => f.basis === 'calendar' && f.due.reading === null)).toBe(true);
  });

  it('falls back to a short month’s last day and returns to the 31st', () => {
    const input = {
      ...base,
      schedule: calendar('2027-01-31', 1, 'month'),
      open: { date: '2027-01-31', reading: null },
      from: '2027-02-01',
      to: '2027-05-31',
    };
    expect(dates(input)).toEqual(['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
  });

  it('keeps 29 February in leap years and the 28th in others', () => {
    const input = {
      ...base,
      today: '2028-02-01',
      schedule: calendar('2028-02-29', 12, 'month'),
      open: { date: '2028-02-29', reading: null },
      from: '2029-01-01',
      to: '2032-12-31',
    };
    expect(dates(input)).toEqual(['2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('assumes overdue work done today: grid dates passed meanwhile are missed, not forecast', () => {
    const input = {
      ...base,
      schedule: calendar('2026-09-10', 1, 'week'),
      open: { date: '2026-10-01', reading: null },
      from: '2026-09-01',
      to: '2026-12-20',
    };
    // Weekly on Thursdays from 10 September; open since 1 October, today is Friday 27 November.
    expect(dates(input)).toEqual(['2026-12-03', '2026-12-10', '2026-12-17']);
  });

  it('reaches a range years ahead without walking every day of a daily grid', () => {
    const input = {
      ...base,
      schedule: calendar('2026-11-27', 1, 'day'),
      open: { date: '2026-11-27', reading: null },
      from: '2040-03-01',
      to: '2040-03-03',
    };
    expect(dates(input)).toEqual(['2040-03-01', '2040-03-02', '2040-03-03']);
  });

  it('agrees with the plan preview (schedule.ts) for any grid, start and range', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2080-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('day' as const, 'week' as const, 'month' as const),
        fc.integer({ min: 0, max: 40 }),
        (startDate, every, unit, skip) => {
          const start = startDate.toISOString().slice(0, 10);
          const schedule = calendar(start, every, unit);
          const preview = previewDueDates(schedule, start, 6);
          const forecast = dates({
            schedule,
            open: { date: start, reading: null },
            meter: idle,
            today: start,
            from: addDays(start, skip),
            to: preview.at(-1)!,
          });
          expect(forecast).toEqual(
            preview.slice(1).filter((d) => compareDates(d, addDays(start, skip)) >= 0),
          );
        },
      ),
    );
  });

  it('matches the grid counted from its start wherever the range begins', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), (k) => {
        const rule = { every: 1, unit: 'month' as const };
        const day = gridDate('2026-01-31', rule, k);
        const found = dates({
          schedule: calendar('2026-01-31', 1, 'month'),
          open: { date: '2026-01-31', reading: null },
          meter: idle,
          today: '2026-01-01',
          from: day,
          to: day,
        });
        expect(found).toEqual(k === 0 ? [] : [day]);
      }),
    );
  });
});

describe('a floating calendar plan', () => {
  it('steps from each on-time completion, drifting after a short month as completions do', () => {
    const input = {
      schedule: calendar('2027-01-31', 1, 'month', 'floating'),
      open: { date: '2027-01-31', reading: null },
      meter: idle,
      today: '2027-01-10',
      from: '2027-01-01',
      to: '2027-05-31',
    };
    expect(dates(input)).toEqual(['2027-02-28', '2027-03-28', '2027-04-28', '2027-05-28']);
  });

  it('forecasts a month ahead exactly at the range’s end, and nothing when the range ends before it', () => {
    const input = (to: string) => ({
      schedule: calendar('2026-12-01', 1, 'month', 'floating'),
      open: { date: '2026-12-01', reading: null },
      meter: idle,
      today: '2026-11-27',
      from: '2026-11-01',
      to,
    });
    expect(dates(input('2027-01-01'))).toEqual(['2027-01-01']);
    // 31 December: past the soonest a month can be (28 days on), before the step itself.
    expect(dates(input('2026-12-31'))).toEqual([]);
    // 28 December: before even the soonest, so no step is taken.
    expect(dates(input('2026-12-28'))).toEqual([]);
  });

  it('steps from today when the open one is overdue (a late job moves the plan later)', () => {
    const input = {
      schedule: calendar('2026-01-01', 2, 'week', 'floating'),
      open: { date: '2026-11-02', reading: null },
      meter: idle,
      today: '2026-11-27',
      from: '2026-11-01',
      to: '2026-12-31',
    };
    expect(dates(input)).toEqual(['2026-12-11', '2026-12-25']);
  });
});

describe('a meter plan', () => {
  it('forecasts each due reading from the hours per day, marked as a meter forecast', () => {
    const forecasts = forecastPlan({
      schedule: meterPlan('100'),
      open: { date: null, reading: '600' },
      meter: rate('560', '2026-11-27', '10'),
      today: '2026-11-27',
      from: '2026-11-01',
      to: '2026-12-31',
    });
    // Open at 600 on 1 December (4 days); then 700, 800, 900 ten days apart.
    expect(forecasts).toEqual([
      { date: '2026-12-11', basis: 'meter', due: { date: null, reading: '700' } },
      { date: '2026-12-21', basis: 'meter', due: { date: null, reading: '800' } },
      { date: '2026-12-31', basis: 'meter', due: { date: null, reading: '900' } },
    ]);
  });

  it('floats from the reading reached when the open one is done late on the meter', () => {
    const forecasts = forecastPlan({
      schedule: meterPlan('100', '0', 'floating'),
      open: { date: null, reading: '500' },
      meter: rate('530', '2026-11-27', '10'),
      today: '2026-11-27',
      from: '2026-11-27',
      to: '2026-12-20',
    });
    expect(forecasts.map((f) => [f.date, f.due.reading])).toEqual([
      ['2026-12-07', '630'],
      ['2026-12-17', '730'],
    ]);
  });

  it('forecasts nothing on a machine with no rate', () => {
    const input = {
      schedule: meterPlan('100'),
      open: { date: null, reading: '600' },
      meter: rate('560', '2026-11-27', null),
      today: '2026-11-27',
      from: '2026-11-01',
      to: '2027-12-31',
    };
    expect(forecastPlan(input)).toEqual([]);
  });
});

describe('a time-or-meter plan', () => {
  it('shows each forecast on whichever comes first, moving both on at each completion', () => {
    const schedule: TPlanSchedule = {
      mode: 'fixed',
      start: '2026-12-01',
      calendar: { every: 1, unit: 'month' },
      meter: { everyHours: '100', startReading: '0' },
    };
    const forecasts = forecastPlan({
      schedule,
      open: { date: '2026-12-01', reading: '100' },
      // 5 hours a day: 100 hours is 20 days, so the meter wins over a month.
      meter: rate('90', '2026-11-27', '5'),
      today: '2026-11-27',
      from: '2026-11-27',
      to: '2027-01-10',
    });
    // Open: the meter's 29 Nov beats 1 Dec. Done then at 100 h: next 1 Jan or 200 h (19 Dec) → 19 Dec, meter.
    // Done 19 Dec at 200 h, early for 1 January, which does not come round again (decision 045): next 1 February
    // or 300 h (8 Jan) → 8 Jan, meter.
    expect(forecasts).toEqual([
      { date: '2026-12-19', basis: 'meter', due: { date: '2027-01-01', reading: '200' } },
      { date: '2027-01-08', basis: 'meter', due: { date: '2027-02-01', reading: '300' } },
    ]);
    // With the meter slower than the month, the calendar wins and says so.
    const slow = forecastPlan({
      schedule,
      open: { date: '2026-12-01', reading: '100' },
      meter: rate('90', '2026-11-27', '1'),
      today: '2026-11-27',
      from: '2026-11-27',
      to: '2027-01-10',
    });
    expect(slow).toEqual([
      { date: '2027-01-01', basis: 'calendar', due: { date: '2027-01-01', reading: '200' } },
    ]);
  });
});

describe('bounds', () => {
  it('forecasts nothing before the open occurrence nor past the range', () => {
    const input = {
      schedule: calendar('2026-01-05', 1, 'week'),
      open: { date: '2026-12-07', reading: null },
      meter: idle,
      today: '2026-11-27',
      from: '2026-11-01',
      to: '2026-12-07',
    };
    expect(dates(input)).toEqual([]);
  });

  it('stops after the step limit however far a floating daily plan is asked to reach', () => {
    const found = dates({
      schedule: calendar('2026-11-27', 1, 'day', 'floating'),
      open: { date: '2026-11-27', reading: null },
      meter: idle,
      today: '2026-11-27',
      from: '2026-11-28',
      to: '2036-01-01',
    });
    expect(found).toHaveLength(FORECAST_STEP_LIMIT);
    expect(found.at(-1)).toBe(addDays('2026-11-27', FORECAST_STEP_LIMIT));
  });
});
