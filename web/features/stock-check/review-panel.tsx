// The admins' Review of a count: for each line the quantity on the books at the start, the book when it was
// counted, what was counted, the difference that posting will apply and its value at unit cost; lines that differ
// are highlighted, and the largest differences are charted. A table on wide screens, cards on phones.
import { Badge, Card, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TCountLine, TCountLinesQuery, TCountSession } from '#common/schemas/stock-check.ts';
import { ListPagination } from '../../components/list-pagination.tsx';
import { ListSummary } from '../../components/list-summary.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { listCountLines } from './api.ts';
import { signed, signedMoney } from './format.ts';
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
      {signed(line.variance)} {line.unitOfMeasure}
    </Text>
  );
}

export function ReviewPanel({ session }: { session: TCountSession }) {
  const [filter, setFilter] = useState<TFilter>('variance');
  const [page, setPage] = useState(1);
  const query: TCountLinesQuery = { filter, q: '', sort: 'location', page, pageSize: PAGE_SIZE };
  const lines = useQuery({
    queryKey: queryKeys.stockCheckLines(session.id, query),
    queryFn: ({ signal }) => listCountLines(session.id, query, signal),
    placeholderData: keepPreviousData,
  });
  const data = lines.data;
  const uncounted = session.lines - session.counted;

  return (
    <Stack>
      <Text size="sm">
        {session.variances === 1 ? '1 line differs' : `${session.variances ?? 0} lines differ`}
        {session.varianceValue !== null ? ` (net ${signedMoney(session.varianceValue)} at unit cost)` : ''};{' '}
        {uncounted} uncounted line{uncounted === 1 ? '' : 's'}
        {uncounted > 0 ? ' will be left as they are when the count is posted' : ''}. A difference is the count
        minus the books at the moment it was counted, so stock that moved during the count is not one.
      </Text>
      <VarianceChart session={session} />
      <SegmentedControl
        aria-label="Review lines"
        value={filter}
        onChange={(value) => {
          setFilter(value as TFilter);
          setPage(1);
        }}
        data={[
          { value: 'variance', label: 'Differences' },
          { value: 'uncounted', label: 'Uncounted' },
          { value: 'counted', label: 'Counted' },
          { value: 'all', label: 'All' },
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      <QueryStatus query={lines} errorTitle="Lines could not be loaded" loadingLabel="Loading lines" />
      {data ? (
        <>
          <ListSummary total={data.total} noun="line" empty={EMPTY[filter]} />
          {data.items.length > 0 ? (
            <>
              <Table.ScrollContainer minWidth={900} visibleFrom="sm">
                <Table aria-label="Review of the count" verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Location</Table.Th>
                      <Table.Th>Item</Table.Th>
                      <Table.Th>Lot</Table.Th>
                      <Table.Th ta="right">Expected at start</Table.Th>
                      <Table.Th ta="right">Book at count</Table.Th>
                      <Table.Th ta="right">Counted</Table.Th>
                      <Table.Th ta="right">Difference</Table.Th>
                      <Table.Th ta="right">Value</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((line) => (
                      <Table.Tr key={line.id} style={{ background: tone(line) }}>
                        <Table.Td>{line.locationCode}</Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {line.partNumber}
                            {line.added ? (
                              <Badge ml={6} size="xs" variant="light" color="grape">
                                Found
                              </Badge>
                            ) : null}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {line.itemName}
                          </Text>
                        </Table.Td>
                        <Table.Td>{line.lotNumber ?? '—'}</Table.Td>
                        <Table.Td ta="right">{quantity(line.expectedQuantity, line.unitOfMeasure)}</Table.Td>
                        <Table.Td ta="right">{quantity(line.bookAtCount, line.unitOfMeasure)}</Table.Td>
                        <Table.Td ta="right">{quantity(line.countedQuantity, line.unitOfMeasure)}</Table.Td>
                        <Table.Td ta="right">
                          <VarianceText line={line} />
                        </Table.Td>
                        <Table.Td ta="right">
                          {line.varianceValue == null ? '—' : signedMoney(line.varianceValue)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Stack hiddenFrom="sm" gap="sm">
                {data.items.map((line) => (
                  <Card
                    key={line.id}
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
                      {line.varianceValue == null ? '' : ` · ${signedMoney(line.varianceValue)}`}
                    </Text>
                  </Card>
                ))}
              </Stack>
            </>
          ) : null}
          <ListPagination
            page={page}
            total={data.total}
            pageSize={PAGE_SIZE}
            onChange={setPage}
            label="Pages of the review"
          />
        </>
      ) : null}
    </Stack>
  );
}
