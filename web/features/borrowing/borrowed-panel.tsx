// The "Borrowed" tab of /inventory: what is out, overdue or back, searched and paged on the server; take things
// back, or lend an item (choose it, then the lend dialog).
import { Button, SegmentedControl, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TBorrowing, TBorrowingListQuery, TBorrowingStatus } from '#common/schemas/borrowing.ts';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { listBorrowings } from './api.ts';
import { BorrowDialog } from './borrow-dialog.tsx';
import { BorrowingCard, borrowingColumns, borrowingRowStyle } from './borrowing-list.tsx';
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
  const list = useListState<{ status: TBorrowingStatus }>({
    pageSize: PAGE_SIZE,
    filters: { status: 'out' },
  });
  const { q } = list;
  const { status } = list.filters;
  const [returning, setReturning] = useState<TBorrowing | null>(null);
  const [picking, setPicking] = useState(false);
  const [lending, setLending] = useState<TItem | null>(null);
  const columns = useMemo(() => borrowingColumns(setReturning), []);
  const query: TBorrowingListQuery = { page: list.page, pageSize: PAGE_SIZE, q, status };

  const borrowings = useQuery({
    queryKey: queryKeys.borrowingsPage(query),
    queryFn: ({ signal }) => listBorrowings(query, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <DataList
        query={borrowings}
        columns={columns}
        rowKey={(b) => b.id}
        label="Borrowed items"
        paging={list}
        pagesLabel="Pages of borrowed items"
        errorTitle="Borrowed items could not be loaded"
        loadingLabel="Loading borrowed items"
        summary={{
          noun: 'borrowing',
          detail: (data) => ` · today is ${data.today}`,
          empty: emptyMessage(q, status),
        }}
        card={(b) => <BorrowingCard borrowing={b} onReturn={setReturning} />}
        rowStyle={borrowingRowStyle}
        minWidth={900}
        tableProps={{ striped: false }}
        toolbar={
          <>
            <TextInput
              label="Search borrowed items"
              placeholder="Part number, name, lot, person or job"
              leftSection={<IconSearch size={16} />}
              value={list.search}
              onChange={(e) => list.setSearch(e.currentTarget.value)}
              w={{ base: '100%', xs: 300 }}
            />
            <SegmentedControl
              aria-label="Show borrowings"
              value={status}
              onChange={(value) => list.setFilter('status', value as TBorrowingStatus)}
              data={[
                { value: 'out', label: 'Out' },
                { value: 'overdue', label: 'Overdue' },
                { value: 'returned', label: 'Returned' },
                { value: 'all', label: 'All' },
              ]}
            />
          </>
        }
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setPicking(true)}>
            Lend an item
          </Button>
        }
      />
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
    </>
  );
}
