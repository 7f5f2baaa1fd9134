// The Quality dashboard's tables as text (decision 074): what the screen and the CSV both write.
import { describe, expect, it } from 'vitest';
import type { TControlChart, TQualityDashboard } from '../schemas/quality-dashboard.ts';
import {
  controlChartTable,
  dashboardTable,
  NO_DATA,
  numberText,
  percentText,
  yieldCells,
} from './dashboard-tables.ts';
import { figure } from './ratio.ts';

const yieldOf = (passed: number, units: number, defects: number, opportunities: number) => ({
  inspections: 2,
  fpy: figure(passed, units),
  dpu: figure(defects, units),
  dpmo: figure(defects, opportunities, { multiplier: 1_000_000 }),
});

describe('figures as text', () => {
  it('writes a ratio as a percentage or a number, and "No data" without a denominator', () => {
    expect(percentText(figure(3, 6))).toBe('50.0%');
    expect(percentText(figure(2, 3))).toBe('66.7%');
    expect(percentText(figure(0, 0))).toBe(NO_DATA);
    expect(numberText(figure(4, 12, { multiplier: 1_000_000 }), 0)).toBe('333,333');
    expect(numberText(figure(1, 4), 3)).toBe('0.250');
    expect(numberText(figure(1, 0), 3)).toBe(NO_DATA);
  });

  it('writes each yield with its numerator and denominator', () => {
    expect(yieldCells(yieldOf(3, 6, 4, 12))).toEqual(['2', '6', '3', '50.0%', '4', '0.667', '12', '333,333']);
    expect(yieldCells(yieldOf(0, 0, 0, 0))).toEqual(['2', '0', '0', NO_DATA, '0', NO_DATA, '0', NO_DATA]);
  });
});

describe('the tables', () => {
  const dashboard = {
    from: '2026-03-01',
    to: '2026-03-31',
    granularity: 'week',
    itemId: 'i',
    timeZone: 'UTC',
    totals: { ...yieldOf(3, 6, 4, 12), defects: 4 },
    pareto: {
      total: 3,
      threshold: 80,
      bars: [
        {
          code: 'SCR',
          name: 'Scratch',
          defectCodeId: 'c',
          count: 2,
          fromInspections: 1,
          share: figure(2, 3, { multiplier: 100 }),
          cumulative: figure(2, 3, { multiplier: 100 }),
          vital: true,
        },
      ],
    },
    periods: [],
    items: [],
    steps: [],
    machines: [],
    rty: {
      steps: [{ stepId: 's', title: 'Weld', position: 1, fpy: figure(9, 10) }],
      numerator: '9',
      denominator: '10',
      value: 0.9,
      exact: '0.9',
    },
    characteristics: [],
  } as unknown as TQualityDashboard;

  it('splits the Pareto’s defects into inspections and scrap, with the shares as percentages', () => {
    expect(dashboardTable(dashboard, 'pareto').rows).toEqual([
      ['SCR', 'Scratch', '2', '1', '1', '66.7%', '66.7%', 'Yes'],
    ]);
  });

  it('ends the RTY table with the product of the steps', () => {
    expect(dashboardTable(dashboard, 'rty').rows).toEqual([
      ['1. Weld', '9', '10', '90.0%'],
      ['RTY (product of the steps)', '9', '10', '90.0%'],
    ]);
  });

  it('writes a control chart’s points on the company’s day, with the rules they break', () => {
    const chart = {
      timeZone: 'America/New_York',
      kind: 'i-mr',
      check: { id: 'k', name: 'Length', unit: 'mm', nominal: null, lowerLimit: '49', upperLimit: '51' },
      points: [
        {
          inspectionId: 'a',
          inspectionNumber: 'QI-000001',
          at: '2026-03-10T03:30:00.000Z',
          value: 50.125,
          range: null,
          rules: [],
        },
        {
          inspectionId: 'b',
          inspectionNumber: 'QI-000002',
          at: '2026-03-10T12:00:00.000Z',
          value: 52,
          range: 1.875,
          rules: ['Rule 1'],
        },
      ],
    } as unknown as TControlChart;
    const text = controlChartTable(chart);
    expect(text.header).toEqual([
      'Inspection',
      'Date',
      'Reading (mm)',
      'Moving range',
      'Western Electric rules broken',
    ]);
    expect(text.rows).toEqual([
      ['QI-000001', '2026-03-09', '50.125', '', ''],
      ['QI-000002', '2026-03-10', '52', '1.875', 'Rule 1'],
    ]);
  });
});
