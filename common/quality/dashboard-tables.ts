// The Quality dashboard's tables as text (decision 074): one function gives each table's header and cells, and both
// the screen's tables and the server's CSV write them, so a CSV says exactly what the screen says ("No data" where a
// figure has nothing to divide by, numerator and denominator beside every ratio).
import type {
  TControlChart,
  TFigureOut,
  TQualityDashboard,
  TQualityTable,
  TYield,
} from '../schemas/quality-dashboard.ts';
import { dateIn } from '../time/calendar.ts';

/** What a figure with nothing to divide by reads. */
export const NO_DATA = 'No data';

/** A ratio as a percentage to one decimal ("93.3%"), from its exact decimal; "No data" without a denominator. */
export function percentText(figure: TFigureOut, multiplier = 100): string {
  if (figure.value === null) return NO_DATA;
  return `${(figure.value * multiplier).toFixed(1)}%`;
}

/** A ratio as a plain number to `places` decimals ("0.25", "41,667"). */
export function numberText(figure: TFigureOut, places: number): string {
  if (figure.value === null) return NO_DATA;
  return figure.value.toLocaleString('en-US', {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  });
}

/** The columns of yield figures every table ends with. */
export const YIELD_HEADER = [
  'Inspections',
  'Units inspected',
  'Passed first time',
  'FPY',
  'Defects found',
  'DPU',
  'Opportunities',
  'DPMO',
] as const;

export function yieldCells(y: TYield): string[] {
  return [
    String(y.inspections),
    String(y.fpy.denominator),
    String(y.fpy.numerator),
    percentText(y.fpy),
    String(y.dpu.numerator),
    numberText(y.dpu, 3),
    String(y.dpmo.denominator),
    numberText(y.dpmo, 0),
  ];
}

export interface TTableText {
  title: string;
  header: string[];
  rows: string[][];
}

/** One table of the dashboard as its header and rows of text. */
export function dashboardTable(d: TQualityDashboard, table: TQualityTable): TTableText {
  switch (table) {
    case 'pareto':
      return {
        title: 'Defects by code',
        header: [
          'Code',
          'Name',
          'Defects',
          'From inspections',
          'From scrap',
          'Share',
          'Cumulative share',
          'Vital few',
        ],
        rows: d.pareto.bars.map((b) => [
          b.code,
          b.name,
          String(b.count),
          String(b.fromInspections),
          String(b.count - b.fromInspections),
          percentText(b.share, 1),
          percentText(b.cumulative, 1),
          b.vital ? 'Yes' : 'No',
        ]),
      };
    case 'trend':
      return {
        title: 'First pass yield and defects over time',
        header: ['From', 'To', ...YIELD_HEADER, 'All defects (with scrap)'],
        rows: d.periods.map((p) => [p.start, p.end, ...yieldCells(p), String(p.defects)]),
      };
    case 'items':
      return {
        title: 'By item',
        header: ['Part number', 'Name', ...YIELD_HEADER],
        rows: d.items.map((r) => [r.partNumber, r.name, ...yieldCells(r)]),
      };
    case 'steps':
      return {
        title: 'By step',
        header: ['Part number', 'Step', ...YIELD_HEADER],
        rows: d.steps.map((r) => [r.partNumber, `${r.position}. ${r.title}`, ...yieldCells(r)]),
      };
    case 'machines':
      return {
        title: 'By machine',
        header: ['Machine', 'Asset tag', ...YIELD_HEADER, 'All defects (with scrap)'],
        rows: d.machines.map((r) => [r.name, r.assetTag, ...yieldCells(r), String(r.defects)]),
      };
    case 'rty':
      return {
        title: 'Rolled throughput yield',
        header: ['Step', 'Passed first time', 'Units inspected', 'FPY'],
        rows: [
          ...(d.rty?.steps ?? []).map((s) => [
            `${s.position}. ${s.title}`,
            String(s.fpy.numerator),
            String(s.fpy.denominator),
            percentText(s.fpy),
          ]),
          [
            'RTY (product of the steps)',
            d.rty?.numerator ?? '0',
            d.rty?.denominator ?? '0',
            d.rty && d.rty.value !== null ? `${(d.rty.value * 100).toFixed(1)}%` : NO_DATA,
          ],
        ],
      };
  }
}

/** A control chart's points as the screen's table and the CSV write them: the day is the company's. */
export function controlChartTable(chart: TControlChart): TTableText {
  const rangeHeader = chart.kind === 'xbar-r' ? 'Range' : 'Moving range';
  const valueHeader = chart.kind === 'xbar-r' ? 'Subgroup mean' : 'Reading';
  const unit = chart.check.unit ? ` (${chart.check.unit})` : '';
  return {
    title: `${chart.check.name} by inspection`,
    header: ['Inspection', 'Date', `${valueHeader}${unit}`, rangeHeader, 'Western Electric rules broken'],
    rows: chart.points.map((p) => [
      p.inspectionNumber,
      dateIn(p.at, chart.timeZone),
      chartNumber(p.value),
      p.range === null ? '' : chartNumber(p.range),
      p.rules.join('; '),
    ]),
  };
}

/** A chart's number to at most 4 decimals, as the control chart's table writes it. */
export function chartNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 4, useGrouping: false });
}
