// A control chart: the measurements as a line, the centre line and the control limits as reference lines, and each
// point beyond a limit drawn as a larger red diamond (a shape, not only a colour). The limits are given: their
// formulas belong to the quality area. Which points are beyond is common/charts/control.ts, shared with reports.
import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { controlPoints, type TControlLimits, type TControlSide } from '#common/charts/control.ts';
import { formatChartNumber } from '#common/charts/format.ts';
import { ChartFigure } from './chart-figure.tsx';
import { ChartTable } from './chart-table.tsx';
import { ControlDot } from './control-dot.tsx';
import { type TChartTime, TIME_HEADERS, useTimeLabel } from './time-labels.ts';

export interface TControlChartPoint {
  /** A sample's time (`time` says which kind) or its number or name. */
  at: string;
  /** null for a missing measurement. */
  value: number | null;
}

export interface TControlChartProps {
  caption: ReactNode;
  /** The table's name, e.g. "Bore diameter by sample". */
  tableLabel: string;
  /** What `at` is; a sample number or name ('label') by default. */
  time?: TChartTime;
  /** In order. */
  points: TControlChartPoint[];
  limits: TControlLimits;
  /** What is measured, for the table's header: "Diameter (mm)". */
  valueLabel?: string;
  valueFormatter?: (value: number) => string;
  disclosure?: string;
  height?: number;
}

const X = '__at';

export const BEYOND_WORDS: Record<Exclude<TControlSide, null>, string> = {
  above: 'Above the upper control limit',
  below: 'Below the lower control limit',
};

/** "Centre line 10, upper control limit 13, lower control limit 7. 2 points are beyond the limits." */
function limitsText(limits: TControlLimits, beyond: number, write: (value: number) => string): string {
  const parts = [`Centre line ${write(limits.centre)}`];
  if (limits.upper !== null) parts.push(`upper control limit ${write(limits.upper)}`);
  if (limits.lower !== null) parts.push(`lower control limit ${write(limits.lower)}`);
  const count =
    beyond === 0
      ? 'No point is beyond the limits.'
      : beyond === 1
        ? '1 point is beyond the limits.'
        : `${beyond} points are beyond the limits.`;
  return `${parts.join(', ')}. ${count}`;
}

export function ControlChart({
  caption,
  tableLabel,
  time = 'label',
  points,
  limits,
  valueLabel = 'Value',
  valueFormatter = formatChartNumber,
  disclosure,
  height = 260,
}: TControlChartProps) {
  const label = useTimeLabel(time);
  const result = controlPoints(
    points.map((p) => p.value),
    limits,
  );
  const data = points.map((p, index) => ({
    [X]: label(p.at),
    value: p.value,
    beyond: result.points[index]?.beyond ?? null,
  }));
  const reference = (y: number, name: string, color: string, dashed: boolean) => ({
    y,
    color,
    label: `${name} ${valueFormatter(y)}`,
    labelPosition: 'insideTopRight' as const,
    // The limits are part of the picture even when every point lies well inside them.
    ifOverflow: 'extendDomain' as const,
    ...(dashed ? { strokeDasharray: '6 4' } : {}),
  });
  const table = (
    <ChartTable
      label={tableLabel}
      before={
        <Text size="sm" my="xs">
          {limitsText(limits, result.above + result.below, valueFormatter)}
        </Text>
      }
      columns={[
        { header: TIME_HEADERS[time] },
        { header: valueLabel, numeric: true },
        { header: 'Beyond the limits' },
      ]}
      rows={points.map((p, index) => {
        const beyond = result.points[index]?.beyond ?? null;
        return {
          key: `${index}-${p.at}`,
          cells: [
            label(p.at),
            p.value === null ? '—' : valueFormatter(p.value),
            beyond ? BEYOND_WORDS[beyond] : '',
          ],
        };
      })}
    />
  );
  return (
    <ChartFigure caption={caption} table={table} disclosure={disclosure}>
      <LineChart
        h={height}
        data={data}
        dataKey={X}
        series={[{ name: 'value', label: valueLabel, color: 'blue.7' }]}
        curveType="linear"
        connectNulls={false}
        lineProps={{ dot: ControlDot }}
        referenceLines={[
          ...(limits.upper === null ? [] : [reference(limits.upper, 'UCL', 'red.8', true)]),
          reference(limits.centre, 'CL', 'gray.7', false),
          ...(limits.lower === null ? [] : [reference(limits.lower, 'LCL', 'red.8', true)]),
        ]}
        valueFormatter={valueFormatter}
        yAxisProps={{ width: 56, domain: ['auto', 'auto'] }}
        xAxisProps={{ minTickGap: 16 }}
        gridAxis="y"
        tooltipAnimationDuration={0}
        accessibilityLayer={false}
      />
    </ChartFigure>
  );
}
