// The "Borrowed" tab of /inventory: what is out, overdue or back, searched and paged on the server; take things
// back, or lend an item (choose it, then the lend dialog).
import { Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TBorrowing, TBorrowingListQuery, TBorrowingStatus } from '#common/schemas/borrowing.ts';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import { ListPagination } from '../../components/list-pagination.tsx';
import { ListSummary } from '../../components/list-summary.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { listBorrowings } from './api.ts';
import { BorrowDialog } from './borrow-dialog.tsx';
import { BorrowingList } from './borrowing-list.tsx';
import { ItemPickDialog } from './item-pick-dialog.tsx';
import { ReturnDialog } from './return-dialog.tsx';

const PAGE_SIZE = 25;

/** What an empty list means, and what to do about it. */
function emptyMessage(q: string, status: TBorrowingStatus): string {
  if (q) return `Nothing matches “${q}”. Check the spelling, or search in “All”.`;
  if (status === 'overdue') return 'Nothing is overdue.';
  if (status === 'returned') return 'Nothing has come back yet.';
  if (status === 'all') return 'Nothing has been lent yet. Lend something with “Lend an item”.';
  return 'Nothing is out. Lend something with “Lend an item”.';
}

export function BorrowedPanel() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [status, setStatus] = useState<TBorrowingStatus>('out');
  const [page, setPage] = useState(1);
  const [returning, setReturning] = useState<TBorrowing | null>(null);
  const [picking, setPicking] = useState(false);
  const [lending, setLending] = useState<TItem | null>(null);
  const query: TBorrowingListQuery = { page, pageSize: PAGE_SIZE, q, status };

  const borrowings = useQuery({
    queryKey: queryKeys.borrowingsPage(query),
    queryFn: ({ signal }) => listBorrowings(query, signal),
    placeholderData: keepPreviousData,
  });
  const data = borrowings.data;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="Search borrowed items"
            placeholder="Part number, name, lot, person or job"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 300 }}
          />
          <SegmentedControl
            aria-label="Show borrowings"
            value={status}
            onChange={(value) => {
              setStatus(value as TBorrowingStatus);
              setPage(1);
            }}
            data={[
              { value: 'out', label: 'Out' },
              { value: 'overdue', label: 'Overdue' },
              { value: 'returned', label: 'Returned' },
              { value: 'all', label: 'All' },
            ]}
          />
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setPicking(true)}>
          Lend an item
        </Button>
      </Group>

      <QueryStatus
        query={borrowings}
        errorTitle="Borrowed items could not be loaded"
        loadingLabel="Loading borrowed items"
      />

      {data ? (
        <>
          <ListSummary
            total={data.total}
            noun="borrowing"
            detail={` · today is ${data.today}`}
            empty={emptyMessage(q, status)}
            fetching={borrowings.isFetching}
          />
          {data.items.length > 0 ? <BorrowingList items={data.items} onReturn={setReturning} /> : null}
          <ListPagination
            page={page}
            total={data.total}
            pageSize={PAGE_SIZE}
            onChange={setPage}
            label="Pages of borrowed items"
          />
        </>
      ) : null}

      <ReturnDialog borrowing={returning} onClose={() => setReturning(null)} />
      <ItemPickDialog
        opened={picking}
        onClose={() => setPicking(false)}
        onPick={(item) => {
          setPicking(false);
          setLending(item);
        }}
      />
      {lending ? <BorrowDialog opened onClose={() => setLending(null)} item={lending} /> : null}
    </Stack>
  );
}
