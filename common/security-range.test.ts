import { describe, expect, it } from 'vitest';
import {
  bucketFor,
  bucketStarts,
  resolveSecurityRange,
  SECURITY_RANGE_MESSAGES,
  securityRangeProblem,
} from './security-range.ts';

const NOW = new Date('2026-11-10T15:30:00.000Z');
const iso = (d: Date) => d.toISOString();

describe('resolveSecurityRange', () => {
  it('defaults to the last 7 days, ending now', () => {
    expect(resolveSecurityRange({}, NOW)).toEqual({ from: new Date('2026-11-03T15:30:00.000Z'), to: NOW });
  });

  it('takes 7 days before a given end, and now after a given start', () => {
    expect(iso(resolveSecurityRange({ to: '2026-11-05T00:00:00Z' }, NOW).from)).toBe(
      '2026-10-29T00:00:00.000Z',
    );
    expect(resolveSecurityRange({ from: '2026-11-09T00:00:00Z' }, NOW).to).toEqual(NOW);
  });
});

describe('securityRangeProblem', () => {
  it('accepts up to 90 days and blames `from` beyond', () => {
    expect(securityRangeProblem({ from: '2026-08-12T15:30:00Z' }, NOW)).toBeNull();
    expect(securityRangeProblem({ from: '2026-08-12T15:29:59Z' }, NOW)).toEqual({
      field: 'from',
      message: SECURITY_RANGE_MESSAGES.tooLong,
    });
  });

  it('refuses a range starting before year 1, blaming `to` when the start is its default week before', () => {
    expect(securityRangeProblem({ to: '0001-01-08T00:00:00Z' }, NOW)).toBeNull();
    expect(securityRangeProblem({ to: '0001-01-07T23:59:59Z' }, NOW)).toEqual({
      field: 'to',
      message: SECURITY_RANGE_MESSAGES.tooEarly,
    });
  });

  it('blames `to` when the end is not after the start', () => {
    for (const to of ['2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z']) {
      expect(securityRangeProblem({ from: '2026-11-02T00:00:00Z', to }, NOW)).toEqual({
        field: 'to',
        message: SECURITY_RANGE_MESSAGES.endBeforeStart,
      });
    }
  });
});

describe('buckets', () => {
  it('cuts up to 48 hours into hours and anything longer into days', () => {
    const to = NOW;
    expect(bucketFor({ from: new Date(to.getTime() - 48 * 3600_000), to })).toBe('hour');
    expect(bucketFor({ from: new Date(to.getTime() - 48 * 3600_000 - 1), to })).toBe('day');
  });

  it('lists every UTC hour the range touches, the partial first and last included', () => {
    const starts = bucketStarts(
      { from: new Date('2026-11-10T10:15:00Z'), to: new Date('2026-11-10T13:00:00Z') },
      'hour',
    );
    expect(starts.map(iso)).toEqual([
      '2026-11-10T10:00:00.000Z',
      '2026-11-10T11:00:00.000Z',
      '2026-11-10T12:00:00.000Z',
    ]);
  });

  it('lists every UTC day of a 7-day range ending mid-day: 8 buckets', () => {
    const starts = bucketStarts(resolveSecurityRange({}, NOW), 'day');
    expect(starts).toHaveLength(8);
    expect(iso(starts[0]!)).toBe('2026-11-03T00:00:00.000Z');
    expect(iso(starts.at(-1)!)).toBe('2026-11-10T00:00:00.000Z');
  });
});
