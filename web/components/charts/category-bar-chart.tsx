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
        h={height ?? (rows ? Math.max(120, bars.length * 34) : 240)}
        data={data}
        dataKey={X}
        // Mantine names the layout by its category axis: "vertical" puts the categories down the left.
        orientation={rows ? 'vertical' : 'horizontal'}
        type={stacked ? 'stacked' : 'default'}
        series={series.map(({ name, label, color }) => ({ name, label, color: color ?? 'blue.6' }))}
        getBarColor={barColor}
        valueFormatter={valueFormatter}
        withLegend={series.length > 1}
        tickLine="y"
        gridAxis={rows ? 'x' : 'y'}
        xAxisProps={rows ? valueAxis : { minTickGap: 16 }}
        yAxisProps={rows ? { width: labelWidth } : { width: 36, ...valueAxis }}
        tooltipAnimationDuration={0}
        accessibilityLayer={false}
      />
    </ChartFigure>
  );
}
