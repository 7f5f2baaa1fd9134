// The lines to count: filtered (all, uncounted, counted) and searched on the server, paged, one quantity input per
// line. Enter saves and moves to the next line, then to the next page. Expected quantities show only where the
// server sends them (never to counters of a blind count). A table on wide screens, cards on phones.
import { Badge, Button, Card, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TCountLine, TCountLinesQuery, TCountSession } from '#common/schemas/stock-check.ts';
import { ListPagination, pageCount } from '../../components/list-pagination.tsx';
import { ListSummary } from '../../components/list-summary.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { listCountLines } from './api.ts';
import { CountEntry } from './count-entry.tsx';
import { FoundLineDialog } from './found-line-dialog.tsx';

const PAGE_SIZE = 50;
type TFilter = 'all' | 'uncounted' | 'counted';

const EMPTY: Record<TFilter, string> = {
  all: 'No lines: no stock is booked here. Add what you find with “Add an item found here”.',
  uncounted: 'Every line is counted.',
  counted: 'Nothing counted yet.',
};

/** The quantity inputs of the lines shown, in order. */
const inputsIn = (list: HTMLElement | null) => [
  ...(list?.querySelectorAll<HTMLInputElement>('input[data-count-input]') ?? []),
];

function Who({ line }: { line: TCountLine }) {
  if (!line.countedByName) return null;
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {line.countedByName.replace(/ <.*>$/, '')}
      {line.countedAt
        ? `, ${new Date(line.countedAt).toLocaleTimeString(undefined, { timeStyle: 'short' })}`
        : ''}
    </Text>
  );
}

export function CountLines({ session }: { session: TCountSession }) {
  const wide = useMediaQuery('(min-width: 48em)');
  const [filter, setFilter] = useState<TFilter>('all');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);
  const query: TCountLinesQuery = { filter, q, sort: 'location', page, pageSize: PAGE_SIZE };
  const lines = useQuery({
    queryKey: queryKeys.stockCheckLines(session.id, query),
    queryFn: ({ signal }) => listCountLines(session.id, query, signal),
    placeholderData: keepPreviousData,
  });
  const data = lines.data;
  const pages = data ? pageCount(data.total, PAGE_SIZE) : 1;
  const counting = session.status === 'counting';
  const showExpected = session.expectedVisible;

  // After Enter on the last line of a page, the next page opens with its first line ready to type into.
  useEffect(() => {
    if (!focusFirst.current || lines.isPlaceholderData || !data) return;
    focusFirst.current = false;
    inputsIn(listRef.current)[0]?.focus();
  }, [data, lines.isPlaceholderData]);
  const next = (index: number) => {
    const all = inputsIn(listRef.current);
    if (index + 1 < all.length) all[index + 1]!.focus();
    else if (page < pages) {
      focusFirst.current = true;
      setPage(page + 1);
    }
  };
  const entry = (line: TCountLine, index: number) => (
    <CountEntry
      key={`${line.id}-${line.countedAt ?? ''}`}
      sessionId={session.id}
      line={line}
      disabled={!counting}
      onEnter={() => next(index)}
    />
  );
  const lot = (line: TCountLine) => line.lotNumber ?? '—';

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="Search lines"
            placeholder="Part number, name, location or lot"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 280 }}
          />
          <SegmentedControl
            aria-label="Show lines"
            value={filter}
            onChange={(value) => {
              setFilter(value as TFilter);
              setPage(1);
            }}
            data={[
              { value: 'all', label: 'All' },
              { value: 'uncounted', label: 'Uncounted' },
              { value: 'counted', label: 'Counted' },
            ]}
          />
        </Group>
        {counting ? (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add an item found here
          </Button>
        ) : null}
      </Group>
      {counting ? (
        <Text size="sm" c="dimmed">
          Type or scan the quantity you see and press Enter: it is saved and the next line is ready. Leave a
          line empty and press Enter to skip it.
        </Text>
      ) : null}

      <QueryStatus query={lines} errorTitle="Lines could not be loaded" loadingLabel="Loading lines" />
      {data ? (
        <>
          <ListSummary
            total={data.total}
            noun="line"
            empty={q ? `No line matches “${q}”.` : EMPTY[filter]}
            fetching={lines.isFetching}
          />
          <div ref={listRef}>
            {data.items.length === 0 ? null : wide ? (
              <Table striped aria-label="Lines to count" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Location</Table.Th>
                    <Table.Th>Item</Table.Th>
                    <Table.Th>Lot</Table.Th>
                    {showExpected ? <Table.Th ta="right">On the books at start</Table.Th> : null}
                    <Table.Th>Counted</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((line, index) => (
                    <Table.Tr key={line.id}>
                      <Table.Td>{line.locationCode}</Table.Td>
                      <Table.Td>
                        <Text fw={600} size="sm">
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
                      <Table.Td>{lot(line)}</Table.Td>
                      {showExpected ? (
                        <Table.Td ta="right">
                          {line.expectedQuantity} {line.unitOfMeasure}
                        </Table.Td>
                      ) : null}
                      <Table.Td>
                        {entry(line, index)}
                        <Who line={line} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Stack gap="sm">
                {data.items.map((line, index) => (
                  <Card
                    key={line.id}
                    component="article"
                    withBorder
                    padding="sm"
                    aria-label={line.partNumber}
                  >
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {line.partNumber}
                        </Text>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {line.itemName}
                        </Text>
                      </div>
                      {line.added ? (
                        <Badge size="xs" variant="light" color="grape" style={{ flexShrink: 0 }}>
                          Found
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" c="dimmed" mb={6} style={{ overflowWrap: 'anywhere' }}>
                      {line.locationCode}
                      {line.lotNumber ? ` · lot ${line.lotNumber}` : ''}
                      {showExpected
                        ? ` · ${line.expectedQuantity} ${line.unitOfMeasure} on the books at start`
                        : ''}
                    </Text>
                    {entry(line, index)}
                    <Who line={line} />
                  </Card>
                ))}
              </Stack>
            )}
          </div>
          <ListPagination
            page={page}
            total={data.total}
            pageSize={PAGE_SIZE}
            onChange={setPage}
            label="Pages of lines"
          />
        </>
      ) : null}
      <FoundLineDialog
        session={session}
        opened={adding}
        onClose={() => setAdding(false)}
        onDuplicate={(partNumber) => {
          setFilter('all');
          setSearch(partNumber);
          setPage(1);
        }}
      />
    </Stack>
  );
}
