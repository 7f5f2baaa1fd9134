// What the job cost drill-down writes beside its money: a rate per hour, an entry's work order and activity in words
// (never "run" or "indirect"), when it ran on the company's clock, and what a ledger line charged.
import { describe, expect, it } from 'vitest';
import { companyClock } from '../../lib/company-clock.tsx';
import { entriesText, entryOnText, entrySpanText, lineWhatText, rateText } from './drill-text.ts';

describe('the drill-down’s words', () => {
  it('writes a rate as money per hour', () => {
    expect(rateText('32')).toBe('$32.00/h');
    expect(rateText('47.5')).toBe('$47.50/h');
  });

  it('says what an entry was spent on in words', () => {
    expect(entryOnText({ workOrderNumber: null, activity: 'run' })).toBe('Run');
    expect(entryOnText({ workOrderNumber: null, activity: 'indirect' })).toBe('Indirect');
    expect(entryOnText({ workOrderNumber: 'WO-000033', activity: 'setup' })).toBe('WO-000033 · Setup');
    expect(entryOnText({ workOrderNumber: 'WO-000033', activity: null })).toBe('WO-000033');
    expect(entryOnText({ workOrderNumber: null, activity: null })).toBe('—');
    expect(entryOnText({ workOrderNumber: null, activity: null }, '')).toBe('');
  });

  it('writes when an entry ran on the company’s clock, the end’s day only when it is another', () => {
    const clock = companyClock('America/New_York', 'en-GB');
    const sameDay = entrySpanText(clock, {
      startedAt: '2026-11-30T14:00:00.000Z',
      endedAt: '2026-11-30T15:30:00.000Z',
    });
    expect(sameDay).toBe(
      `${clock.dateTime('2026-11-30T14:00:00.000Z')} – ${clock.time('2026-11-30T15:30:00.000Z')}`,
    );
    expect(sameDay).toContain('09:00');
    // 04:30 UTC on 1 Dec is still 30 Nov in New York: one day there.
    expect(
      entrySpanText(clock, { startedAt: '2026-11-30T22:00:00.000Z', endedAt: '2026-12-01T04:30:00.000Z' }),
    ).toMatch(/ – 23:30$/);
    expect(
      entrySpanText(clock, { startedAt: '2026-11-30T22:00:00.000Z', endedAt: '2026-12-01T06:00:00.000Z' }),
    ).toContain(clock.dateTime('2026-12-01T06:00:00.000Z'));
  });

  it('names a ledger line’s charge, and a return as returned', () => {
    expect(lineWhatText({ category: 'issued', kind: 'issue' })).toBe('Issued to the job');
    expect(lineWhatText({ category: 'issued', kind: 'reversal' })).toBe('Issued to the job (returned)');
    expect(lineWhatText({ category: 'consumed', kind: 'build-consume' })).toBe('Consumed by a work order');
  });

  it('counts entries', () => {
    expect(entriesText(1)).toBe('1 entry');
    expect(entriesText(17)).toBe('17 entries');
  });
});
