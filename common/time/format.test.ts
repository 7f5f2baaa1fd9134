// Dates as people read them: an instant on the company's clock, whatever the runtime's own zone.
import { describe, expect, it } from 'vitest';
import {
  APP_LOCALE,
  formatCalendarDate,
  formatCalendarMonth,
  formatDateTime,
  formatInstantDate,
  formatTime,
} from './format.ts';

const NEAR_MIDNIGHT_UTC = '2026-11-24T23:30:00Z';

describe('formatters in the company’s zone', () => {
  it('writes an instant near midnight UTC on the Tokyo company’s date and the Hawaii company’s date', () => {
    expect(formatInstantDate(NEAR_MIDNIGHT_UTC, 'Asia/Tokyo', 'en-GB')).toBe('25 Nov 2026');
    expect(formatInstantDate(NEAR_MIDNIGHT_UTC, 'Pacific/Honolulu', 'en-GB')).toBe('24 Nov 2026');
    expect(formatDateTime(NEAR_MIDNIGHT_UTC, 'Asia/Tokyo', 'en-GB')).toBe('25 Nov 2026, 08:30');
    expect(formatDateTime(NEAR_MIDNIGHT_UTC, 'Pacific/Honolulu', 'en-GB')).toBe('24 Nov 2026, 13:30');
    expect(formatTime(NEAR_MIDNIGHT_UTC, 'Asia/Tokyo', 'en-GB')).toBe('08:30');
    expect(formatTime('2026-11-24T23:30:07Z', 'Pacific/Honolulu', 'en-GB', { seconds: true })).toBe(
      '13:30:07',
    );
  });

  it('writes the clock change on a fall-back day once per hour it shows', () => {
    // 05:30 and 06:30 UTC on 1 November 2026 are both 01:30 in New York: before and after the clocks went back.
    expect(formatTime('2026-11-01T05:30:00Z', 'America/New_York', 'en-GB')).toBe('01:30');
    expect(formatTime('2026-11-01T06:30:00Z', 'America/New_York', 'en-GB')).toBe('01:30');
  });

  it('writes a calendar date as it is, in any zone the runtime has', () => {
    expect(formatCalendarDate('2026-11-25', 'en-GB')).toBe('25 Nov 2026');
    expect(formatCalendarDate('2028-02-29', 'en-US')).toBe('Feb 29, 2028');
    expect(formatCalendarDate('2026-11-01', 'en-GB', { long: true })).toBe('1 November 2026');
  });

  it('writes a calendar month (a monthly bucket) as it is, in any zone the runtime has', () => {
    expect(formatCalendarMonth('2026-11', 'en-GB')).toBe('Nov 2026');
    expect(formatCalendarMonth('2027-01', 'en-US')).toBe('Jan 2027');
  });

  it('writes in the app’s locale when no locale is given, so the server’s messages read as the screens do', () => {
    // Whatever the runtime's own language: a server in a British locale still writes the app's "Nov 23, 2026".
    expect(APP_LOCALE).toBe('en-US');
    expect(formatCalendarDate('2026-11-23')).toBe('Nov 23, 2026');
    expect(formatInstantDate(NEAR_MIDNIGHT_UTC, 'Asia/Tokyo')).toBe('Nov 25, 2026');
    expect(formatTime('2026-11-24T13:05:00Z', 'UTC').replace(/\s/g, ' ')).toBe('1:05 PM');
    expect(formatDateTime(NEAR_MIDNIGHT_UTC, 'Pacific/Honolulu').replace(/\s/g, ' ')).toBe(
      'Nov 24, 2026, 1:30 PM',
    );
  });
});
