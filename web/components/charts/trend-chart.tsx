// One or more series over time as lines (hours per day, MTBF per month, defects per week), with the dates on the
// company's clock and the same numbers as a table, one row per date and one column per series.
import { LineChart } from '@mantine/charts';
import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatChartNumber } from '#common/charts/format.ts';
import { ChartFigure } from './chart-figure.tsx';
import { ChartTable } from './chart-table.tsx';
import { type TChartTime, TIME_HEADERS, useTimeLabel } from './time-labels.ts';

export interface TTrendSeries {
  /** The key of this series in each point's `values`. */
  name: string;
  /** Its name in the legend and the table's header. */
  label: string;
  color?: MantineColor;
}

export interface TTrendPoint {
  /** When: an instant, a YYYY-MM-DD day or a YYYY-MM month, as `time` says. */
  at: string;
  /** Each series' value; null where there is none (a gap in the line, "—" in the table). */
  values: Record<string, number | null>;
}

export interface TTrendChartProps {
  caption: ReactNode;
  /** The table's name, e.g. "Hours per day". */
  tableLabel: string;
  time: Exclude<TChartTime, 'label'>;
  /** In time order. */
  points: TTrendPoint[];
  series: TTrendSeries[];
  /** How a value is written on the axis, in the tooltip and in the table; plain numbers by default. */
  valueFormatter?: (value: number) => string;
  disclosure?: string;
  height?: number;
}

const COLORS: MantineColor[] = ['blue.7', 'orange.7', 'teal.7', 'grape.7', 'gray.7'];
/** The key the drawing reads a point's written date from; series are named by the caller. */
const X = '__at';

export function TrendChart({
  caption,
  tableLabel,
  time,
  points,
  series,
  valueFormatter = formatChartNumber,
  disclosure,
  height = 240,
}: TTrendChartProps) {
  const label = useTimeLabel(time);
  const data = points.map((p) => ({ [X]: label(p.at), ...p.values }));
  const write = (value: number | null | undefined) => (value == null ? '—' : valueFormatter(value));
  const table = (
    <ChartTable
      label={tableLabel}
      columns={[{ header: TIME_HEADERS[time] }, ...series.map((s) => ({ header: s.label, numeric: true }))]}
      rows={points.map((p) => ({
        key: p.at,
        cells: [label(p.at), ...series.map((s) => write(p.values[s.name]))],
      }))}
    />
  );
  return (
    <ChartFigure caption={caption} table={table} disclosure={disclosure}>
      <LineChart
        h={height}
        data={data}
        dataKey={X}
        series={series.map((s, index) => ({
          name: s.name,
          label: s.label,
          color: s.color ?? COLORS[index % COLORS.length],
        }))}
        curveType="linear"
        // A missing value is a gap, not a straight line pretending to know it.
        connectNulls={false}
        withLegend={series.length > 1}
        valueFormatter={valueFormatter}
        gridAxis="y"
        tickLine="y"
        xAxisProps={{ minTickGap: 16 }}
        yAxisProps={{ width: 48 }}
        tooltipAnimationDuration={0}
        accessibilityLayer={false}
      />
    </ChartFigure>
  );
}
