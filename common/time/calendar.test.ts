// The calendar rules every area schedules and buckets with: company-local dates of instants near midnight, days of
// 23 and 25 hours, month ends and leap years.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToInstant,
  compareDates,
  dateIn,
  dayBoundsIn,
  dayRangeIn,
  daysBetween,
  hoursInDay,
  isCalendarDate,
  isTimeZone,
  safeTimeZone,
  startOfMonth,
  startOfWeek,
  todayIn,
} from './calendar.ts';

describe('dateIn / todayIn: the company’s date of an instant', () => {
  it('puts 23:30 UTC on the next day in Tokyo and the same day in Hawaii', () => {
    expect(dateIn('2026-11-24T23:30:00Z', 'Asia/Tokyo')).toBe('2026-11-25');
    expect(dateIn('2026-11-24T23:30:00Z', 'Pacific/Honolulu')).toBe('2026-11-24');
    expect(dateIn('2026-11-24T23:30:00Z', 'UTC')).toBe('2026-11-24');
  });

  it('puts 00:30 UTC on the previous day in Hawaii and the same day in Tokyo', () => {
    expect(dateIn('2026-11-25T00:30:00Z', 'Pacific/Honolulu')).toBe('2026-11-24');
    expect(dateIn('2026-11-25T00:30:00Z', 'Asia/Tokyo')).toBe('2026-11-25');
  });

  it('reads instants as the database writes them and as Date and epoch numbers', () => {
    expect(dateIn('2026-11-24 23:30:00+00', 'Asia/Tokyo')).toBe('2026-11-25');
    expect(dateIn(new Date('2026-11-24T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-25');
    expect(todayIn('Pacific/Honolulu', Date.parse('2026-11-25T09:59:00Z'))).toBe('2026-11-24');
    expect(todayIn('Pacific/Honolulu', Date.parse('2026-11-25T10:00:00Z'))).toBe('2026-11-25');
  });

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(safeTimeZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(safeTimeZone(null)).toBe('UTC');
    expect(dateIn('2026-11-24T23:30:00Z', 'Mars/Olympus_Mons')).toBe('2026-11-24');
  });
});

describe('isCalendarDate', () => {
  it('takes real YYYY-MM-DD dates only', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });
});

describe('dayRangeIn / hoursInDay: a company day as instants', () => {
  it('spans 24 hours from local midnight on an ordinary day', () => {
    expect(dayRangeIn('2026-11-25', 'Asia/Tokyo')).toEqual({
      from: '2026-11-24T15:00:00Z',
      to: '2026-11-25T15:00:00Z',
    });
    expect(hoursInDay('2026-11-25', 'Pacific/Honolulu')).toBe(24);
  });

  it('is 23 hours on the spring-forward day and 25 on the fall-back day (New York, Berlin)', () => {
    expect(hoursInDay('2026-03-08', 'America/New_York')).toBe(23);
    expect(hoursInDay('2026-11-01', 'America/New_York')).toBe(25);
    expect(hoursInDay('2026-03-29', 'Europe/Berlin')).toBe(23);
    expect(hoursInDay('2026-10-25', 'Europe/Berlin')).toBe(25);
    expect(dayRangeIn('2026-11-01', 'America/New_York')).toEqual({
      from: '2026-11-01T04:00:00Z',
      to: '2026-11-02T05:00:00Z',
    });
  });

  it('never has a daylight-saving day where the zone keeps none (Tokyo, Phoenix)', () => {
    expect(hoursInDay('2026-03-08', 'America/Phoenix')).toBe(24);
    expect(hoursInDay('2026-11-01', 'America/Phoenix')).toBe(24);
    expect(hoursInDay('2026-10-25', 'Asia/Tokyo')).toBe(24);
  });

  it('covers every instant of a day exactly once: consecutive days meet', () => {
    let date = '2026-10-30';
    for (let i = 0; i < 5; i += 1) {
      const next = addDays(date, 1);
      expect(dayRangeIn(date, 'America/New_York').to).toBe(dayRangeIn(next, 'America/New_York').from);
      date = next;
    }
  });

  it('gives a day’s last millisecond for an inclusive upper bound (Hawaii: 24 November ends 10:00 UTC next day)', () => {
    expect(dayBoundsIn('2026-11-24', 'Pacific/Honolulu')).toEqual({
      first: '2026-11-24T10:00:00Z',
      last: '2026-11-25T09:59:59.999Z',
    });
  });
});

describe('addMonths / addDays / daysBetween: calendar arithmetic', () => {
  it('falls back to the last day of a shorter month and returns from a fixed start', () => {
    const start = '2026-01-31';
    expect([1, 2, 3, 4].map((k) => addMonths(start, k))).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
  });

  it('finds the first day of a month, the start of "this month" in a report', () => {
    expect(startOfMonth('2026-11-25')).toBe('2026-11-01');
    expect(startOfMonth('2028-02-29')).toBe('2028-02-01');
  });

  it('finds the Monday of a date’s ISO week, the start of a report’s week, across months and years', () => {
    expect(startOfWeek('2026-11-27')).toBe('2026-11-23'); // a Friday
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23'); // a Monday is its own
    expect(startOfWeek('2026-11-29')).toBe('2026-11-23'); // a Sunday ends the week
    expect(startOfWeek('2027-01-02')).toBe('2026-12-28');
    expect(startOfWeek('2028-03-01')).toBe('2028-02-28');
  });

  it('moves an instant by months on a zone’s clock, clamping the day and keeping the time across DST', () => {
    expect(addMonthsToInstant('2026-01-31T10:00:00Z', 1, 'UTC').toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    // 09:00 in New York on 1 March (EST, UTC-5) is 09:00 on 1 April (EDT, UTC-4).
    expect(addMonthsToInstant('2026-03-01T14:00:00Z', 1, 'America/New_York').toISOString()).toBe(
      '2026-04-01T13:00:00.000Z',
    );
  });

  it('knows leap years: 29 February in 2028, not in 2100', () => {
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2100-01-31', 1)).toBe('2100-02-28');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
  });

  it('counts days across months, years and daylight-saving changes', () => {
    expect(daysBetween('2026-11-25', '2026-12-25')).toBe(30);
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysBetween('2026-12-31', '2026-12-01')).toBe(-30);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
  });

  it('orders calendar dates', () => {
    expect(compareDates('2026-11-25', '2026-11-26')).toBe(-1);
    expect(compareDates('2026-11-25', '2026-11-25')).toBe(0);
    expect(compareDates('2027-01-01', '2026-12-31')).toBe(1);
  });
});
