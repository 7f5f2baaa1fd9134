// The Add/Edit plan form's preview: the next five due dates from the form's values by the common rules, as the
// server will date the open occurrence on save; and the schedule in words.
import { describe, expect, it } from 'vitest';
import type { TPlanDetail } from '#common/schemas/maintenance-plans.ts';
import { initialValues, previewOf, type TPlanValues } from './plan-form-values.ts';
import { scheduleInWords } from './schedule-words.ts';

const values = (change: Partial<TPlanValues> = {}): TPlanValues => ({
  ...initialValues(undefined, '2027-01-10'),
  machineId: null,
  title: 'Lube',
  startOn: '2027-01-31',
  ...change,
});

describe('previewOf', () => {
  it('gives a fixed monthly plan from the 31st its month ends and back, before a machine is chosen', () => {
    expect(previewOf(values(), undefined)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
  });

  it('has no dates while the schedule is not valid, and none on the meter alone', () => {
    expect(previewOf(values({ calendarEvery: '' }), undefined)).toBeNull();
    expect(previewOf(values({ scheduleBy: 'meter', meterEveryHours: '250' }), undefined)).toEqual([]);
  });

  const plan = {
    id: 'p',
    machine: { id: '0190a8d4-0000-7000-8000-000000000001', name: 'Lathe', assetTag: 'LT', meterReading: '0' },
    title: 'Lube',
    checklist: [],
    mode: 'fixed',
    startOn: '2027-01-31',
    calendarEvery: 1,
    calendarUnit: 'month',
    meterEveryHours: null,
    meterStartReading: null,
    open: { dueOn: '2027-04-30', dueReading: null },
    lastCompletion: { dueOn: '2027-03-31', dueReading: null, completedOn: '2027-03-30', reading: null },
  } as unknown as TPlanDetail;

  it('keeps an edited plan’s open date while its schedule is unchanged', () => {
    expect(previewOf(initialValues(plan, '2027-04-01'), plan)?.[0]).toBe('2027-04-30');
  });

  it('re-dates from the latest completion when the schedule changes, as the server does on save', () => {
    expect(previewOf({ ...initialValues(plan, '2027-04-01'), calendarEvery: 2 }, plan)).toEqual([
      '2027-05-31',
      '2027-07-31',
      '2027-09-30',
      '2027-11-30',
      '2028-01-31',
    ]);
  });
});

describe('scheduleInWords', () => {
  it('says the interval, the meter and the mode', () => {
    const base = { mode: 'fixed', calendarEvery: 1, calendarUnit: 'month', meterEveryHours: null } as const;
    expect(scheduleInWords(base)).toBe('Every month (fixed)');
    expect(scheduleInWords({ ...base, calendarEvery: 2, calendarUnit: 'week', mode: 'floating' })).toBe(
      'Every 2 weeks (floating)',
    );
    expect(scheduleInWords({ ...base, meterEveryHours: '1250.5' })).toBe(
      'Every month or every 1,250.5 h of runtime, whichever first (fixed)',
    );
  });
});
