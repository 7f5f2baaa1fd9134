// MIL-STD-105E 4.7 (switching) and 4.8 (discontinuation), walked lot by lot as an inspector would apply them.
import { describe, expect, it } from 'vitest';
import type { TLotVerdict, TSeverity } from './sampling.ts';
import { nextSeverity, type TLotRecord } from './switching.ts';

const lots = (severity: TSeverity, verdicts: string, defects = 0): TLotRecord[] =>
  [...verdicts].map((v) => ({
    severity,
    verdict: ({ a: 'accepted', r: 'rejected', g: 'accepted-back-to-normal' } as Record<string, TLotVerdict>)[
      v
    ]!,
    defects,
  }));
const off = { reducedAllowed: false };
const on = { reducedAllowed: true };

describe('normal inspection', () => {
  it('starts normal with no history (4.3)', () => {
    expect(nextSeverity([], off)).toMatchObject({ severity: 'normal', discontinued: false, reason: null });
  });

  it('tightens when 2 of 5 consecutive lots are rejected on original inspection (4.7.1): r a a a r', () => {
    expect(nextSeverity(lots('normal', 'raaar'), off)).toMatchObject({
      severity: 'tightened',
      reason: 'two-of-five-rejected',
    });
  });

  it('tightens on 2 of 2: two rejections in a row', () => {
    expect(nextSeverity(lots('normal', 'aarr'), off).severity).toBe('tightened');
  });

  it('stays normal when the two rejections are 6 lots apart (r a a a a r): no 5 consecutive lots hold both', () => {
    expect(nextSeverity(lots('normal', 'raaaar'), off)).toMatchObject({ severity: 'normal', reason: null });
  });

  it('ignores resubmitted lots: a rejected lot resubmitted and rejected again is one rejection', () => {
    const history: TLotRecord[] = [
      { severity: 'normal', verdict: 'rejected' },
      { severity: 'normal', verdict: 'rejected', resubmitted: true },
      { severity: 'normal', verdict: 'accepted' },
    ];
    expect(nextSeverity(history, off).severity).toBe('normal');
  });
});

describe('tightened inspection', () => {
  const tightenedAfter = lots('normal', 'rr');

  it('returns to normal after 5 consecutive lots accepted under tightened (4.7.2)', () => {
    const four = nextSeverity([...tightenedAfter, ...lots('tightened', 'aaaa')], off);
    expect(four).toMatchObject({ severity: 'tightened', acceptedInARow: 4 });
    const five = nextSeverity([...tightenedAfter, ...lots('tightened', 'aaaaa')], off);
    expect(five).toMatchObject({
      severity: 'normal',
      reason: 'five-accepted-under-tightened',
      acceptedInARow: 0,
    });
  });

  it('restarts the count of five at a rejection: a a a r a a a a stays tightened', () => {
    expect(nextSeverity([...tightenedAfter, ...lots('tightened', 'aaaraaaa')], off).severity).toBe(
      'tightened',
    );
  });

  it('discontinues when the lots rejected in one stretch of tightened reach five (4.8), not necessarily in a row', () => {
    const four = nextSeverity([...tightenedAfter, ...lots('tightened', 'rararar')], off);
    expect(four).toMatchObject({ discontinued: false, rejectedUnderTightened: 4 });
    const five = nextSeverity([...tightenedAfter, ...lots('tightened', 'rarararar')], off);
    expect(five).toMatchObject({
      severity: 'tightened',
      discontinued: true,
      reason: 'five-rejected-under-tightened',
      rejectedUnderTightened: 5,
    });
  });

  it('resumes tightened afresh after corrective action (4.8): the count of rejections starts again', () => {
    const history = [
      ...tightenedAfter,
      ...lots('tightened', 'rrrrr'),
      { severity: 'tightened' as const, verdict: 'accepted' as const, afterCorrectiveAction: true },
    ];
    expect(nextSeverity(history, off)).toMatchObject({
      severity: 'tightened',
      discontinued: false,
      rejectedUnderTightened: 0,
      acceptedInARow: 1,
    });
  });

  it('resumes at tightened once corrective action is recorded after the fifth rejection, before the next lot (4.8)', () => {
    const history = [...tightenedAfter, ...lots('tightened', 'rarararar')];
    expect(nextSeverity(history, { ...off, correctiveActionSinceLastLot: true })).toMatchObject({
      severity: 'tightened',
      discontinued: false,
      reason: 'resumed-after-corrective-action',
      rejectedUnderTightened: 0,
      acceptedInARow: 0,
    });
  });

  it('ignores a corrective action while inspection is not discontinued: the stretch carries on', () => {
    const history = [...tightenedAfter, ...lots('tightened', 'rara')];
    expect(nextSeverity(history, { ...off, correctiveActionSinceLastLot: true })).toMatchObject({
      severity: 'tightened',
      discontinued: false,
      reason: null,
      rejectedUnderTightened: 2,
    });
  });

  it('counts only the current stretch: rejections under normal before tightening do not count toward discontinuing', () => {
    const history = [...lots('normal', 'rr'), ...lots('tightened', 'aaaaa'), ...lots('normal', 'rr')];
    expect(nextSeverity([...history, ...lots('tightened', 'rrrr')], off)).toMatchObject({
      discontinued: false,
      rejectedUnderTightened: 4,
    });
  });
});

describe('reduced inspection', () => {
  it('switches to reduced after 10 consecutive lots accepted on normal when reduced is allowed (4.7.3)', () => {
    expect(nextSeverity(lots('normal', 'aaaaaaaaa'), on)).toMatchObject({
      severity: 'normal',
      acceptedInARow: 9,
    });
    expect(nextSeverity(lots('normal', 'aaaaaaaaaa'), on)).toMatchObject({
      severity: 'reduced',
      reason: 'ten-accepted-under-normal',
    });
  });

  it('never switches to reduced while the responsible authority has not allowed it', () => {
    expect(nextSeverity(lots('normal', 'aaaaaaaaaaaaaaa'), off).severity).toBe('normal');
  });

  it('needs the ten lots after the last rejection', () => {
    expect(nextSeverity(lots('normal', 'aaaaaraaaaaaaaa'), on).severity).toBe('normal');
    expect(nextSeverity(lots('normal', 'raaaaaaaaaa'), on).severity).toBe('reduced');
  });

  it('holds the ten lots’ defectives to the limit number when one is given (4.7.3 b)', () => {
    const tenWithTwoEach = lots('normal', 'aaaaaaaaaa', 2); // 20 defectives in all
    expect(nextSeverity(tenWithTwoEach, { reducedAllowed: true, limitNumber: 20 }).severity).toBe('reduced');
    expect(nextSeverity(tenWithTwoEach, { reducedAllowed: true, limitNumber: 19 }).severity).toBe('normal');
  });

  // Decision 077: the company turned reduced inspection on after fifteen lots accepted under normal. 4.7.3 a asks
  // for the preceding ten lots on normal, none rejected: the fifteen were, so the next lot is reduced.
  it('counts the normal lots accepted before the company allowed reduced (a late setting)', () => {
    expect(nextSeverity(lots('normal', 'aaaaaaaaaaaaaaa'), on)).toMatchObject({
      severity: 'reduced',
      reason: 'ten-accepted-under-normal',
    });
    // A rejection among those lots still restarts the count: nine accepted after it are not ten.
    expect(nextSeverity(lots('normal', 'aaaaaaaaaaaraaaaaaaaa'), on)).toMatchObject({
      severity: 'normal',
      acceptedInARow: 9,
    });
  });

  it('after a late setting, goes on from the lots that were reduced: a rejection under reduced is normal again', () => {
    const history = [...lots('normal', 'aaaaaaaaaaaaaa'), ...lots('reduced', 'aa')];
    expect(nextSeverity(history, on)).toMatchObject({ severity: 'reduced', reason: null });
    expect(nextSeverity([...history, ...lots('reduced', 'r')], on)).toMatchObject({
      severity: 'normal',
      reason: 'rejected-under-reduced',
    });
  });

  it('needs ten new lots on normal after a return from reduced, whatever the setting was meanwhile (4.7.4)', () => {
    // Reduced, then the setting switched off (the next lots normal), then on again: the run starts at the return.
    const history = [...lots('normal', 'aaaaaaaaaa'), ...lots('reduced', 'aa'), ...lots('normal', 'aaaa')];
    expect(nextSeverity(history, on)).toMatchObject({ severity: 'normal', acceptedInARow: 4 });
  });

  it('returns to normal on a rejection under reduced (4.7.4 a)', () => {
    const history = [...lots('normal', 'aaaaaaaaaa'), ...lots('reduced', 'aar')];
    expect(nextSeverity(history, on)).toMatchObject({ severity: 'normal', reason: 'rejected-under-reduced' });
  });

  it('returns to normal on a lot accepted in the gap between Ac and Re (4.7.4 b)', () => {
    const history = [...lots('normal', 'aaaaaaaaaa'), ...lots('reduced', 'ag')];
    expect(nextSeverity(history, on)).toMatchObject({
      severity: 'normal',
      reason: 'accepted-in-gap-under-reduced',
    });
  });

  it('returns to normal when reduced is no longer allowed (4.7.4 c, d: production irregular, other conditions)', () => {
    const history = [...lots('normal', 'aaaaaaaaaa'), ...lots('reduced', 'aaa')];
    expect(nextSeverity(history, on)).toMatchObject({ severity: 'reduced', reason: null });
    expect(nextSeverity(history, off)).toMatchObject({ severity: 'normal', reason: 'reduced-not-allowed' });
  });
});

describe('a long history through every switch', () => {
  it('goes normal → tightened → normal → reduced → normal → tightened → discontinued', () => {
    const history = [
      ...lots('normal', 'araar'), // 2 of 4 rejected: tightened
      ...lots('tightened', 'aaaaa'), // 5 accepted: normal
      ...lots('normal', 'aaaaaaaaaa'), // 10 accepted: reduced
      ...lots('reduced', 'aaag'), // accepted in the gap: normal
      ...lots('normal', 'rar'), // 2 of 3 rejected: tightened
      ...lots('tightened', 'rrarrr'), // 5 rejected under tightened: discontinued
    ];
    const steps = [5, 10, 20, 24, 27, 33].map((n) => nextSeverity(history.slice(0, n), on));
    expect(steps.map((s) => s.severity)).toEqual([
      'tightened',
      'normal',
      'reduced',
      'normal',
      'tightened',
      'tightened',
    ]);
    expect(steps.map((s) => s.reason)).toEqual([
      'two-of-five-rejected',
      'five-accepted-under-tightened',
      'ten-accepted-under-normal',
      'accepted-in-gap-under-reduced',
      'two-of-five-rejected',
      'five-rejected-under-tightened',
    ]);
    expect(steps.at(-1)?.discontinued).toBe(true);
  });
});
