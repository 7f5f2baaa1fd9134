// The dashboard's time-range choices and how its times are written.
import type { TSecurityBucket } from '#common/security-range.ts';
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

/** A date and time in the viewer's locale. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A chart bucket's label: the local hour for hours, the UTC date for days (day buckets are UTC days). */
export function formatBucket(iso: string, bucket: TSecurityBucket, long = false): string {
  const date = new Date(iso);
  if (bucket === 'day') {
    return date.toLocaleDateString(undefined, {
      timeZone: 'UTC',
      month: 'short',
      day: 'numeric',
      ...(long ? { weekday: 'short', year: 'numeric' } : {}),
    });
  }
  return long
    ? date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}
