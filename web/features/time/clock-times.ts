// The clock's arithmetic on the screen (decision 082): elapsed time as a stopwatch reads it, and a day and a time of
// day typed on the company's clock turned into the instant the API takes (and back), through Temporal — never an
// offset of our own, so a daylight-saving day comes out as it was on the clock.
import { Temporal } from 'temporal-polyfill';
import { addDays, isCalendarDate, safeTimeZone, type TInstantInput } from '#common/time/calendar.ts';

/** Whole seconds from `from` to `now`, never negative (a browser clock a little behind the server's). */
export function secondsSince(from: TInstantInput, now: number): number {
  return Math.max(0, Math.floor((now - new Date(from).getTime()) / 1000));
}

const two = (n: number) => String(n).padStart(2, '0');

/** A stopwatch's reading: "0:00:05", "1:02:03", "26:00:00" (hours go on past a day). */
export function elapsedText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** The same for a screen reader: "1 hour 2 minutes", "5 minutes", "less than a minute". */
export function elapsedWords(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [
    ...(hours ? [`${hours} hour${hours === 1 ? '' : 's'}`] : []),
    ...(minutes ? [`${minutes} minute${minutes === 1 ? '' : 's'}`] : []),
  ];
  return parts.length ? parts.join(' ') : 'less than a minute';
}

/** True for a time of day typed as HH:MM (24-hour). */
export function isTimeOfDay(text: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(text);
}

/**
 * The instant (UTC ISO text) of `time` (HH:MM) on calendar date `date` in `timeZone`. A time the daylight-saving
 * change skips moves forward, and one it repeats takes the first, as Temporal's 'compatible' rule does.
 */
export function instantAt(date: string, time: string, timeZone: string): string {
  return Temporal.PlainDate.from(date)
    .toZonedDateTime({ timeZone: safeTimeZone(timeZone), plainTime: Temporal.PlainTime.from(time) })
    .toInstant()
    .toString();
}

/** The calendar date and the HH:MM of an instant on the clock of `timeZone`, to fill a form with. */
export function dateAndTimeOf(instant: TInstantInput, timeZone: string): { date: string; time: string } {
  const zoned = Temporal.Instant.fromEpochMilliseconds(new Date(instant).getTime()).toZonedDateTimeISO(
    safeTimeZone(timeZone),
  );
  return { date: zoned.toPlainDate().toString(), time: `${two(zoned.hour)}:${two(zoned.minute)}` };
}

/**
 * The instants of a stretch typed as a day, a start and an end (HH:MM): an end earlier than the start is the next
 * day's (a night shift typed on the day it began). Either is '' while its text is not a day or a time yet.
 */
export function spanOf(
  date: string,
  start: string,
  end: string,
  timeZone: string,
): { startedAt: string; endedAt: string } {
  if (!isCalendarDate(date)) return { startedAt: '', endedAt: '' };
  return {
    startedAt: isTimeOfDay(start) ? instantAt(date, start, timeZone) : '',
    endedAt: isTimeOfDay(end)
      ? instantAt(isTimeOfDay(start) && end < start ? addDays(date, 1) : date, end, timeZone)
      : '',
  };
}
