import { describe, expect, it } from 'vitest';
import { inView } from './in-view.ts';

describe('inView: a label in view is one scan until it leaves', () => {
  it('reads a code once while it stays in view, however long', () => {
    const view = inView(2000);
    expect(view.frame(['A'], 0)).toEqual(['A']);
    for (let at = 120; at < 30_000; at += 120) expect(view.frame(['A'], at)).toEqual([]);
  });

  it('does not scan again after the detector fell behind for longer than the window', () => {
    const view = inView(2000);
    expect(view.frame(['A'], 0)).toEqual(['A']);
    // No frame examined for five seconds (a starved renderer), then the same label.
    expect(view.frame(['A'], 5000)).toEqual([]);
  });

  it('does not scan again when one frame failed to decode and the next came late', () => {
    const view = inView(2000);
    view.frame(['A'], 0);
    expect(view.frame([], 500)).toEqual([]);
    expect(view.frame(['A'], 4000)).toEqual([]);
  });

  it('scans again once frames without the code span the window', () => {
    const view = inView(2000);
    view.frame(['A'], 0);
    expect(view.frame([], 1000)).toEqual([]);
    expect(view.frame([], 2100)).toEqual([]);
    expect(view.frame(['A'], 2200)).toEqual(['A']);
  });

  it('keeps two labels apart: each is one scan', () => {
    const view = inView(2000);
    expect(view.frame(['A', 'B'], 0)).toEqual(['A', 'B']);
    expect(view.frame(['B'], 100)).toEqual([]);
    expect(view.frame(['A'], 200)).toEqual([]);
    expect(view.frame(['C', 'A', 'C'], 300)).toEqual(['C']);
  });
});
