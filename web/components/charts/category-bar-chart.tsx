// Bars per category (a count line, an hour of the day): as columns or as rows, one series or several stacked, with
// the same numbers as a table, or as the caller's own list where words read better than a grid.
import { BarChart } from '@mantine/charts';
import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatChartNumber } from '#common/charts/format.ts';
import { ChartFigure } from './chart-figure.tsx';
import { ChartTable } from './chart-table.tsx';

export interface TBarSeries {
  /** The key of this series in each bar's `values`. */
  name: string;
  /** Its name in the legend. */
  label: string;
  /** Its column's header in the table; the label by default. */
  header?: string;
  color?: MantineColor;
}

export interface TBar {
  key: string;
  /** The category as the axis writes it. */
  label: string;
  /** The category as the table writes it, when it needs more words than the axis has room for. */
  longLabel?: string;
  values: Record<string, number>;
}

export interface TCategoryBarChartProps {
  caption: ReactNode;
  bars: TBar[];
  series: TBarSeries[];
  /** Columns stand on the categories along the bottom; rows run from the categories down the left. */
  layout?: 'columns' | 'rows';
  /** Several series stacked into one bar per category. */
  stacked?: boolean;
  /** Whole numbers only on the value axis, e.g. for counts. */
  integers?: boolean;
  /** A bar's colour by its value (e.g. red below zero); the series' colour otherwise. */
  barColor?: (value: number) => MantineColor;
  valueFormatter?: (value: number) => string;
  /** The generated table's name and its first column's header. */
  tableLabel?: string;
  categoryHeader?: string;
  /** The caller's own rendering of the same numbers, instead of the generated table. */
  table?: ReactNode;
  disclosure?: string;
  height?: number;
  /** Room for the category names of a rows layout. */
  labelWidth?: number;
}

const X = '__category';
/** Bars start at zero, so a small value and a large one look their size, and negative ones hang below. */
const FROM_ZERO = [(min: number) => Math.min(0, min), (max: number) => Math.max(0, max)] as [
  (min: number) => number,
  (max: number) => number,
];

/** The height of one category's row in a rows layout: room for its name, and for each bar of a grouped series. */
const ROW_HEIGHT = 34;
const GROUPED_BAR_HEIGHT = 22;
/** The legend above the bars and the value axis below them, which a rows layout's height must leave room for. */
const LEGEND_HEIGHT = 40;
const VALUE_AXIS_HEIGHT = 30;
/**
 * Room on the right for the value axis' last number: Mantine hands recharts a margin without a right side, and the
 * last tick of a rows layout was cut in half at the edge.
 */
const MARGIN = { top: 5, right: 20, bottom: 5, left: 5 };

/** A rows layout's height: every category gets its row, a grouped one a bar per series. */
export function rowsHeight(categories: number, series: number, stacked: boolean, withLegend: boolean) {
  const perRow = stacked || series < 2 ? ROW_HEIGHT : Math.max(ROW_HEIGHT, series * GROUPED_BAR_HEIGHT);
  return categories * perRow + VALUE_AXIS_HEIGHT + (withLegend ? LEGEND_HEIGHT : 0);
}

export function CategoryBarChart({
  caption,
  bars,
  series,
  layout = 'columns',
  stacked = false,
  integers = false,
  barColor,
  valueFormatter = formatChartNumber,
  tableLabel = 'The numbers of the chart',
  categoryHeader = 'Category',
  table,
  disclosure,
  height,
  labelWidth = 130,
}: TCategoryBarChartProps) {
  const data = bars.map((b) => ({ [X]: b.label, ...b.values }));
  const rows = layout === 'rows';
  const withLegend = series.length > 1;
  const valueAxis = { domain: FROM_ZERO, allowDecimals: !integers };
  const generated = (
    <ChartTable
      label={tableLabel}
      columns={[
        { header: categoryHeader },
        ...series.map((s) => ({ header: s.header ?? s.label, numeric: true })),
      ]}
      rows={bars.map((b) => ({
        key: b.key,
        cells: [b.longLabel ?? b.label, ...series.map((s) => valueFormatter(b.values[s.name] ?? 0))],
      }))}
    />
  );
  return (
    <ChartFigure caption={caption} table={table ?? generated} disclosure={disclosure}>
      <BarChart
        h={
          height ?? (rows ? Math.max(120, rowsHeight(bars.length, series.length, stacked, withLegend)) : 240)
        }
        data={data}
        dataKey={X}
        // Mantine names the layout by its category axis: "vertical" puts the categories down the left.
        orientation={rows ? 'vertical' : 'horizontal'}
        type={stacked ? 'stacked' : 'default'}
        series={series.map(({ name, label, color }) => ({ name, label, color: color ?? 'blue.6' }))}
        getBarColor={barColor}
        valueFormatter={valueFormatter}
        withLegend={withLegend}
        tickLine="y"
        gridAxis={rows ? 'x' : 'y'}
        xAxisProps={rows ? valueAxis : { minTickGap: 16 }}
        // Every category named: recharts otherwise skips the names it thinks would crowd (one of two assemblies
        // went unnamed on the production report). A rows layout gives each its row, so none crowd.
        yAxisProps={rows ? { width: labelWidth, interval: 0 } : { width: 36, ...valueAxis }}
        barChartProps={{ margin: MARGIN }}
        tooltipAnimationDuration={0}
        accessibilityLayer={false}
      />
    </ChartFigure>
  );
}
