// The company's items (SKUs) for admins: search by part number, name or category, filter by status, paged on the
// server; a table on wide screens and cards on phones; add and edit in dialogs.
import { Button, Card, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { hasRole } from '#common/roles.ts';
import type { TItem, TItemListQuery } from '#common/schemas/inventory-setup.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatMoney } from '../../lib/format-money.ts';
import { listItems } from '../../lib/items-api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { ItemDialog } from './item-dialog.tsx';
import { downloadItemsCsv } from './items-csv-api.ts';
import { ItemsImportDialog } from './items-import-dialog.tsx';

const PAGE_SIZE = 25;
type TStatus = TItemListQuery['status'];

const reorderText = (item: TItem) =>
  item.reorderPoint === null ? '—' : `${item.reorderPoint} ${item.unitOfMeasure}`;

/** What an empty list means, and what to do about it. */
function emptyMessage(q: string, status: TStatus): string {
  if (q) return `No items match “${q}”. Check the spelling, or search in “All”.`;
  if (status === 'inactive') return 'No inactive items. Items you deactivate appear here.';
  return 'No items yet. Add your first item with “Add item”.';
}

function EditButton({ item, onEdit }: { item: TItem; onEdit: (item: TItem) => void }) {
  return (
    <Button size="xs" variant="light" onClick={() => onEdit(item)} aria-label={`Edit ${item.partNumber}`}>
      Edit
    </Button>
  );
}

const columns = (onEdit: (item: TItem) => void): TListColumn<TItem>[] => [
  {
    id: 'partNumber',
    header: 'Part number',
    cell: (item) => item.partNumber,
    cellProps: () => ({ fw: 600 }),
  },
  { id: 'name', header: 'Name', cell: (item) => item.name },
  { id: 'unit', header: 'Unit', cell: (item) => item.unitOfMeasure },
  { id: 'category', header: 'Category', cell: (item) => item.category || '—' },
  { id: 'unitCost', header: 'Unit cost', numeric: true, cell: (item) => formatMoney(item.unitCost) },
  { id: 'reorderPoint', header: 'Reorder point', numeric: true, cell: reorderText },
  { id: 'defaultLocation', header: 'Default location', cell: (item) => item.defaultLocationPath ?? '—' },
  { id: 'lotTracked', header: 'Lot-tracked', cell: (item) => (item.lotTracked ? 'Yes' : 'No') },
  {
    id: 'status',
    header: 'Status',
    cell: (item) => <StatusBadge of="record" status={item.active ? 'active' : 'inactive'} />,
  },
  {
    id: 'actions',
    header: 'Actions',
    headerHidden: true,
    cell: (item) => <EditButton item={item} onEdit={onEdit} />,
  },
];

function ItemCard({ item, onEdit }: { item: TItem; onEdit: (item: TItem) => void }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={`${item.partNumber} ${item.name}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.partNumber}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.name}
          </Text>
        </div>
        <StatusBadge of="record" status={item.active ? 'active' : 'inactive'} />
      </Group>
      <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {formatMoney(item.unitCost)} per {item.unitOfMeasure}
        {item.category ? ` · ${item.category}` : ''}
        {item.reorderPoint === null ? '' : ` · reorder at ${reorderText(item)}`}
        {item.lotTracked ? ' · lot-tracked' : ''}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Default location: {item.defaultLocationPath ?? 'none'}
      </Text>
      <Group mt="xs">
        <EditButton item={item} onEdit={onEdit} />
      </Group>
    </Card>
  );
}

export function ItemList() {
  const list = useListState<{ status: TStatus }>({ pageSize: PAGE_SIZE, filters: { status: 'active' } });
  const { q } = list;
  const { status } = list.filters;
  const [editing, setEditing] = useState<TItem | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const itemColumns = useMemo(() => columns(setEditing), []);
  const { data: session } = useSession();
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  const query: TItemListQuery = { page: list.page, pageSize: PAGE_SIZE, q, status };

  const items = useQuery({
    queryKey: queryKeys.itemsPage(query),
    queryFn: ({ signal }) => listItems(query, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <DataList
        query={items}
        columns={itemColumns}
        rowKey={(item) => item.id}
        label="Items"
        paging={list}
        pagesLabel="Pages of items"
        errorTitle="Items could not be loaded"
        loadingLabel="Loading items"
        summary={{ noun: 'item', empty: emptyMessage(q, status) }}
        card={(item) => <ItemCard item={item} onEdit={setEditing} />}
        minWidth={960}
        toolbar={
          <>
            <TextInput
              label="Search items"
              placeholder="Part number, name or category"
              leftSection={<IconSearch size={16} />}
              value={list.search}
              onChange={(e) => list.setSearch(e.currentTarget.value)}
              w={{ base: '100%', xs: 280 }}
            />
            <SegmentedControl
              aria-label="Show items"
              value={status}
              onChange={(value) => list.setFilter('status', value as TStatus)}
              data={[
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
                { value: 'all', label: 'All' },
              ]}
            />
          </>
        }
        // The file holds what the list shows: the same search and status, every page.
        exportCsv={() => downloadItemsCsv({ q, status })}
        actions={
          <>
            {isAdmin ? (
              <Button
                variant="default"
                leftSection={<IconUpload size={16} />}
                onClick={() => setImporting(true)}
              >
                Import CSV
              </Button>
            ) : null}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              Add item
            </Button>
          </>
        }
      />
      <ItemDialog target={editing} onClose={() => setEditing(null)} />
      <ItemsImportDialog opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
