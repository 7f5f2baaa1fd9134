// The 14 time zones of SPEC.md section 3 that a company picks from at sign-up, each with its IANA zone.
import { z } from 'zod';

/** The zones offered, in SPEC.md's order. */
export const TIMEZONE_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Phoenix',
  'America/Anchorage',
  'Pacific/Honolulu',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Asia/Tokyo',
  'Asia/Shanghai',
  'Asia/Kolkata',
  'Australia/Sydney',
] as const;

/** A zone a company may have; only SPEC.md's 14. */
export const ZTimezoneSchema = z.enum(TIMEZONE_ZONES, { error: 'Choose a time zone from the list' });
export type TTimezone = z.infer<typeof ZTimezoneSchema>;

/** One option of the time-zone picker. */
export interface TTimezoneOption {
  label: string;
  zone: TTimezone;
}

/** The picker's options; labels as SPEC.md names them, the US ones prefixed as SPEC groups them. */
export const TIMEZONE_OPTIONS: readonly TTimezoneOption[] = [
  { label: 'US Eastern', zone: 'America/New_York' },
  { label: 'US Central', zone: 'America/Chicago' },
  { label: 'US Mountain', zone: 'America/Denver' },
  { label: 'US Pacific', zone: 'America/Los_Angeles' },
  { label: 'Arizona', zone: 'America/Phoenix' },
  { label: 'Alaska', zone: 'America/Anchorage' },
  { label: 'Hawaii', zone: 'Pacific/Honolulu' },
  { label: 'London', zone: 'Europe/London' },
  { label: 'Paris', zone: 'Europe/Paris' },
  { label: 'Berlin', zone: 'Europe/Berlin' },
  { label: 'Tokyo', zone: 'Asia/Tokyo' },
  { label: 'Shanghai', zone: 'Asia/Shanghai' },
  { label: 'Mumbai/Delhi', zone: 'Asia/Kolkata' },
  { label: 'Sydney', zone: 'Australia/Sydney' },
];

/** The zone used when none was chosen and the browser's own zone is not among the options. */
export const DEFAULT_TIMEZONE: TTimezone = 'America/New_York';

/** True when `zone` is one of the offered zones. */
export function isOfferedTimezone(zone: string | null | undefined): zone is TTimezone {
  return TIMEZONE_ZONES.some((offered) => offered === zone);
}

/** The option to preselect for a browser zone (Intl's resolved zone): that zone if offered, else the default. */
export function pickTimezone(browserZone: string | null | undefined): TTimezone {
  return isOfferedTimezone(browserZone) ? browserZone : DEFAULT_TIMEZONE;
}

/** The picker label of an offered zone. */
export function timezoneLabel(zone: TTimezone): string {
  return TIMEZONE_OPTIONS.find((option) => option.zone === zone)?.label ?? zone;
}
