// The clock's arithmetic: a stopwatch's reading, and days and times typed on the company's clock, daylight-saving
// days included.
import { describe, expect, it } from 'vitest';
import {
  dateAndTimeOf,
  elapsedText,
  elapsedWords,
  instantAt,
  isTimeOfDay,
  secondsSince,
  spanOf,
} from './clock-times.ts';

describe('elapsed time', () => {
  it('reads as a stopwatch, hours going on past a day', () => {
    expect(elapsedText(0)).toBe('0:00:00');
    expect(elapsedText(5)).toBe('0:00:05');
    expect(elapsedText(3723)).toBe('1:02:03');
    expect(elapsedText(26 * 3600)).toBe('26:00:00');
  });

  it('counts whole seconds from the server’s start, never below zero', () => {
    const start = '2026-11-25T08:00:00.000Z';
    expect(secondsSince(start, Date.parse('2026-11-25T08:01:01.900Z'))).toBe(61);
    expect(secondsSince(start, Date.parse('2026-11-25T07:59:58.000Z'))).toBe(0);
  });

  it('says it in words for a screen reader', () => {
    expect(elapsedWords(30)).toBe('less than a minute');
    expect(elapsedWords(60)).toBe('1 minute');
    expect(elapsedWords(3723)).toBe('1 hour 2 minutes');
    expect(elapsedWords(7200)).toBe('2 hours');
  });
});

describe('a time typed on the company’s clock', () => {
  it('takes HH:MM only', () => {
    expect(isTimeOfDay('08:30')).toBe(true);
    expect(isTimeOfDay('23:59')).toBe(true);
    expect(isTimeOfDay('24:00')).toBe(false);
    expect(isTimeOfDay('8:30')).toBe(false);
  });

  it('is the instant of that time in the zone, on either side of a daylight-saving change', () => {
    expect(instantAt('2026-11-25', '08:00', 'UTC')).toBe('2026-11-25T08:00:00Z');
    // New York: EST (-5) after 1 November 2026, EDT (-4) before.
    expect(instantAt('2026-11-02', '08:00', 'America/New_York')).toBe('2026-11-02T13:00:00Z');
    expect(instantAt('2026-10-30', '08:00', 'America/New_York')).toBe('2026-10-30T12:00:00Z');
    // 02:30 does not exist on 8 March 2026 there: it moves forward to 03:30 EDT.
    expect(instantAt('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00Z');
  });

  it('reads back as the date and time it was typed', () => {
    expect(dateAndTimeOf('2026-11-02T13:00:00Z', 'America/New_York')).toEqual({
      date: '2026-11-02',
      time: '08:00',
    });
    // Tokyo is ahead: 23:30 UTC is the next morning there.
    expect(dateAndTimeOf('2026-11-25T23:30:00Z', 'Asia/Tokyo')).toEqual({
      date: '2026-11-26',
      time: '08:30',
    });
  });
});

describe('a stretch typed as a day, a start and an end', () => {
  it('ends on the same day, or the next when the end is earlier than the start', () => {
    expect(spanOf('2026-11-25', '08:00', '12:30', 'UTC')).toEqual({
      startedAt: '2026-11-25T08:00:00Z',
      endedAt: '2026-11-25T12:30:00Z',
    });
    expect(spanOf('2026-11-25', '22:00', '02:00', 'UTC')).toEqual({
      startedAt: '2026-11-25T22:00:00Z',
      endedAt: '2026-11-26T02:00:00Z',
    });
  });

  it('leaves out what is not typed yet, for the contract to name', () => {
    expect(spanOf('', '08:00', '09:00', 'UTC')).toEqual({ startedAt: '', endedAt: '' });
    expect(spanOf('2026-11-25', '8', '09:00', 'UTC')).toEqual({
      startedAt: '',
      endedAt: '2026-11-25T09:00:00Z',
    });
  });
});
