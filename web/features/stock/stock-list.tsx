// The stock list (the Stock tab of /inventory): one row per item with what is on hand, its value and the low-stock
// flag; searched (part number, name, lot, location code), filtered by category, a location's subtree and low
// stock, sorted and paged on the server. A table on wide screens, cards on phones; a row opens the item page.
// Receive starts here too, with the item chosen in its dialog (issue 29), not only from an item's page.
import { Button, Card, Group, Select, Switch, Text, TextInput } from '@mantine/core';
import { IconPackageImport, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TStockFilter, TStockRow, TStockSort } from '#common/schemas/stock-list.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { LocationSelect } from '../../components/location-select.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { formatMoney } from '../../lib/format-money.ts';
import { downloadStockCsv, listCategories, listStock } from './api.ts';
import { ReceiveStockDialog } from './receive-stock-dialog.tsx';
import { stockKeys } from './stock-keys.ts';

const PAGE_SIZE = 25;

/** Where an item's page is. */
export const itemPath = (itemId: string) => `/items?id=${encodeURIComponent(itemId)}`;

const COLUMNS: TListColumn<TStockRow, TStockSort>[] = [
  {
    id: 'partNumber',
    header: 'Part number',
    sort: 'partNumber',
    cell: (row) => row.partNumber,
    cellProps: () => ({ fw: 600 }),
  },
  { id: 'name', header: 'Name', sort: 'name', cell: (row) => row.name },
  { id: 'category', header: 'Category', sort: 'category', cell: (row) => row.category || '—' },
  {
    id: 'onHand',
    header: 'On hand',
    sort: 'onHand',
    numeric: true,
    cell: (row) => `${row.onHand} ${row.unitOfMeasure}`,
  },
  // Reserved by released work orders, and what is left to use (decision 048): of the whole item, not the location.
  {
    id: 'reserved',
    header: 'Reserved',
    numeric: true,
    cell: (row) => `${row.reserved} ${row.unitOfMeasure}`,
  },
  // In lots on hold (decision 070): there, but not to be used until released, so not available either (075).
  {
    id: 'onHold',
    header: 'On hold',
    numeric: true,
    cell: (row) => `${row.onHold} ${row.unitOfMeasure}`,
  },
  {
    id: 'available',
    header: 'Available',
    numeric: true,
    cell: (row) => `${row.available} ${row.unitOfMeasure}`,
  },
  { id: 'value', header: 'Value', sort: 'value', numeric: true, cell: (row) => formatMoney(row.value) },
  { id: 'locations', header: 'Locations', numeric: true, cell: (row) => row.locationCount },
  {
    id: 'flags',
    header: 'Flags',
    headerHidden: true,
    cell: (row) => (row.lowStock ? <StatusBadge of="stock" status="low" /> : null),
  },
];

function StockCard({ row }: { row: TStockRow }) {
  return (
    <Card
      component={Link}
      to={itemPath(row.id)}
      withBorder
      padding="sm"
      aria-label={`${row.partNumber} ${row.name}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {row.partNumber}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.name}
          </Text>
        </div>
        {row.lowStock ? <StatusBadge of="stock" status="low" /> : null}
      </Group>
      <Text size="sm" mt={4}>
        {row.onHand} {row.unitOfMeasure} on hand · {formatMoney(row.value)}
      </Text>
      {row.reserved === '0' && row.onHold === '0' ? null : (
        <Text size="sm">
          {row.reserved === '0' ? '' : `${row.reserved} reserved · `}
          {row.onHold === '0' ? '' : `${row.onHold} on hold · `}
          {row.available} {row.unitOfMeasure} available
        </Text>
      )}
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {row.locationCount} location{row.locationCount === 1 ? '' : 's'}
        {row.category ? ` · ${row.category}` : ''}
      </Text>
    </Card>
  );
}

interface TFilters {
  category: string;
  location: { id: string | null; code: string | null };
  lowStock: boolean;
}

export function StockList() {
  const list = useListState<TFilters, TStockSort>({
    pageSize: PAGE_SIZE,
    filters: { category: '', location: { id: null, code: null }, lowStock: false },
    sort: { by: 'partNumber', dir: 'asc' },
  });
  const { q, filters: f, sort } = list;
  const [receiving, setReceiving] = useState(false);
  const categories = useQuery({
    queryKey: stockKeys.categories,
    queryFn: ({ signal }) => listCategories(signal),
  });

  const filter: TStockFilter = {
    q,
    ...(f.category ? { category: f.category } : {}),
    ...(f.location.id ? { locationId: f.location.id } : {}),
    lowStock: f.lowStock,
    status: 'active',
    sort: sort.by,
    dir: sort.dir,
  };
  const query = { ...filter, page: list.page, pageSize: PAGE_SIZE };
  const stock = useQuery({
    queryKey: stockKeys.list(query),
    queryFn: ({ signal }) => listStock(query, signal),
    placeholderData: keepPreviousData,
  });

  const empty =
    q || f.category || f.location.id || f.lowStock
      ? 'Nothing matches these filters. Clear the search or a filter to see more.'
      : 'No items yet. An admin adds them under Admin › SKU Setup.';

  return (
    <>
      <DataList
        query={stock}
        columns={COLUMNS}
        rowKey={(row) => row.id}
        label="Stock"
        paging={list}
        pagesLabel="Pages of stock"
        errorTitle="Stock could not be loaded"
        loadingLabel="Loading stock"
        summary={{
          noun: 'item',
          empty,
          // Past the count limit the server stops counting: say so, and how to see the rest.
          detail: (data) => (data.totalCapped ? ' or more: search or filter to narrow them down' : ''),
        }}
        rowHref={(row) => itemPath(row.id)}
        card={(row) => <StockCard row={row} />}
        minWidth={760}
        exportCsv={() => downloadStockCsv(filter)}
        actions={
          <Button leftSection={<IconPackageImport size={16} />} onClick={() => setReceiving(true)}>
            Receive
          </Button>
        }
        toolbar={
          <>
            <TextInput
              label="Search stock"
              placeholder="Part number, name, lot or location"
              leftSection={<IconSearch size={16} />}
              value={list.search}
              onChange={(e) => list.setSearch(e.currentTarget.value)}
              w={{ base: '100%', xs: 280 }}
            />
            <Select
              label="Category"
              placeholder="Any"
              data={categories.data?.categories ?? []}
              value={f.category || null}
              onChange={(value) => list.setFilter('category', value ?? '')}
              searchable
              clearable
              nothingFoundMessage={categories.isError ? messageOf(categories.error) : 'No such category'}
              w={{ base: '100%', xs: 200 }}
              comboboxProps={{ withinPortal: true }}
            />
            <div style={{ width: '100%', maxWidth: 320 }}>
              <LocationSelect
                label="Under location"
                description="Stock in this location and everything inside it"
                value={f.location.id}
                selectedLabel={f.location.code}
                onChange={(id, code) => list.setFilter('location', { id, code })}
              />
            </div>
            <Switch
              label="Low stock only"
              checked={f.lowStock}
              onChange={(e) => list.setFilter('lowStock', e.currentTarget.checked)}
              mb={8}
            />
          </>
        }
      />
      <ReceiveStockDialog opened={receiving} onClose={() => setReceiving(false)} />
    </>
  );
}
