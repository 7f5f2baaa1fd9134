// A Pareto chart puts the largest causes first and shows which few make up 80% of the count: a quality engineer
// works on those first, so the order, the running share and the cut must be right in every odd case.
import { describe, expect, it } from 'vitest';
import { pareto } from './pareto.ts';

const labels = (result: ReturnType<typeof pareto>) => result.bars.map((b) => b.label);
const vital = (result: ReturnType<typeof pareto>) => result.bars.filter((b) => b.vital).map((b) => b.label);

describe('pareto', () => {
  it('sorts by count, largest first, with each share and the running share ending at 100', () => {
    const result = pareto([
      { label: 'Burr', count: 10 },
      { label: 'Scratch', count: 50 },
      { label: 'Dent', count: 25 },
      { label: 'Crack', count: 15 },
    ]);
    expect(result.total).toBe(100);
    expect(result.bars).toEqual([
      { label: 'Scratch', count: 50, share: 50, cumulative: 50, vital: true },
      { label: 'Dent', count: 25, share: 25, cumulative: 75, vital: true },
      { label: 'Crack', count: 15, share: 15, cumulative: 90, vital: true },
      { label: 'Burr', count: 10, share: 10, cumulative: 100, vital: false },
    ]);
    expect(result.vitalCount).toBe(3);
    expect(result.threshold).toBe(80);
  });

  it('stops the vital few at the category that reaches exactly 80%', () => {
    // 4 of 5 is 80% exactly; in floating point 0.8 × 100 is not always 80, so no rounding may decide this.
    const result = pareto([
      { label: 'A', count: 4 },
      { label: 'B', count: 1 },
    ]);
    expect(vital(result)).toEqual(['A']);
    expect(result.bars[0]?.cumulative).toBe(80);
  });

  it('counts a single category over the threshold as the vital few on its own', () => {
    const result = pareto([
      { label: 'Porosity', count: 9 },
      { label: 'Burr', count: 1 },
    ]);
    expect(vital(result)).toEqual(['Porosity']);
    expect(result.bars[0]?.cumulative).toBe(90);
  });

  it('orders ties by label, numbers in labels as numbers, whatever order they came in', () => {
    const forward = pareto([
      { label: 'Defect 10', count: 3 },
      { label: 'defect 2', count: 3 },
      { label: 'Alpha', count: 5 },
      { label: 'Beta', count: 3 },
    ]);
    const backward = pareto([
      { label: 'Beta', count: 3 },
      { label: 'Alpha', count: 5 },
      { label: 'defect 2', count: 3 },
      { label: 'Defect 10', count: 3 },
    ]);
    expect(labels(forward)).toEqual(['Alpha', 'Beta', 'defect 2', 'Defect 10']);
    expect(labels(backward)).toEqual(labels(forward));
  });

  it('makes a category tied with the last of the vital few vital too, not only the one whose name sorts first', () => {
    // 60 reaches 80% with the first 20; the other 20 is just as large, so it is just as vital.
    const result = pareto([
      { label: 'Chip', count: 20 },
      { label: 'Bend', count: 20 },
      { label: 'Warp', count: 60 },
      { label: 'Stain', count: 10 },
    ]);
    expect(labels(result)).toEqual(['Warp', 'Bend', 'Chip', 'Stain']);
    expect(vital(result)).toEqual(['Warp', 'Bend', 'Chip']);
    expect(result.vitalCount).toBe(3);
  });

  it('makes every category vital when all are equal', () => {
    const result = pareto([
      { label: 'C', count: 2 },
      { label: 'A', count: 2 },
      { label: 'B', count: 2 },
    ]);
    expect(vital(result)).toEqual(['A', 'B', 'C']);
    expect(result.bars.map((b) => b.cumulative)).toEqual([200 / 6, 400 / 6, 100]);
  });

  it('draws one category as one full bar', () => {
    expect(pareto([{ label: 'Only', count: 7 }]).bars).toEqual([
      { label: 'Only', count: 7, share: 100, cumulative: 100, vital: true },
    ]);
  });

  it('has no vital few and no shares, rather than NaN, when every count is zero', () => {
    const result = pareto([
      { label: 'B', count: 0 },
      { label: 'A', count: 0 },
    ]);
    expect(result.total).toBe(0);
    expect(result.vitalCount).toBe(0);
    expect(result.bars).toEqual([
      { label: 'A', count: 0, share: 0, cumulative: 0, vital: false },
      { label: 'B', count: 0, share: 0, cumulative: 0, vital: false },
    ]);
  });

  it('keeps categories with no count last and never vital', () => {
    const result = pareto([
      { label: 'Zero', count: 0 },
      { label: 'Some', count: 3 },
    ]);
    expect(result.bars.map((b) => [b.label, b.cumulative, b.vital])).toEqual([
      ['Some', 100, true],
      ['Zero', 100, false],
    ]);
  });

  it('returns an empty chart for no categories', () => {
    expect(pareto([])).toEqual({ bars: [], total: 0, vitalCount: 0, threshold: 80 });
  });

  it('takes fractional counts, such as scrap cost or hours', () => {
    const result = pareto([
      { label: 'Rework', count: 0.5 },
      { label: 'Scrap', count: 1.5 },
    ]);
    expect(result.total).toBe(2);
    expect(result.bars.map((b) => [b.label, b.share])).toEqual([
      ['Scrap', 75],
      ['Rework', 25],
    ]);
    expect(vital(result)).toEqual(['Scrap', 'Rework']);
  });

  it('takes another threshold, e.g. 70%', () => {
    const counts = [
      { label: 'A', count: 70 },
      { label: 'B', count: 20 },
      { label: 'C', count: 10 },
    ];
    expect(vital(pareto(counts, 70))).toEqual(['A']);
    expect(vital(pareto(counts, 100))).toEqual(['A', 'B', 'C']);
  });

  it('refuses a negative or non-finite count instead of drawing it', () => {
    expect(() => pareto([{ label: 'Refund', count: -1 }])).toThrow(
      'The count of "Refund" must be a finite number of at least 0, not -1.',
    );
    expect(() => pareto([{ label: 'X', count: Number.NaN }])).toThrow(RangeError);
    expect(() => pareto([{ label: 'X', count: Number.POSITIVE_INFINITY }])).toThrow(RangeError);
  });

  it('refuses a threshold outside (0, 100]', () => {
    for (const threshold of [0, -5, 100.5, Number.NaN]) {
      expect(() => pareto([{ label: 'A', count: 1 }], threshold)).toThrow(RangeError);
    }
  });

  it('leaves the input as it was', () => {
    const input = [
      { label: 'B', count: 1 },
      { label: 'A', count: 2 },
    ];
    pareto(input);
    expect(input.map((c) => c.label)).toEqual(['B', 'A']);
  });
});
