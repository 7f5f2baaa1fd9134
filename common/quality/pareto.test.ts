// The defect Pareto the dashboard shows: sorted bars, exact shares and cumulative shares, and the vital few to 80 %.
import { describe, expect, it } from 'vitest';
import { defectPareto } from './pareto.ts';

const row = (p: ReturnType<typeof defectPareto>) =>
  p.bars.map(
    (b) => `${b.code} ${b.count} ${b.share.exact}% ${b.cumulative.exact}%${b.vital ? ' vital' : ''}`,
  );

describe('defect Pareto', () => {
  it('sorts by count with exact shares and the vital few up to the bar reaching 80 % (worked by hand)', () => {
    // 200 defects: SCR 90 (45 %), DNT 50 (70 %), BUR 30 (85 %: reaches 80 %), CRK 20 (95 %), POR 10 (100 %).
    const result = defectPareto([
      { code: 'BUR', count: 30 },
      { code: 'POR', count: 10 },
      { code: 'SCR', count: 90 },
      { code: 'CRK', count: 20 },
      { code: 'DNT', count: 50 },
    ]);
    expect(result.total).toBe(200);
    expect(row(result)).toEqual([
      'SCR 90 45% 45% vital',
      'DNT 50 25% 70% vital',
      'BUR 30 15% 85% vital',
      'CRK 20 10% 95%',
      'POR 10 5% 100%',
    ]);
    expect(result.bars[0]?.share).toMatchObject({ numerator: 90, denominator: 200, value: 45 });
  });

  it('stops at the bar whose cumulative share is exactly 80 %', () => {
    const result = defectPareto([
      { code: 'A', count: 4 },
      { code: 'B', count: 1 },
    ]);
    expect(row(result)).toEqual(['A 4 80% 80% vital', 'B 1 20% 100%']);
  });

  it('orders equal counts by code, and shares that do not terminate are exact to 6 places', () => {
    const result = defectPareto([
      { code: 'D2', count: 1 },
      { code: 'D10', count: 1 },
      { code: 'D1', count: 1 },
    ]);
    expect(result.bars.map((b) => b.code)).toEqual(['D1', 'D2', 'D10']);
    expect(result.bars.map((b) => b.share.exact)).toEqual(['33.333333', '33.333333', '33.333333']);
    expect(result.bars.map((b) => b.cumulative.exact)).toEqual(['33.333333', '66.666667', '100']);
  });

  it('marks a bar tied with the last vital one as vital too (decision 040: their order is only alphabetical)', () => {
    // 10 defects: A 6 (60 %), B 2 (80 %: reached), C 2 — tied with B, so vital as well.
    const result = defectPareto([
      { code: 'A', count: 6 },
      { code: 'B', count: 2 },
      { code: 'C', count: 2 },
    ]);
    expect(result.bars.map((b) => b.vital)).toEqual([true, true, true]);
  });

  it('adds counts of one code reported twice (scrap and inspection failures in one Pareto)', () => {
    const result = defectPareto([
      { code: 'SCR', count: 3 },
      { code: 'DNT', count: 4 },
      { code: 'SCR', count: 2 },
    ]);
    expect(result.bars.map((b) => [b.code, b.count])).toEqual([
      ['SCR', 5],
      ['DNT', 4],
    ]);
  });

  it('is empty for no defects', () => {
    expect(defectPareto([])).toEqual({ bars: [], total: 0, threshold: 80 });
  });

  it('has null shares, not NaN, when every count is zero', () => {
    const result = defectPareto([{ code: 'SCR', count: 0 }]);
    expect(result.bars[0]).toMatchObject({ vital: false, share: { value: null, exact: null } });
  });
});
