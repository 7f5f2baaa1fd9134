// X̄–R and individuals–moving range limits from the standard constants, against a textbook example and hand-worked
// ones, with the empty and single-point periods a dashboard meets.
import { describe, expect, it } from 'vitest';
import { individualsChart, individualsLimits, xbarRChart, xbarRLimits } from './control-charts.ts';

describe('X̄–R limits', () => {
  it('matches Montgomery’s Example 6.1 (hard-bake flow width, n = 5, x̄̄ = 1.5056, R̄ = 0.32521)', () => {
    const { xbar, range } = xbarRLimits(1.5056, 0.32521, 5);
    expect(xbar.upper).toBeCloseTo(1.6932, 4);
    expect(xbar.centre).toBe(1.5056);
    expect(xbar.lower).toBeCloseTo(1.318, 4);
    expect(range.upper).toBeCloseTo(0.68749, 5);
    expect(range.lower).toBe(0);
  });

  it('works subgroups of 3 readings out by hand: means 11, 12, 10, ranges 2 → 11 ± 1.023 × 2, R up to 2.574 × 2', () => {
    const chart = xbarRChart([
      ['10', '12', '11'],
      ['11', '13', '12'],
      ['9', '11', '10'],
    ]);
    expect(chart.subgroupSize).toBe(3);
    expect(chart.points).toEqual([
      { mean: 11, range: 2 },
      { mean: 12, range: 2 },
      { mean: 10, range: 2 },
    ]);
    expect(chart.xbar?.centre).toBeCloseTo(11, 10);
    expect(chart.xbar?.upper).toBeCloseTo(13.046, 10);
    expect(chart.xbar?.lower).toBeCloseTo(8.954, 10);
    expect(chart.range).toEqual({ centre: 2, upper: 5.148, lower: 0 });
    expect(chart.sigmaWithin).toBeCloseTo(2 / 1.693, 10);
    expect(chart.noLimits).toBeNull();
  });

  it('gives the R chart a lower limit from 7 readings a subgroup (D3 = 0.076)', () => {
    const group = ['1', '2', '3', '4', '5', '6', '7'];
    const chart = xbarRChart([group, group]);
    expect(chart.range?.lower).toBeCloseTo(0.076 * 6, 10);
    expect(chart.range?.upper).toBeCloseTo(1.924 * 6, 10);
  });

  it('leaves out subgroups of another size than the chart’s, and counts them', () => {
    const chart = xbarRChart([
      ['10', '12'],
      ['11', '13', '12'],
      ['9', '11'],
      ['10', '10'],
    ]);
    expect(chart).toMatchObject({ subgroupSize: 2, leftOut: 1 });
    expect(chart.points.map((p) => p.mean)).toEqual([11, 10, 10]);
    const bySize = xbarRChart(
      [
        ['10', '12'],
        ['11', '13', '12'],
        ['9', '11', '10'],
      ],
      3,
    );
    expect(bySize).toMatchObject({ subgroupSize: 3, leftOut: 1, noLimits: null });
  });

  it('has no limits, and says so, for no subgroups or a single one', () => {
    expect(xbarRChart([])).toMatchObject({
      points: [],
      xbar: null,
      range: null,
      leftOut: 0,
      noLimits: 'no-data',
    });
    const one = xbarRChart([['1.5', '1.7']]);
    expect(one).toMatchObject({ xbar: null, range: null, sigmaWithin: null, noLimits: 'too-few-points' });
    expect(one.points[0]?.mean).toBeCloseTo(1.6, 12);
  });

  it('refuses readings that are not decimals and subgroups of one reading (I-MR’s field)', () => {
    expect(() => xbarRChart([['1', 'abc']])).toThrow(RangeError);
    expect(() => xbarRChart([['1'], ['2']])).toThrow(RangeError);
  });
});

describe('individuals–moving range', () => {
  it('works 10, 12, 11, 15, 13 out by hand: x̄ 12.2, MR̄ 2.25 → 12.2 ± 2.66 × 2.25, MR up to 3.267 × 2.25', () => {
    const chart = individualsChart(['10', '12', '11', '15', '13']);
    expect(chart.points.map((p) => p.movingRange)).toEqual([null, 2, 1, 4, 2]);
    expect(chart.individuals?.centre).toBeCloseTo(12.2, 12);
    expect(chart.individuals?.upper).toBeCloseTo(18.185, 10);
    expect(chart.individuals?.lower).toBeCloseTo(6.215, 10);
    expect(chart.movingRange).toEqual({ centre: 2.25, upper: 7.35075, lower: 0 });
    expect(chart.sigmaWithin).toBeCloseTo(1.99468, 5);
  });

  it('takes the same limits from the worked form', () => {
    const { individuals, movingRange } = individualsLimits(12.2, 2.25);
    expect(individuals.upper).toBeCloseTo(18.185, 10);
    expect(movingRange.upper).toBeCloseTo(7.35075, 10);
  });

  it('has no limits for no reading or one reading, and shows the one point', () => {
    expect(individualsChart([])).toMatchObject({ points: [], individuals: null, noLimits: 'no-data' });
    expect(individualsChart(['4.2'])).toMatchObject({
      points: [{ value: 4.2, movingRange: null }],
      individuals: null,
      movingRange: null,
      sigmaWithin: null,
      noLimits: 'too-few-points',
    });
  });

  it('collapses the limits onto the centre, not NaN, when every reading is the same', () => {
    const chart = individualsChart(['5', '5', '5']);
    expect(chart.individuals).toEqual({ centre: 5, upper: 5, lower: 5 });
    expect(chart.sigmaWithin).toBe(0);
  });
});
