// The dashboard's time-range choices and how its chart buckets are named.
import type { TSecurityBucket } from '#common/security-range.ts';
import { dateIn } from '#common/time/calendar.ts';
import type { TCompanyClock } from '../../lib/company-clock.tsx';
import type { TRange } from './api.ts';

const HOUR = 60 * 60 * 1000;

/** The ranges the dashboard offers; the server allows any range up to 90 days. */
export const RANGE_PRESETS = [
  { value: '24h', label: '24 h', long: 'the last 24 hours', ms: 24 * HOUR },
  { value: '7d', label: '7 days', long: 'the last 7 days', ms: 7 * 24 * HOUR },
  { value: '30d', label: '30 days', long: 'the last 30 days', ms: 30 * 24 * HOUR },
  { value: '90d', label: '90 days', long: 'the last 90 days', ms: 90 * 24 * HOUR },
] as const;
export type TRangePreset = (typeof RANGE_PRESETS)[number]['value'];
export const DEFAULT_PRESET: TRangePreset = '7d';

export function presetOf(value: string | null): (typeof RANGE_PRESETS)[number] {
  return RANGE_PRESETS.find((p) => p.value === value) ?? RANGE_PRESETS[1];
}

/** The range of a preset ending at `now`. */
export function rangeEndingAt(preset: TRangePreset, now: number): TRange {
  return { from: new Date(now - presetOf(preset).ms).toISOString(), to: new Date(now).toISOString() };
}

/**
 * A chart bucket's label. Hour buckets are instants, written on the viewer's company clock; day buckets are the
 * server's UTC days (the dashboard spans companies in every zone), written as the calendar dates they are.
 */
export function formatBucket(
  iso: string,
  bucket: TSecurityBucket,
  clock: TCompanyClock,
  long = false,
): string {
  if (bucket === 'day') return clock.calendarDate(dateIn(iso, 'UTC'));
  return long ? clock.dateTime(iso) : clock.time(iso);
}
