// The lines to count: filtered (all, uncounted, counted) and searched on the server, paged, one quantity input per
// line. Enter saves and moves to the next line, then to the next page. Expected quantities show only where the
// server sends them (never to counters of a blind count). A table on wide screens, cards on phones.
import { Badge, Button, Card, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { TCountLine, TCountLinesQuery, TCountSession } from '#common/schemas/stock-check.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { pageCount } from '../../components/list-pagination.tsx';
import { When } from '../../components/when.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { listCountLines } from './api.ts';
import { CountEntry } from './count-entry.tsx';
import { FoundLineDialog } from './found-line-dialog.tsx';
import { LineItemCell } from './line-item-cell.tsx';

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
      {line.countedAt ? (
        <>
          , <When at={line.countedAt} show="time" />
        </>
      ) : null}
    </Text>
  );
}

const lot = (line: TCountLine) => line.lotNumber ?? '—';

const columns = (entry: (line: TCountLine, index: number) => ReactNode): TListColumn<TCountLine>[] => [
  { id: 'location', header: 'Location', cell: (line) => line.locationCode },
  {
    id: 'item',
    header: 'Item',
    cell: (line) => <LineItemCell line={line} />,
  },
  { id: 'lot', header: 'Lot', cell: lot },
  {
    id: 'expected',
    header: 'On the books at start',
    numeric: true,
    cell: (line) => `${line.expectedQuantity} ${line.unitOfMeasure}`,
  },
  {
    id: 'counted',
    header: 'Counted',
    cell: (line, index) => (
      <>
        {entry(line, index)}
        <Who line={line} />
      </>
    ),
  },
];

function LineCard({
  line,
  showExpected,
  children,
}: {
  line: TCountLine;
  showExpected: boolean;
  children: ReactNode;
}) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={line.partNumber}>
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
        {showExpected ? ` · ${line.expectedQuantity} ${line.unitOfMeasure} on the books at start` : ''}
      </Text>
      {children}
      <Who line={line} />
    </Card>
  );
}

export function CountLines({ session }: { session: TCountSession }) {
  const list = useListState<{ filter: TFilter }>({ pageSize: PAGE_SIZE, filters: { filter: 'all' } });
  const { q, page, setPage } = list;
  const { filter } = list.filters;
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

  return (
    <div ref={listRef}>
      <DataList
        query={lines}
        columns={columns(entry)}
        rowKey={(line) => line.id}
        label="Lines to count"
        paging={list}
        pagesLabel="Pages of lines"
        errorTitle="Lines could not be loaded"
        loadingLabel="Loading lines"
        summary={{ noun: 'line', empty: q ? `No line matches “${q}”.` : EMPTY[filter] }}
        card={(line, index) => (
          <LineCard line={line} showExpected={showExpected}>
            {entry(line, index)}
          </LineCard>
        )}
        // Each line's quantity input must exist once: Enter moves through them in order.
        oneLayout
        hiddenColumns={showExpected ? [] : ['expected']}
        tableProps={{ highlightOnHover: false, verticalSpacing: 'xs' }}
        toolbar={
          <>
            <TextInput
              label="Search lines"
              placeholder="Part number, name, location or lot"
              leftSection={<IconSearch size={16} />}
              value={list.search}
              onChange={(e) => list.setSearch(e.currentTarget.value)}
              w={{ base: '100%', xs: 280 }}
            />
            <SegmentedControl
              aria-label="Show lines"
              value={filter}
              onChange={(value) => list.setFilter('filter', value as TFilter)}
              data={[
                { value: 'all', label: 'All' },
                { value: 'uncounted', label: 'Uncounted' },
                { value: 'counted', label: 'Counted' },
              ]}
            />
          </>
        }
        actions={
          counting ? (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              Add an item found here
            </Button>
          ) : undefined
        }
        note={
          counting ? (
            <Text size="sm" c="dimmed">
              Type or scan the quantity you see and press Enter: it is saved and the next line is ready. Leave
              a line empty and press Enter to skip it.
            </Text>
          ) : undefined
        }
      />
      <FoundLineDialog
        session={session}
        opened={adding}
        onClose={() => setAdding(false)}
        onDuplicate={(partNumber) => {
          list.setFilter('filter', 'all');
          list.setSearch(partNumber);
        }}
      />
    </div>
  );
}
