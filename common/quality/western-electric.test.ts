// Each Western Electric rule (Statistical Quality Control Handbook, 1956; NIST/SEMATECH 6.3.2's "WECO" rules) on a
// series, centre 0 and σ 1, that breaks that rule alone; and a series that breaks none.
import { describe, expect, it } from 'vitest';
import { westernElectric } from './western-electric.ts';

const marks = (series: number[], sigma: number | null = 1) =>
  westernElectric(series, 0, sigma)
    .points.map((p, i) => (p.rules.length ? `${i}:${p.rules.join('+')}` : null))
    .filter(Boolean);

describe('Western Electric rules', () => {
  it('rule 1: marks one point beyond 3σ, either side', () => {
    expect(marks([0.5, -0.5, 3.5, 0.5, -3.2])).toEqual(['2:beyond-3-sigma', '4:beyond-3-sigma']);
  });

  it('does not mark a point exactly on 3σ', () => {
    expect(marks([3, -3])).toEqual([]);
  });

  it('rule 2: marks the second of two points beyond 2σ on one side within three', () => {
    expect(marks([2.5, 0.5, 2.5, -0.5])).toEqual(['2:two-of-three-beyond-2-sigma']);
  });

  it('rule 2 needs the same side: one above and one below 2σ is no pattern', () => {
    expect(marks([2.5, -2.5, 0.5])).toEqual([]);
  });

  it('rule 3: marks the fourth of four points beyond 1σ on one side within five', () => {
    expect(marks([1.5, 1.5, 0.5, 1.5, 1.5, -0.5])).toEqual(['4:four-of-five-beyond-1-sigma']);
  });

  it('rule 4: marks the eighth point in a row on one side, and each one after while the run goes on', () => {
    expect(marks([0.5, 0.2, 0.8, 0.3, 0.1, 0.6, 0.4, 0.9])).toEqual(['7:eight-on-one-side']);
    expect(marks([-0.5, -0.2, -0.8, -0.3, -0.1, -0.6, -0.4, -0.9, -0.2])).toEqual([
      '7:eight-on-one-side',
      '8:eight-on-one-side',
    ]);
  });

  it('rule 4: a point on the centre line ends the run', () => {
    expect(marks([0.5, 0.2, 0.8, 0.3, 0, 0.6, 0.4, 0.9, 0.1])).toEqual([]);
  });

  it('marks nothing on a series that wanders within the zones', () => {
    expect(marks([0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.2, -0.2, 0.9, -0.9])).toEqual([]);
  });

  it('names every rule a point breaks', () => {
    // Two points beyond 3σ above: the second breaks rule 1 and rule 2.
    expect(marks([3.5, 3.5])).toEqual(['0:beyond-3-sigma', '1:beyond-3-sigma+two-of-three-beyond-2-sigma']);
  });

  it('skips a missing measurement and counts the points either side as consecutive', () => {
    const check = westernElectric([2.5, null, 2.5], 0, 1);
    expect(check.points.map((p) => p.rules)).toEqual([[], [], ['two-of-three-beyond-2-sigma']]);
  });

  it('applies only rule 4 when σ is 0 or unknown (no zones), and says so', () => {
    const flat = westernElectric([1, 1, 1, 1, 1, 1, 1, 1], 0, 0);
    expect(flat.zones).toBe(false);
    expect(flat.points.at(-1)?.rules).toEqual(['eight-on-one-side']);
    expect(westernElectric([5], 0, null).points[0]?.rules).toEqual([]);
  });

  it('is empty for an empty series', () => {
    expect(westernElectric([], 0, 1)).toEqual({ points: [], zones: true });
  });
});
