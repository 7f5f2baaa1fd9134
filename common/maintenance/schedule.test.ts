// The schedule rules of preventive maintenance: fixed grids that keep their day through short months and leap years,
// floating plans that move with the work, meters, whichever-first plans, and the state of an open occurrence on the
// company's clock, daylight-saving days included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDates, todayIn } from '../time/calendar.ts';
import {
  doneOnTime,
  firstDue,
  forecastDueDate,
  gridDate,
  meterDueDate,
  nextDue,
  occurrenceState,
  previewDueDates,
  type TPlanSchedule,
} from './schedule.ts';

const monthly = (start: string, mode: TPlanSchedule['mode'] = 'fixed', every = 1): TPlanSchedule => ({
  mode,
  start,
  calendar: { every, unit: 'month' },
  meter: null,
});
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const done = (
  dueDate: string | null,
  completedOn: string,
  reading: string | null = null,
  dueReading: string | null = null,
) => ({
  due: { date: dueDate, reading: dueReading },
  completedOn,
  reading,
});

describe('a fixed monthly grid', () => {
  it('falls back to the last day of a short month and returns to the 31st after it', () => {
    const grid = [0, 1, 2, 3, 4, 5].map((k) => gridDate('2027-01-31', { every: 1, unit: 'month' }, k));
    expect(grid).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
    ]);
  });

  it('takes 29 February in a leap year and 28 in the others, from a plan begun on 29 February', () => {
    const rule = { every: 12, unit: 'month' } as const;
    expect([0, 1, 2, 3, 4].map((k) => gridDate('2028-02-29', rule, k))).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });

  it('keeps its start day for ever: every date is the start day or its month’s last day, one interval apart', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2090 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 300 }),
        (year, month, day, every, k) => {
          const startDay = Math.min(day, daysInMonth(year, month));
          const start = `${year}-${String(month).padStart(2, '0')}-${String(startDay).padStart(2, '0')}`;
          const [y, m, d] = gridDate(start, { every, unit: 'month' }, k).split('-').map(Number) as [
            number,
            number,
            number,
          ];
          const months = (y - year) * 12 + (m - month);
          expect(months).toBe(k * every);
          expect(d).toBe(Math.min(startDay, daysInMonth(y, m)));
        },
      ),
    );
  });
});

describe('the occurrence after a completion', () => {
  const plan = monthly('2027-01-31');

  it('is the next grid date when the work is done on its due date', () => {
    expect(nextDue(plan, done('2027-01-31', '2027-01-31'))).toEqual({
      due: { date: '2027-02-28', reading: null },
      missed: [],
    });
    expect(nextDue(plan, done('2027-02-28', '2027-02-28')).due.date).toBe('2027-03-31');
  });

  it('stays on the grid when the work is done early: no drift, the same date never comes round twice', () => {
    expect(nextDue(plan, done('2027-03-31', '2027-03-20'))).toEqual({
      due: { date: '2027-04-30', reading: null },
      missed: [],
    });
  });

  it('records the grid dates reached while the last one was open as missed, and does not stack them', () => {
    expect(nextDue(plan, done('2027-01-31', '2027-04-02'))).toEqual({
      due: { date: '2027-04-30', reading: null },
      missed: ['2027-02-28', '2027-03-31'],
    });
    expect(nextDue(plan, done('2027-01-31', '2027-02-28'))).toEqual({
      due: { date: '2027-03-31', reading: null },
      missed: ['2027-02-28'],
    });
  });

  it('on a fixed grid is always the first grid date after the due date and the completion (checked against a walk)', () => {
    const rules = fc.record({
      every: fc.integer({ min: 1, max: 4 }),
      unit: fc.constantFrom('day' as const, 'week' as const, 'month' as const),
    });
    fc.assert(
      fc.property(
        rules,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: -20, max: 400 }),
        (rule, k, lateBy) => {
          const schedule: TPlanSchedule = { mode: 'fixed', start: '2027-01-31', calendar: rule, meter: null };
          const due = gridDate(schedule.start, rule, k);
          const completedOn = gridDate(due, { every: 1, unit: 'day' }, lateBy);
          const walked: string[] = [];
          let j = k + 1;
          while (compareDates(gridDate(schedule.start, rule, j), completedOn) <= 0)
            walked.push(gridDate(schedule.start, rule, j++));
          const next = nextDue(schedule, done(due, completedOn));
          expect(next.missed).toEqual(walked);
          expect(next.due.date).toBe(gridDate(schedule.start, rule, j));
        },
      ),
    );
  });

  it('on a floating plan is the completion date plus the interval, so late work moves the plan later', () => {
    const weekly: TPlanSchedule = {
      mode: 'floating',
      start: '2027-03-01',
      calendar: { every: 2, unit: 'week' },
      meter: null,
    };
    expect(nextDue(weekly, done('2027-03-01', '2027-03-10'))).toEqual({
      due: { date: '2027-03-24', reading: null },
      missed: [],
    });
    const byMonth = monthly('2027-01-31', 'floating');
    expect(nextDue(byMonth, done('2027-01-31', '2027-01-31')).due.date).toBe('2027-02-28');
    expect(nextDue(byMonth, done('2027-02-28', '2027-02-28')).due.date).toBe('2027-03-28');
  });
});

describe('a runtime meter', () => {
  const meter = (mode: TPlanSchedule['mode']): TPlanSchedule => ({
    mode,
    start: '2027-01-01',
    calendar: null,
    meter: { everyHours: '250', startReading: '1000' },
  });

  it('falls due first one interval after the reading the plan started from', () => {
    expect(firstDue(meter('fixed'))).toEqual({ date: null, reading: '1250' });
  });

  it('floats from the reading the work was done at', () => {
    expect(nextDue(meter('floating'), done(null, '2027-02-01', '1262.5', '1250')).due.reading).toBe('1512.5');
  });

  it('on a fixed grid goes to the next grid reading, past every one the meter ran beyond, and not back to one done early', () => {
    expect(nextDue(meter('fixed'), done(null, '2027-02-01', '1262.5', '1250')).due.reading).toBe('1500');
    expect(nextDue(meter('fixed'), done(null, '2027-02-01', '1510', '1250')).due.reading).toBe('1750');
    expect(nextDue(meter('fixed'), done(null, '2027-02-01', '1240', '1250')).due.reading).toBe('1500');
  });

  it('forecasts the date a reading is reached from the machine’s hours per day, rounding up to a whole day', () => {
    expect(meterDueDate({ reading: '1000', on: '2027-01-01' }, '1250', '8')).toBe('2027-02-02');
    expect(meterDueDate({ reading: '1000', on: '2027-01-01' }, '1250', '10')).toBe('2027-01-26');
    expect(meterDueDate({ reading: '1300', on: '2027-01-01' }, '1250', '8')).toBe('2027-01-01');
    expect(meterDueDate({ reading: '1000', on: '2027-01-01' }, '1250', null)).toBeNull();
    expect(meterDueDate({ reading: '1000', on: '2027-01-01' }, '1250', '0')).toBeNull();
  });
});

describe('a time-or-meter plan', () => {
  const both: TPlanSchedule = {
    mode: 'fixed',
    start: '2027-06-30',
    calendar: { every: 3, unit: 'month' },
    meter: { everyHours: '500', startReading: '0' },
  };

  it('falls due at whichever comes first, and a completion moves both on', () => {
    expect(firstDue(both)).toEqual({ date: '2027-06-30', reading: '500' });
    expect(forecastDueDate({ date: '2027-06-30', reading: '500' }, '2027-05-12')).toBe('2027-05-12');
    expect(forecastDueDate({ date: '2027-06-30', reading: '500' }, '2027-08-01')).toBe('2027-06-30');
    expect(forecastDueDate({ date: '2027-06-30', reading: '500' }, null)).toBe('2027-06-30');
    // The meter reached 500 first, on 12 May: the date grid goes on from 30 June, the meter from 500.
    expect(nextDue(both, done('2027-06-30', '2027-05-12', '503', '500'))).toEqual({
      due: { date: '2027-09-30', reading: '1000' },
      missed: [],
    });
  });

  it('is due when either is reached, overdue when either passes its grace', () => {
    const due = { date: '2027-06-30', reading: '500' };
    const window = { leadDays: 7, graceDays: 3, graceHours: '20' };
    expect(occurrenceState(due, { today: '2027-06-01', reading: '499.99' }, window)).toBe('scheduled');
    expect(occurrenceState(due, { today: '2027-06-01', reading: '500' }, window)).toBe('due');
    expect(occurrenceState(due, { today: '2027-06-01', reading: '520.01' }, window)).toBe('overdue');
    expect(occurrenceState(due, { today: '2027-07-04', reading: '100' }, window)).toBe('overdue');
  });
});

describe('an open occurrence on the company’s clock', () => {
  const due = { date: '2026-03-09', reading: null };
  const window = { leadDays: 1, graceDays: 2 };
  const stateAt = (instant: string, timeZone: string) =>
    occurrenceState(due, { today: todayIn(timeZone, instant), reading: null }, window);

  it('moves through scheduled, due soon, due and overdue at local midnights', () => {
    expect(occurrenceState(due, { today: '2026-03-07', reading: null }, window)).toBe('scheduled');
    expect(occurrenceState(due, { today: '2026-03-08', reading: null }, window)).toBe('due-soon');
    expect(occurrenceState(due, { today: '2026-03-09', reading: null }, window)).toBe('due');
    expect(occurrenceState(due, { today: '2026-03-11', reading: null }, window)).toBe('due');
    expect(occurrenceState(due, { today: '2026-03-12', reading: null }, window)).toBe('overdue');
  });

  it('turns at New York’s midnights across the 23-hour day the clocks go forward (8 March 2026)', () => {
    const zone = 'America/New_York';
    expect(stateAt('2026-03-08T04:59:59Z', zone)).toBe('scheduled'); // 7 March 23:59:59 EST
    expect(stateAt('2026-03-08T05:00:00Z', zone)).toBe('due-soon'); // 8 March 00:00 EST
    expect(stateAt('2026-03-09T03:59:59Z', zone)).toBe('due-soon'); // 8 March 23:59:59 EDT, 23 hours later
    expect(stateAt('2026-03-09T04:00:00Z', zone)).toBe('due'); // 9 March 00:00 EDT
  });

  it('turns at Berlin’s midnights across the 25-hour day the clocks go back (25 October 2026)', () => {
    const berlin = { date: '2026-10-26', reading: null };
    const at = (instant: string) =>
      occurrenceState(berlin, { today: todayIn('Europe/Berlin', instant), reading: null }, window);
    expect(at('2026-10-24T21:59:59Z')).toBe('scheduled'); // 24 October 23:59:59 CEST
    expect(at('2026-10-24T22:00:00Z')).toBe('due-soon'); // 25 October 00:00 CEST
    expect(at('2026-10-25T22:59:59Z')).toBe('due-soon'); // 25 October 23:59:59 CET, 25 hours later
    expect(at('2026-10-25T23:00:00Z')).toBe('due'); // 26 October 00:00 CET
  });

  it('counts work done within the grace period as on time, and a day later as late', () => {
    expect(doneOnTime('2026-03-09', '2026-03-01', 2)).toBe(true);
    expect(doneOnTime('2026-03-09', '2026-03-11', 2)).toBe(true);
    expect(doneOnTime('2026-03-09', '2026-03-12', 2)).toBe(false);
  });
});

describe('the plan screen’s preview of the next five due dates', () => {
  it('walks a fixed grid from the current due date', () => {
    expect(previewDueDates(monthly('2027-01-31'), '2027-01-31')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
  });

  it('steps a floating plan by its interval from each date, as if each were done on its day', () => {
    expect(previewDueDates(monthly('2027-01-31', 'floating'), '2027-01-31')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-28',
      '2027-04-28',
      '2027-05-28',
    ]);
  });

  it('finds its place on a daily grid decades long without walking it', () => {
    const daily: TPlanSchedule = {
      mode: 'fixed',
      start: '2000-01-01',
      calendar: { every: 3, unit: 'day' },
      meter: null,
    };
    // 32,874 days (a multiple of 3) from 1 January 2000 to 2 January 2090: a grid date.
    expect(previewDueDates(daily, '2090-01-02', 3)).toEqual(['2090-01-02', '2090-01-05', '2090-01-08']);
  });

  it('offers no dates for a plan on the meter alone', () => {
    const meterOnly: TPlanSchedule = {
      mode: 'fixed',
      start: '2027-01-01',
      calendar: null,
      meter: { everyHours: '10', startReading: '0' },
    };
    expect(previewDueDates(meterOnly, '2027-01-01')).toEqual([]);
  });
});
