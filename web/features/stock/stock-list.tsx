// The stock list (the Stock tab of /inventory): one row per item with what is on hand, its value and the low-stock
// flag; searched (part number, name, lot, location code), filtered by category, a location's subtree and low
// stock, sorted and paged on the server. A table on wide screens, cards on phones; a row opens the item page.
import {
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconDownload, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TStockFilter, TStockRow, TStockSort } from '#common/schemas/stock-list.ts';
import { ListPagination } from '../../components/list-pagination.tsx';
import { ListSummary } from '../../components/list-summary.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { toast } from '../../lib/toast.ts';
import { formatMoney, messageOf } from '../inventory-setup/format.ts';
import { LocationSelect } from '../inventory-setup/location-select.tsx';
import { downloadStockCsv, listCategories, listStock } from './api.ts';
import { stockKeys } from './stock-keys.ts';

const PAGE_SIZE = 25;

/** Where an item's page is. */
export const itemPath = (itemId: string) => `/items?id=${encodeURIComponent(itemId)}`;

function LowBadge({ row }: { row: TStockRow }) {
  return row.lowStock ? (
    <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
      Low stock
    </Badge>
  ) : null;
}

const COLUMNS: { sort: TStockSort; label: string; numeric?: boolean }[] = [
  { sort: 'partNumber', label: 'Part number' },
  { sort: 'name', label: 'Name' },
  { sort: 'category', label: 'Category' },
  { sort: 'onHand', label: 'On hand', numeric: true },
  { sort: 'value', label: 'Value', numeric: true },
];

export function StockList() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [category, setCategory] = useState('');
  const categories = useQuery({
    queryKey: stockKeys.categories,
    queryFn: ({ signal }) => listCategories(signal),
  });
  const [location, setLocation] = useState<{ id: string | null; code: string | null }>({
    id: null,
    code: null,
  });
  const [lowStock, setLowStock] = useState(false);
  const [sort, setSort] = useState<{ by: TStockSort; dir: 'asc' | 'desc' }>({ by: 'partNumber', dir: 'asc' });
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);

  const filter: TStockFilter = {
    q,
    ...(category ? { category: category } : {}),
    ...(location.id ? { locationId: location.id } : {}),
    lowStock,
    status: 'active',
    sort: sort.by,
    dir: sort.dir,
  };
  const query = { ...filter, page, pageSize: PAGE_SIZE };
  const stock = useQuery({
    queryKey: stockKeys.list(query),
    queryFn: ({ signal }) => listStock(query, signal),
    placeholderData: keepPreviousData,
  });
  const data = stock.data;

  const changed =
    <T,>(set: (v: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const sortBy = (by: TStockSort) => {
    setSort((s) => ({ by, dir: s.by === by && s.dir === 'asc' ? 'desc' : 'asc' }));
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadStockCsv(filter);
    } catch (failure) {
      toast('error', { title: 'Export failed', message: messageOf(failure) });
    } finally {
      setExporting(false);
    }
  };

  const empty =
    q || category || location.id || lowStock
      ? 'Nothing matches these filters. Clear the search or a filter to see more.'
      : 'No items yet. An admin adds them under Admin › SKU Setup.';

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Search stock"
          placeholder="Part number, name, lot or location"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => changed(setSearch)(e.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
        />
        <Select
          label="Category"
          placeholder="Any"
          data={categories.data?.categories ?? []}
          value={category || null}
          onChange={(value) => changed(setCategory)(value ?? '')}
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
            value={location.id}
            selectedLabel={location.code}
            onChange={(id, code) => changed(setLocation)({ id, code })}
          />
        </div>
        <Switch
          label="Low stock only"
          checked={lowStock}
          onChange={(e) => changed(setLowStock)(e.currentTarget.checked)}
          mb={8}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exporting}
          onClick={() => void exportCsv()}
          ml={{ xs: 'auto' }}
        >
          Export CSV
        </Button>
      </Group>

      <QueryStatus query={stock} errorTitle="Stock could not be loaded" loadingLabel="Loading stock" />

      {data ? (
        <>
          <ListSummary
            total={data.total}
            noun="item"
            empty={empty}
            // Past the count limit the server stops counting: say so, and how to see the rest.
            detail={data.totalCapped ? ' or more: search or filter to narrow them down' : ''}
            fetching={stock.isFetching}
          />
          {data.items.length > 0 ? (
            <>
              <Table.ScrollContainer minWidth={760} visibleFrom="sm">
                <Table striped highlightOnHover aria-label="Stock">
                  <Table.Thead>
                    <Table.Tr>
                      {COLUMNS.map((c) => (
                        <Table.Th
                          key={c.sort}
                          ta={c.numeric ? 'right' : undefined}
                          aria-sort={
                            sort.by === c.sort ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'
                          }
                        >
                          <UnstyledButton onClick={() => sortBy(c.sort)} fw={600} fz="sm">
                            <Group gap={4} wrap="nowrap" justify={c.numeric ? 'flex-end' : undefined}>
                              {c.label}
                              {sort.by === c.sort ? (
                                sort.dir === 'asc' ? (
                                  <IconChevronUp size={14} aria-hidden />
                                ) : (
                                  <IconChevronDown size={14} aria-hidden />
                                )
                              ) : null}
                            </Group>
                          </UnstyledButton>
                        </Table.Th>
                      ))}
                      <Table.Th ta="right">Locations</Table.Th>
                      <Table.Th>
                        <span className="visually-hidden">Flags</span>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((row) => (
                      <Table.Tr
                        key={row.id}
                        style={{ cursor: 'pointer' }}
                        onClick={() => navigate(itemPath(row.id))}
                      >
                        <Table.Td fw={600}>
                          <Link to={itemPath(row.id)} onClick={(e) => e.stopPropagation()}>
                            {row.partNumber}
                          </Link>
                        </Table.Td>
                        <Table.Td>{row.name}</Table.Td>
                        <Table.Td>{row.category || '—'}</Table.Td>
                        <Table.Td ta="right">
                          {row.onHand} {row.unitOfMeasure}
                        </Table.Td>
                        <Table.Td ta="right">{formatMoney(row.value)}</Table.Td>
                        <Table.Td ta="right">{row.locationCount}</Table.Td>
                        <Table.Td>
                          <LowBadge row={row} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Stack hiddenFrom="sm" gap="sm">
                {data.items.map((row) => (
                  <Card
                    key={row.id}
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
                      <LowBadge row={row} />
                    </Group>
                    <Text size="sm" mt={4}>
                      {row.onHand} {row.unitOfMeasure} on hand · {formatMoney(row.value)}
                    </Text>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {row.locationCount} location{row.locationCount === 1 ? '' : 's'}
                      {row.category ? ` · ${row.category}` : ''}
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
            label="Pages of stock"
          />
        </>
      ) : null}
    </Stack>
  );
}
