// A Pareto chart: bars sorted by count on the left axis, the cumulative share as a line on the right axis (0–100%)
// and a reference line at the threshold (80%), so the vital few are the bars left of where the line crosses it.
// The arithmetic is common/charts/pareto.ts; the table repeats it and names the vital few in words.
import { CompositeChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatChartNumber, formatPercent } from '#common/charts/format.ts';
import { PARETO_THRESHOLD, pareto, type TParetoInput } from '#common/charts/pareto.ts';
import { ChartFigure } from './chart-figure.tsx';
import { ChartTable } from './chart-table.tsx';

export interface TParetoChartProps {
  caption: ReactNode;
  /** The table's name, e.g. "Defects by cause". */
  tableLabel: string;
  /** What a category is, for the table's first column: "Defect", "Cause". */
  categoryHeader: string;
  /** What is counted, for the legend and the table: "Defects", "Scrap cost". */
  countLabel?: string;
  /** In any order: the chart sorts them. */
  categories: readonly TParetoInput[];
  /** The share the vital few reach, in percent. */
  threshold?: number;
  /** How a count is written on the left axis and in the table; plain numbers by default. */
  valueFormatter?: (value: number) => string;
  disclosure?: string;
  height?: number;
}

const X = '__category';
const PERCENT_TICKS = [0, 20, 40, 60, 80, 100];

/** "The vital few, 80% of the total: Scratch, Dent." */
function vitalFewText(labels: string[], threshold: number): string {
  if (labels.length === 0) return 'Nothing was counted.';
  return `The vital few, ${formatPercent(threshold)} of the total: ${labels.join(', ')}.`;
}

export function ParetoChart({
  caption,
  tableLabel,
  categoryHeader,
  countLabel = 'Count',
  categories,
  threshold = PARETO_THRESHOLD,
  valueFormatter = formatChartNumber,
  disclosure,
  height = 280,
}: TParetoChartProps) {
  const result = pareto(categories, threshold);
  const data = result.bars.map((b) => ({ [X]: b.label, count: b.count, cumulative: b.cumulative }));
  const vital = result.bars.filter((b) => b.vital).map((b) => b.label);
  const table = (
    <ChartTable
      label={tableLabel}
      before={
        <Text size="sm" my="xs">
          {vitalFewText(vital, threshold)}
        </Text>
      }
      columns={[
        { header: categoryHeader },
        { header: countLabel, numeric: true },
        { header: 'Share', numeric: true },
        { header: 'Cumulative share', numeric: true },
      ]}
      rows={result.bars.map((b) => ({
        key: b.label,
        cells: [b.label, valueFormatter(b.count), formatPercent(b.share), formatPercent(b.cumulative)],
      }))}
    />
  );
  return (
    <ChartFigure caption={caption} table={table} disclosure={disclosure}>
      <CompositeChart
        h={height}
        data={data}
        dataKey={X}
        series={[
          { name: 'count', label: countLabel, type: 'bar', color: 'blue.6' },
          {
            name: 'cumulative',
            label: 'Cumulative share',
            type: 'line',
            color: 'orange.8',
            yAxisId: 'right',
          },
        ]}
        // The tooltip writes both series with this; the line's unit ("%") follows its value.
        valueFormatter={formatChartNumber}
        lineProps={{ unit: '%' }}
        curveType="linear"
        withLegend
        withRightYAxis
        yAxisProps={{ width: 48, tickFormatter: valueFormatter }}
        rightYAxisProps={{
          width: 48,
          domain: [0, 100],
          ticks: PERCENT_TICKS,
          tickFormatter: (value: number) => `${value}%`,
        }}
        referenceLines={[
          {
            y: threshold,
            yAxisId: 'right',
            color: 'red.8',
            strokeDasharray: '4 4',
            label: formatPercent(threshold),
            labelPosition: 'insideTopRight',
          },
        ]}
        xAxisProps={{ interval: 0, minTickGap: 0 }}
        gridAxis="y"
        maxBarWidth={48}
        tooltipAnimationDuration={0}
        accessibilityLayer={false}
      />
    </ChartFigure>
  );
}
