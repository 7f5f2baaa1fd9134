// The company's items (SKUs) for admins: search by part number, name or category, filter by status, paged on the
// server; a table on wide screens and cards on phones; add and edit in dialogs.
import { Badge, Button, Card, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { hasRole } from '#common/roles.ts';
import type { TItem, TItemListQuery } from '#common/schemas/inventory-setup.ts';
import { ListPagination } from '../../components/list-pagination.tsx';
import { ListSummary } from '../../components/list-summary.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { useSession } from '../auth/session.ts';
import { listItems } from './api.ts';
import { formatMoney, messageOf } from './format.ts';
import { ItemDialog } from './item-dialog.tsx';
import { downloadItemsCsv } from './items-csv-api.ts';
import { ItemsImportDialog } from './items-import-dialog.tsx';

const PAGE_SIZE = 25;
type TStatus = TItemListQuery['status'];

function ActiveBadge({ item }: { item: TItem }) {
  return (
    <Badge variant="dot" color={item.active ? 'green' : 'gray'} style={{ flexShrink: 0 }}>
      {item.active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

const reorderText = (item: TItem) =>
  item.reorderPoint === null ? '—' : `${item.reorderPoint} ${item.unitOfMeasure}`;

/** What an empty list means, and what to do about it. */
function emptyMessage(q: string, status: TStatus): string {
  if (q) return `No items match “${q}”. Check the spelling, or search in “All”.`;
  if (status === 'inactive') return 'No inactive items. Items you deactivate appear here.';
  return 'No items yet. Add your first item with “Add item”.';
}

export function ItemList() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [status, setStatus] = useState<TStatus>('active');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TItem | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { data: session } = useSession();
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  const query: TItemListQuery = { page, pageSize: PAGE_SIZE, q, status };

  const items = useQuery({
    queryKey: queryKeys.itemsPage(query),
    queryFn: ({ signal }) => listItems(query, signal),
    placeholderData: keepPreviousData,
  });
  const data = items.data;

  // The file holds what the list shows: the same search and status, every page.
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadItemsCsv({ q, status });
    } catch (failure) {
      toast('error', { title: 'Export failed', message: messageOf(failure) });
    } finally {
      setExporting(false);
    }
  };

  const editButton = (item: TItem) => (
    <Button size="xs" variant="light" onClick={() => setEditing(item)} aria-label={`Edit ${item.partNumber}`}>
      Edit
    </Button>
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="Search items"
            placeholder="Part number, name or category"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 280 }}
          />
          <SegmentedControl
            aria-label="Show items"
            value={status}
            onChange={(value) => {
              setStatus(value as TStatus);
              setPage(1);
            }}
            data={[
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
              { value: 'all', label: 'All' },
            ]}
          />
        </Group>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
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
        </Group>
      </Group>

      <QueryStatus query={items} errorTitle="Items could not be loaded" loadingLabel="Loading items" />

      {data ? (
        <>
          <ListSummary
            total={data.total}
            noun="item"
            empty={emptyMessage(q, status)}
            fetching={items.isFetching}
          />
          {data.items.length > 0 ? (
            <>
              <Table.ScrollContainer minWidth={960} visibleFrom="sm">
                <Table striped highlightOnHover aria-label="Items">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Part number</Table.Th>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Unit</Table.Th>
                      <Table.Th>Category</Table.Th>
                      <Table.Th ta="right">Unit cost</Table.Th>
                      <Table.Th ta="right">Reorder point</Table.Th>
                      <Table.Th>Default location</Table.Th>
                      <Table.Th>Lot-tracked</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>
                        <span className="visually-hidden">Actions</span>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((item) => (
                      <Table.Tr key={item.id}>
                        <Table.Td fw={600}>{item.partNumber}</Table.Td>
                        <Table.Td>{item.name}</Table.Td>
                        <Table.Td>{item.unitOfMeasure}</Table.Td>
                        <Table.Td>{item.category || '—'}</Table.Td>
                        <Table.Td ta="right">{formatMoney(item.unitCost)}</Table.Td>
                        <Table.Td ta="right">{reorderText(item)}</Table.Td>
                        <Table.Td>{item.defaultLocationPath ?? '—'}</Table.Td>
                        <Table.Td>{item.lotTracked ? 'Yes' : 'No'}</Table.Td>
                        <Table.Td>
                          <ActiveBadge item={item} />
                        </Table.Td>
                        <Table.Td>{editButton(item)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Stack hiddenFrom="sm" gap="sm">
                {data.items.map((item) => (
                  <Card
                    key={item.id}
                    component="article"
                    withBorder
                    padding="sm"
                    aria-label={`${item.partNumber} ${item.name}`}
                  >
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {item.partNumber}
                        </Text>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {item.name}
                        </Text>
                      </div>
                      <ActiveBadge item={item} />
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
                    <Group mt="xs">{editButton(item)}</Group>
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
            label="Pages of items"
          />
        </>
      ) : null}

      <ItemDialog target={editing} onClose={() => setEditing(null)} />
      <ItemsImportDialog opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}
