// The reminder rules (decision 058) as pure functions: the window is the longer of the plan's lead and the settings'
// days, overdue periods count from the first day past the grace, and a late pass keeps its period's key.
import { describe, expect, it } from 'vitest';
import { overdueDay, remindersFor } from './reminder-rules.ts';
import type { TOpenOccurrence } from './scheduler.repo.ts';

const occurrence = (extra: Partial<TOpenOccurrence> = {}): TOpenOccurrence => ({
  id: 'o1',
  planTitle: 'Oil',
  machineName: 'Lathe',
  assetTag: 'LT-1',
  dueOn: '2026-03-31',
  dueReading: null,
  leadDays: 0,
  graceDays: 0,
  graceHours: '0',
  meterReading: '0',
  ...extra,
});
const keysOf = (o: TOpenOccurrence, today: string, daysBefore = 0, overdueEveryDays = 1) =>
  remindersFor(o, today, { daysBefore, overdueEveryDays }).map((r) => r.key);

describe('due soon', () => {
  it('opens at the longer of the plan’s lead days and the settings’ days before due', () => {
    expect(keysOf(occurrence({ leadDays: 5 }), '2026-03-25', 2)).toEqual([]);
    expect(keysOf(occurrence({ leadDays: 5 }), '2026-03-26', 2)).toEqual(['due-soon:o1']);
    expect(keysOf(occurrence({ leadDays: 1 }), '2026-03-28', 3)).toEqual(['due-soon:o1']);
    expect(keysOf(occurrence({ leadDays: 1 }), '2026-03-27', 3)).toEqual([]);
  });

  it('keeps the same key through the grace period, and a meter-only occurrence gets it when its meter arrives', () => {
    expect(keysOf(occurrence({ graceDays: 2 }), '2026-04-02')).toEqual(['due-soon:o1']);
    const meter = occurrence({ dueOn: null, dueReading: '500', meterReading: '499.99' });
    expect(keysOf(meter, '2026-04-02')).toEqual([]);
    expect(keysOf({ ...meter, meterReading: '500' }, '2026-04-02')).toEqual(['due-soon:o1']);
  });
});

describe('overdue', () => {
  it('counts periods from the first day past the grace, across a month end', () => {
    expect(overdueDay('2026-03-31', 2, 3, '2026-04-02')).toBeNull();
    expect(overdueDay('2026-03-31', 2, 3, '2026-04-03')).toBe('2026-04-03');
    expect(overdueDay('2026-03-31', 2, 3, '2026-04-05')).toBe('2026-04-03');
    expect(overdueDay('2026-03-31', 2, 3, '2026-04-06')).toBe('2026-04-06');
    expect(overdueDay('2026-03-31', 2, 0, '2026-06-30')).toBe('2026-04-03');
  });

  it('keys each period once, and a meter-only occurrence past its grace hours once', () => {
    expect(keysOf(occurrence({ graceDays: 2 }), '2026-04-04', 0, 3)).toEqual(['overdue:o1:2026-04-03']);
    const meter = occurrence({ dueOn: null, dueReading: '500', graceHours: '10', meterReading: '510.01' });
    expect(keysOf(meter, '2026-04-04')).toEqual(['overdue:o1:meter']);
    expect(keysOf(meter, '2026-05-04')).toEqual(['overdue:o1:meter']);
  });
});
