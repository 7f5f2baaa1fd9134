// The largest differences of a count by value at cost, as horizontal bars (@mantine/charts, like the security
// dashboard's chart), with the same numbers as a list for screen readers and keyboard users.
import { BarChart } from '@mantine/charts';
import { Box, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TCountLinesQuery, TCountSession } from '#common/schemas/stock-check.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { listCountLines } from './api.ts';
import { lineName } from './count-entry.tsx';
import { signed, signedMoney } from './format.ts';

const TOP = 10;

export function VarianceChart({ session }: { session: TCountSession }) {
  const query: TCountLinesQuery = { filter: 'variance', q: '', sort: 'value', page: 1, pageSize: TOP };
  const top = useQuery({
    queryKey: queryKeys.stockCheckLines(session.id, query),
    queryFn: ({ signal }) => listCountLines(session.id, query, signal),
  });
  const lines = top.data?.items ?? [];
  if (lines.length === 0) return null;
  // Numbers for drawing only: the exact values are the text beside the chart.
  const data = lines.map((l) => ({
    label: `${l.partNumber} @ ${l.locationCode}`,
    value: Number(l.varianceValue ?? '0'),
  }));
  return (
    <Box component="figure" m={0}>
      <Text component="figcaption" size="sm" c="dimmed" mb="xs">
        The {lines.length === 1 ? 'difference' : `${lines.length} largest differences`} by value at unit cost
      </Text>
      <Box aria-hidden>
        <BarChart
          h={Math.max(120, lines.length * 34)}
          data={data}
          dataKey="label"
          orientation="vertical"
          series={[{ name: 'value', label: 'Value', color: 'blue.6' }]}
          getBarColor={(value) => (value < 0 ? 'red.7' : 'teal.7')}
          valueFormatter={(value) => signedMoney(value.toFixed(2))}
          yAxisProps={{ width: 130 }}
          // Bars start at zero, so a small shortage and a large one look their size.
          xAxisProps={{
            domain: [(min: number) => Math.min(0, min), (max: number) => Math.max(0, max)],
          }}
          gridAxis="x"
          tooltipAnimationDuration={0}
          accessibilityLayer={false}
        />
      </Box>
      <details>
        <summary>
          <Text component="span" size="sm">
            Show these differences as a list
          </Text>
        </summary>
        <List size="sm">
          {lines.map((l) => (
            <List.Item key={l.id}>
              {lineName(l)}: {signed(l.variance ?? '0')} {l.unitOfMeasure},{' '}
              {signedMoney(l.varianceValue ?? '0')}
            </List.Item>
          ))}
        </List>
      </details>
    </Box>
  );
}
