// The admins' Review of a count: for each line the quantity on the books at the start, the book when it was
// counted, what was counted, the difference that posting will apply and its value at unit cost; lines that differ
// are highlighted, and the largest differences are charted. A table on wide screens, cards on phones.
import { Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCountLine, TCountLinesQuery, TCountSession } from '#common/schemas/stock-check.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { formatSignedMoney } from '../../lib/format-money.ts';
import { formatSignedQuantity } from '../../lib/format-quantity.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { listCountLines } from './api.ts';
import { LineItemCell } from './line-item-cell.tsx';
import { VarianceChart } from './variance-chart.tsx';

const PAGE_SIZE = 50;
type TFilter = 'variance' | 'all' | 'uncounted' | 'counted';

const EMPTY: Record<TFilter, string> = {
  variance: 'No differences: every counted line matches the books.',
  all: 'This count has no lines.',
  uncounted: 'Every line is counted.',
  counted: 'Nothing counted yet.',
};

const differs = (line: TCountLine) =>
  line.variance !== null && line.variance !== undefined && line.variance !== '0';
const tone = (line: TCountLine) =>
  differs(line)
    ? line.variance!.startsWith('-')
      ? 'var(--mantine-color-red-light)'
      : 'var(--mantine-color-teal-light)'
    : undefined;
const quantity = (text: string | null | undefined, unit: string) => (text == null ? '—' : `${text} ${unit}`);

function VarianceText({ line }: { line: TCountLine }) {
  if (line.variance == null)
    return (
      <Text size="sm" c="dimmed">
        Not counted
      </Text>
    );
  return (
    <Text
      size="sm"
      fw={differs(line) ? 700 : 400}
      c={differs(line) ? (line.variance.startsWith('-') ? 'red.8' : 'teal.8') : undefined}
    >
      {formatSignedQuantity(line.variance)} {line.unitOfMeasure}
    </Text>
  );
}

const COLUMNS: TListColumn<TCountLine>[] = [
  { id: 'location', header: 'Location', cell: (line) => line.locationCode },
  {
    id: 'item',
    header: 'Item',
    cell: (line) => <LineItemCell line={line} />,
  },
  { id: 'lot', header: 'Lot', cell: (line) => line.lotNumber ?? '—' },
  {
    id: 'expected',
    header: 'Expected at start',
    numeric: true,
    cell: (line) => quantity(line.expectedQuantity, line.unitOfMeasure),
  },
  {
    id: 'bookAtCount',
    header: 'Book at count',
    numeric: true,
    cell: (line) => quantity(line.bookAtCount, line.unitOfMeasure),
  },
  {
    id: 'counted',
    header: 'Counted',
    numeric: true,
    cell: (line) => quantity(line.countedQuantity, line.unitOfMeasure),
  },
  { id: 'difference', header: 'Difference', numeric: true, cell: (line) => <VarianceText line={line} /> },
  {
    id: 'value',
    header: 'Value',
    numeric: true,
    cell: (line) => (line.varianceValue == null ? '—' : formatSignedMoney(line.varianceValue)),
  },
];

function ReviewCard({ line }: { line: TCountLine }) {
  return (
    <Card
      component="article"
      withBorder
      padding="sm"
      aria-label={`Review of ${line.partNumber} at ${line.locationCode}`}
      style={{ background: tone(line) }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {line.partNumber}
        </Text>
        <VarianceText line={line} />
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {line.locationCode}
        {line.lotNumber ? ` · lot ${line.lotNumber}` : ''}
        {line.added ? ' · found' : ''}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Expected {quantity(line.expectedQuantity, line.unitOfMeasure)} · book at count{' '}
        {quantity(line.bookAtCount, line.unitOfMeasure)} · counted{' '}
        {quantity(line.countedQuantity, line.unitOfMeasure)}
        {line.varianceValue == null ? '' : ` · ${formatSignedMoney(line.varianceValue)}`}
      </Text>
    </Card>
  );
}

export function ReviewPanel({ session }: { session: TCountSession }) {
  const list = useListState<{ filter: TFilter }>({ pageSize: PAGE_SIZE, filters: { filter: 'variance' } });
  const { filter } = list.filters;
  const query: TCountLinesQuery = { filter, q: '', sort: 'location', page: list.page, pageSize: PAGE_SIZE };
  const lines = useQuery({
    queryKey: queryKeys.stockCheckLines(session.id, query),
    queryFn: ({ signal }) => listCountLines(session.id, query, signal),
    placeholderData: keepPreviousData,
  });
  const uncounted = session.lines - session.counted;

  return (
    <Stack>
      <Text size="sm">
        {session.variances === 1 ? '1 line differs' : `${session.variances ?? 0} lines differ`}
        {session.varianceValue !== null
          ? ` (net ${formatSignedMoney(session.varianceValue)} at unit cost)`
          : ''}
        ; {uncounted} uncounted line{uncounted === 1 ? '' : 's'}
        {uncounted > 0 ? ' will be left as they are when the count is posted' : ''}. A difference is the count
        minus the books at the moment it was counted, so stock that moved during the count is not one.
      </Text>
      <VarianceChart session={session} />
      <DataList
        query={lines}
        columns={COLUMNS}
        rowKey={(line) => line.id}
        label="Review of the count"
        paging={list}
        pagesLabel="Pages of the review"
        errorTitle="Lines could not be loaded"
        loadingLabel="Loading lines"
        summary={{ noun: 'line', empty: EMPTY[filter], updating: false }}
        card={(line) => <ReviewCard line={line} />}
        rowStyle={(line) => ({ background: tone(line) })}
        minWidth={900}
        tableProps={{ striped: false, highlightOnHover: false, verticalSpacing: 'xs' }}
        toolbar={
          <SegmentedControl
            aria-label="Review lines"
            value={filter}
            onChange={(value) => list.setFilter('filter', value as TFilter)}
            data={[
              { value: 'variance', label: 'Differences' },
              { value: 'uncounted', label: 'Uncounted' },
              { value: 'counted', label: 'Counted' },
              { value: 'all', label: 'All' },
            ]}
            style={{ maxWidth: '100%' }}
          />
        }
      />
    </Stack>
  );
}
