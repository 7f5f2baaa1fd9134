// The back-off between attempts at a message.
import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retry.ts';

describe('retryDelayMs', () => {
  it('waits 30 seconds after the first failure and doubles after each one', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
  });

  it('never waits more than an hour', () => {
    expect(retryDelayMs(8)).toBe(60 * 60_000);
    expect(retryDelayMs(40)).toBe(60 * 60_000);
  });
});
