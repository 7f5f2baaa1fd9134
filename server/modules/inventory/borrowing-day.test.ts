// Where a borrowing's day begins: the company's own clock, not the server's (decision 025).
import { describe, expect, it } from 'vitest';
import { todayIn } from './borrowing.service.ts';

describe('todayIn', () => {
  it("gives the company's date, which differs from UTC's around midnight", () => {
    const lateEvening = new Date('2026-03-10T03:30:00Z');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-03-09');
    expect(todayIn('UTC', lateEvening)).toBe('2026-03-10');
    expect(todayIn('Asia/Tokyo', new Date('2026-03-09T16:00:00Z'))).toBe('2026-03-10');
  });

  it('falls back to the UTC date for an unknown time zone', () => {
    expect(todayIn('Mars/Olympus_Mons', new Date('2026-03-10T03:30:00Z'))).toBe('2026-03-10');
  });
});
