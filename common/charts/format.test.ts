// A chart's numbers read the same in its drawing, its table and every browser.
import { describe, expect, it } from 'vitest';
import { formatChartNumber, formatPercent } from './format.ts';

describe('chart numbers', () => {
  it('writes numbers with grouping and at most two decimals, percentages with one', () => {
    expect(formatChartNumber(1234.5)).toBe('1,234.5');
    expect(formatChartNumber(2 / 3)).toBe('0.67');
    expect(formatChartNumber(-7)).toBe('-7');
    expect(formatPercent(200 / 3)).toBe('66.7%');
    expect(formatPercent(80)).toBe('80%');
    expect(formatPercent(0)).toBe('0%');
  });
});
