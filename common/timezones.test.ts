// The 14 time-zone options of SPEC.md section 3.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIMEZONE,
  pickTimezone,
  TIMEZONE_OPTIONS,
  timezoneLabel,
  ZTimezoneSchema,
} from './timezones.ts';

// SPEC.md's list, in its order, with the IANA zone each one means.
const SPEC_TIMEZONES = [
  ['US Eastern', 'America/New_York'],
  ['US Central', 'America/Chicago'],
  ['US Mountain', 'America/Denver'],
  ['US Pacific', 'America/Los_Angeles'],
  ['Arizona', 'America/Phoenix'],
  ['Alaska', 'America/Anchorage'],
  ['Hawaii', 'Pacific/Honolulu'],
  ['London', 'Europe/London'],
  ['Paris', 'Europe/Paris'],
  ['Berlin', 'Europe/Berlin'],
  ['Tokyo', 'Asia/Tokyo'],
  ['Shanghai', 'Asia/Shanghai'],
  ['Mumbai/Delhi', 'Asia/Kolkata'],
  ['Sydney', 'Australia/Sydney'],
] as const;

describe('time-zone options', () => {
  it('are the 14 of SPEC.md, in order, with their IANA zones', () => {
    expect(TIMEZONE_OPTIONS.map((o) => [o.label, o.zone])).toEqual(SPEC_TIMEZONES.map(([l, z]) => [l, z]));
  });

  it.each(SPEC_TIMEZONES)('%s (%s) is accepted and is a zone the runtime knows', (label, zone) => {
    expect(ZTimezoneSchema.parse(zone)).toBe(zone);
    expect(timezoneLabel(zone)).toBe(label);
    expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
  });

  it.each(['UTC', 'Europe/Madrid', 'america/new_york', 'US Eastern', ''])('refuses %j', (zone) => {
    expect(ZTimezoneSchema.safeParse(zone).error?.issues.map((i) => i.message)).toEqual([
      'Choose a time zone from the list',
    ]);
  });

  it('defaults to US Eastern', () => {
    expect(DEFAULT_TIMEZONE).toBe('America/New_York');
  });

  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['Europe/Madrid', 'America/New_York'],
    [undefined, 'America/New_York'],
  ])('preselects %s for a browser in %s', (browserZone, expected) => {
    expect(pickTimezone(browserZone)).toBe(expected);
  });
});
