// The feed's iCalendar writer (decision 059) against RFC 5545 and an independent parser (ical.js): TEXT escaping of
// backslashes, semicolons, commas and line breaks; folding at 75 octets of UTF-8 without splitting a character; all-
// day events ending the next day, across a month end and a leap day.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarText, escapeText, foldLine, type TIcsEvent } from './icalendar.ts';

const event = (extra: Partial<TIcsEvent> = {}): TIcsEvent => ({
  uid: 'occurrence-1@forgeboard',
  date: '2028-02-29',
  summary: 'Press 4 — Grease',
  description: 'Checklist:\n- one',
  url: 'http://localhost:3000/maintenance/planned?id=1',
  status: 'CONFIRMED',
  categories: ['Preventive maintenance', 'Due'],
  ...extra,
});
const parse = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

describe('the iCalendar writer', () => {
  it('escapes TEXT as RFC 5545 says', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets, continuation lines starting with a space, never inside a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}${'x'.repeat(40)}🔧🔧`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    for (const part of folded.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('writes all-day events an independent parser reads back exactly', () => {
    const tricky = 'Grease, oil; belts\\chains\nand the “Überprüfung” of every guide rail on the north line';
    const text = calendarText({
      name: 'PM work — Acme, Inc.',
      stamp: new Date('2026-11-27T15:04:05.678Z'),
      events: [
        event({ summary: tricky, description: tricky }),
        event({ uid: 'forecast-2', date: '2026-12-31' }),
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    const [leap, newYear] = parse(text);
    expect(leap!.summary).toBe(tricky);
    expect(leap!.description).toBe(tricky);
    expect(leap!.startDate.toString()).toBe('2028-02-29');
    expect(leap!.startDate.isDate).toBe(true);
    expect(leap!.endDate.toString()).toBe('2028-03-01');
    expect(newYear!.endDate.toString()).toBe('2027-01-01');
    expect(newYear!.uid).toBe('forecast-2');
    const vevent = leap!.component;
    expect(vevent.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-11-27T15:04:05Z');
    expect(vevent.getFirstProperty('categories')!.getValues()).toEqual(['Preventive maintenance', 'Due']);
    expect(new ICAL.Component(ICAL.parse(text)).getFirstPropertyValue('x-wr-calname')).toBe(
      'PM work — Acme, Inc.',
    );
  });
});
