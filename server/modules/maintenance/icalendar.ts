// A small iCalendar (RFC 5545) writer for the PM calendar feed (decision 059): all-day VEVENTs only, so no time zones
// to publish. Written here rather than taken from a library because the feed needs five properties; the tests parse
// its output with an independent parser (ical.js) so our reading of the RFC is checked by someone else's.

import { addDays } from '#common/time/calendar.ts';

/** One all-day event. */
export interface TIcsEvent {
  /** Stable across reads, so a calendar app updates the event instead of adding another. */
  uid: string;
  /** The day (YYYY-MM-DD); the event ends the next day (DTEND is exclusive). */
  date: string;
  summary: string;
  description: string;
  url: string;
  /** TENTATIVE for forecasts, CONFIRMED for work that exists. */
  status: 'TENTATIVE' | 'CONFIRMED';
  categories: string[];
}

export interface TIcsCalendar {
  name: string;
  /** When the feed was made: every event's DTSTAMP. */
  stamp: Date;
  events: TIcsEvent[];
}

const CRLF = '\r\n';
/** RFC 5545 §3.1: lines longer than 75 octets are folded; the continuation's leading space counts. */
const LINE_OCTETS = 75;

/** TEXT values (§3.3.11): backslash, semicolon and comma escaped; a line break becomes "\n". */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets of UTF-8, never inside a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; each continuation holds its leading space and 74 more.
    if (octets + size > LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

const basicDate = (date: string) => date.replaceAll('-', '');
/** A UTC date-time in the basic format, 20261127T060000Z. */
const utcStamp = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** The whole calendar as text, CRLF line ends, folded lines. */
export function calendarText(calendar: TIcsCalendar): string {
  const stamp = utcStamp(calendar.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Forgeboard//PM calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    // An X- property is TEXT by default (§3.8.8.2); saying so lets parsers that do not know it unescape it too.
    `X-WR-CALNAME;VALUE=TEXT:${escapeText(calendar.name)}`,
  ];
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${basicDate(event.date)}`,
      `DTEND;VALUE=DATE:${basicDate(addDays(event.date, 1))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `URL:${event.url}`,
      `STATUS:${event.status}`,
      `CATEGORIES:${event.categories.map(escapeText).join(',')}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
