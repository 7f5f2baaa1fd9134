// The largest differences of a count by value at cost, as horizontal bars (the chart kit's bar chart), with the
// same numbers as a list for screen readers and keyboard users.
import { List } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TCountLinesQuery, TCountSession } from '#common/schemas/stock-check.ts';
import { CategoryBarChart } from '../../components/charts/category-bar-chart.tsx';
import { formatSignedMoney } from '../../lib/format-money.ts';
import { formatSignedQuantity } from '../../lib/format-quantity.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { listCountLines } from './api.ts';
import { lineName } from './count-entry.tsx';

const TOP = 10;

export function VarianceChart({ session }: { session: TCountSession }) {
  const query: TCountLinesQuery = { filter: 'variance', q: '', sort: 'value', page: 1, pageSize: TOP };
  const top = useQuery({
    queryKey: queryKeys.stockCheckLines(session.id, query),
    queryFn: ({ signal }) => listCountLines(session.id, query, signal),
  });
  const lines = top.data?.items ?? [];
  if (lines.length === 0) return null;
  return (
    <CategoryBarChart
      caption={`The ${lines.length === 1 ? 'difference' : `${lines.length} largest differences`} by value at unit cost`}
      layout="rows"
      // Numbers for drawing only: the exact values are the list's text.
      bars={lines.map((l) => ({
        key: l.id,
        label: `${l.partNumber} @ ${l.locationCode}`,
        values: { value: Number(l.varianceValue ?? '0') },
      }))}
      series={[{ name: 'value', label: 'Value', color: 'blue.6' }]}
      barColor={(value) => (value < 0 ? 'red.7' : 'teal.7')}
      valueFormatter={(value) => formatSignedMoney(value.toFixed(2))}
      disclosure="Show these differences as a list"
      table={
        <List size="sm">
          {lines.map((l) => (
            <List.Item key={l.id}>
              {lineName(l)}: {formatSignedQuantity(l.variance ?? '0')} {l.unitOfMeasure},{' '}
              {formatSignedMoney(l.varianceValue ?? '0')}
            </List.Item>
          ))}
        </List>
      }
    />
  );
}
