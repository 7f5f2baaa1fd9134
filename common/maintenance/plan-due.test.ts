// The rules of a plan's open occurrence when its plan changes: re-dated from the new schedule and the latest
// completion, moved to today or later when switched back on, and on time only within grace on every measure.
import { describe, expect, it } from 'vitest';
import { completedOnTime, dueFromSchedule, dueOnResume, nextDueDates } from './plan-due.ts';
import type { TPlanSchedule } from './schedule.ts';

const monthly = (start: string, mode: TPlanSchedule['mode'] = 'fixed'): TPlanSchedule => ({
  mode,
  start,
  calendar: { every: 1, unit: 'month' },
  meter: null,
});

describe('dueFromSchedule', () => {
  it('is the first due when nothing was completed', () => {
    expect(dueFromSchedule(monthly('2027-01-31'), null)).toEqual({ date: '2027-01-31', reading: null });
  });
  it('steps a fixed grid from the latest completion’s due date', () => {
    const last = { due: { date: '2027-01-31', reading: null }, completedOn: '2027-01-30', reading: null };
    expect(dueFromSchedule(monthly('2027-01-31'), last).date).toBe('2027-02-28');
  });
  it('steps a floating plan from the day the latest was done', () => {
    const last = { due: { date: '2027-01-31', reading: null }, completedOn: '2027-02-10', reading: null };
    expect(dueFromSchedule(monthly('2027-01-31', 'floating'), last).date).toBe('2027-03-10');
  });
  it('counts a meter from its start reading', () => {
    const schedule: TPlanSchedule = {
      mode: 'fixed',
      start: '2027-01-01',
      calendar: null,
      meter: { everyHours: '250', startReading: '100.5' },
    };
    expect(dueFromSchedule(schedule, null)).toEqual({ date: null, reading: '350.5' });
  });
});

describe('dueOnResume', () => {
  it('moves a fixed date passed while off to the first grid date on or after today, month ends kept', () => {
    expect(dueOnResume(monthly('2027-01-31'), { date: '2027-01-31', reading: null }, '2027-04-15')).toEqual({
      date: '2027-04-30',
      reading: null,
    });
    expect(dueOnResume(monthly('2027-01-31'), { date: '2027-01-31', reading: null }, '2027-03-31').date).toBe(
      '2027-03-31',
    );
  });
  it('moves a floating date passed while off to today', () => {
    expect(
      dueOnResume(monthly('2027-01-31', 'floating'), { date: '2027-01-31', reading: null }, '2027-04-15')
        .date,
    ).toBe('2027-04-15');
  });
  it('leaves a date still ahead, and a meter’s reading, as they are', () => {
    const due = { date: '2027-05-31', reading: '300' };
    expect(dueOnResume(monthly('2027-01-31'), due, '2027-04-15')).toBe(due);
  });
});

describe('completedOnTime', () => {
  const grace = { days: 2, hours: '10' };
  it('is on time up to and including due + grace days, late the day after', () => {
    const due = { date: '2027-02-28', reading: null };
    expect(completedOnTime(due, { completedOn: '2027-03-02', reading: null }, grace)).toBe(true);
    expect(completedOnTime(due, { completedOn: '2027-03-03', reading: null }, grace)).toBe(false);
  });
  it('is late when the meter passed its grace hours, however early the date', () => {
    const due = { date: '2027-02-28', reading: '350' };
    expect(completedOnTime(due, { completedOn: '2027-02-01', reading: '360' }, grace)).toBe(true);
    expect(completedOnTime(due, { completedOn: '2027-02-01', reading: '360.01' }, grace)).toBe(false);
  });
});

describe('nextDueDates', () => {
  it('previews five dates of a grid begun on the 31st: month ends, then back to the 31st', () => {
    expect(nextDueDates(monthly('2028-01-31'), { date: '2028-01-31', reading: null })).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
    ]);
  });
  it('has nothing to preview on the meter alone', () => {
    expect(nextDueDates(monthly('2028-01-31'), { date: null, reading: '10' })).toEqual([]);
  });
});
