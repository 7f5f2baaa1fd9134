// The week view's days: the server's totals kept as they are, an entry across midnight under both days, a running
// entry from its start to now (not under the days to come), and the weeks either side.
import { describe, expect, it } from 'vitest';
import type { TTimeEntry, TWeek } from '#common/schemas/time.ts';
import { entryDetail, shiftWeek, weekDays } from './week-grid.ts';

const entry = (id: string, startedAt: string, endedAt: string | null): TTimeEntry => ({
  id,
  userId: 'u',
  userName: 'Olga Op',
  jobId: 'j',
  jobNumber: 'JOB-000001',
  jobName: 'Harness run',
  stepRunId: null,
  stepLabel: null,
  activity: null,
  startedAt,
  endedAt,
  source: 'manual',
  reason: 'Typed',
  rate: '30',
  cost: endedAt ? '30' : null,
  locked: false,
});

const DATES = [
  '2026-11-23',
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
  '2026-11-27',
  '2026-11-28',
  '2026-11-29',
];

function weekOf(timeZone: string, entries: TTimeEntry[]): TWeek {
  return {
    userId: 'u',
    userName: 'Olga Op',
    timeZone,
    weekStart: DATES[0]!,
    weekEnd: DATES[6]!,
    days: DATES.map((date, i) => ({ date, seconds: i * 3600, hours: String(i) })),
    total: { seconds: 0, hours: '0' },
    cost: '0',
    approved: null,
    selfApproval: null,
    entries,
  };
}

/** Friday 2026-11-27, 15:00 UTC: "now" in these tests. */
const NOW = Date.parse('2026-11-27T15:00:00Z');
const idsOf = (week: TWeek, now = NOW) => weekDays(week, now).map((d) => d.entries.map((e) => e.id));

describe('the week’s days', () => {
  it('keeps the server’s totals and puts an entry across midnight under both days', () => {
    const days = weekDays(
      weekOf('UTC', [
        entry('morning', '2026-11-23T08:00:00Z', '2026-11-23T12:00:00Z'),
        entry('night', '2026-11-24T22:00:00Z', '2026-11-25T02:00:00Z'),
      ]),
      NOW,
    );
    expect(days.map((d) => d.hours)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(days.map((d) => d.entries.map((e) => e.id))).toEqual([
      ['morning'],
      ['night'],
      ['night'],
      [],
      [],
      [],
      [],
    ]);
  });

  it('reads the days on the company’s clock, not UTC', () => {
    // 23:30 UTC on Monday is Tuesday morning in Tokyo.
    const week = weekOf('Asia/Tokyo', [entry('early', '2026-11-23T23:30:00Z', '2026-11-24T01:00:00Z')]);
    expect(idsOf(week)).toEqual([[], ['early'], [], [], [], [], []]);
  });

  it('shows a running entry from its start to now, not under the days still to come', () => {
    const week = weekOf('UTC', [entry('running', '2026-11-27T08:00:00Z', null)]);
    expect(idsOf(week)).toEqual([[], [], [], [], ['running'], [], []]);
    // Clocked in on Wednesday evening and still running on Friday: Wednesday to Friday.
    const long = weekOf('UTC', [entry('running', '2026-11-25T20:00:00Z', null)]);
    expect(idsOf(long)).toEqual([[], [], ['running'], ['running'], ['running'], [], []]);
    // Its first second: under today.
    expect(idsOf(week, Date.parse('2026-11-27T08:00:00Z'))).toEqual([[], [], [], [], ['running'], [], []]);
    // Past midnight in New York (05:30 UTC Saturday is 00:30 there): Friday and Saturday, on the company's clock.
    const nightShift = weekOf('America/New_York', [entry('running', '2026-11-28T03:00:00Z', null)]);
    expect(idsOf(nightShift, Date.parse('2026-11-28T05:30:00Z'))).toEqual([
      [],
      [],
      [],
      [],
      ['running'],
      ['running'],
      [],
    ]);
  });
});

describe('around the week', () => {
  it('steps a week at a time across a month and a year', () => {
    expect(shiftWeek('2026-11-30', 1)).toBe('2026-12-07');
    expect(shiftWeek('2026-01-05', -1)).toBe('2025-12-29');
  });

  it('says what an entry was spent on: its step first, then its activity', () => {
    const label = (a: string) => a.toUpperCase();
    expect(entryDetail({ stepLabel: 'WO-000001 · 1. Fit', activity: 'run' }, label)).toBe(
      'WO-000001 · 1. Fit',
    );
    expect(entryDetail({ stepLabel: null, activity: 'setup' }, label)).toBe('SETUP');
    expect(entryDetail({ stepLabel: null, activity: null }, label)).toBeNull();
  });
});
