// The Suppliers view of SKU Setup (decision 070): the company's suppliers, searched and paged on the server, a table
// on wide screens and cards on phones; admins add and change them in a dialog, or import a CSV file. Receipts pick from the active ones.
import { Button, Card, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { hasRole } from '#common/roles.ts';
import type { TSupplier, TSupplierListQuery } from '#common/schemas/suppliers.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { useSession } from '../../lib/session.ts';
import { SupplierDialog } from './supplier-dialog.tsx';
import { downloadSuppliersCsv, listSuppliers, suppliersKey } from './suppliers-api.ts';
import { SuppliersImportDialog } from './suppliers-import-dialog.tsx';

const PAGE_SIZE = 25;
type TActive = TSupplierListQuery['active'];

function emptyMessage(q: string, active: TActive): string {
  if (q) return `No suppliers match “${q}”. Check the spelling, or search in “All”.`;
  if (active === 'inactive') return 'No suppliers switched off.';
  return 'No suppliers yet. Add the first with “Add supplier”; receipts can then name who the goods came from.';
}

const columns = (edit: ((s: TSupplier) => void) | null): TListColumn<TSupplier>[] => [
  { id: 'code', header: 'Code', cell: (s) => s.code, cellProps: () => ({ fw: 600 }) },
  { id: 'name', header: 'Name', cell: (s) => s.name },
  { id: 'contact', header: 'Contact', cell: (s) => s.contact || '—' },
  { id: 'email', header: 'Email', cell: (s) => s.email || '—' },
  {
    id: 'status',
    header: 'Status',
    cell: (s) => <StatusBadge of="record" status={s.active ? 'active' : 'inactive'} />,
  },
  ...(edit
    ? [
        {
          id: 'actions',
          header: 'Actions',
          headerHidden: true,
          cell: (s: TSupplier) => (
            <Button size="xs" variant="light" onClick={() => edit(s)} aria-label={`Edit ${s.code}`}>
              Edit
            </Button>
          ),
        },
      ]
    : []),
];

function SupplierCard({
  supplier: s,
  onEdit,
}: {
  supplier: TSupplier;
  onEdit: ((s: TSupplier) => void) | null;
}) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={`${s.code} ${s.name}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {s.code}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {s.name}
          </Text>
        </div>
        <StatusBadge of="record" status={s.active ? 'active' : 'inactive'} />
      </Group>
      <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {[s.contact, s.email].filter(Boolean).join(' · ') || 'No contact'}
      </Text>
      {onEdit ? (
        <Group mt="xs">
          <Button size="xs" variant="light" onClick={() => onEdit(s)} aria-label={`Edit ${s.code}`}>
            Edit
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}

export function SupplierList() {
  const list = useListState<{ active: TActive }>({ pageSize: PAGE_SIZE, filters: { active: 'active' } });
  const { q } = list;
  const { active } = list.filters;
  const [editing, setEditing] = useState<TSupplier | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const { data: session } = useSession();
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  const edit = isAdmin ? setEditing : null;
  const supplierColumns = useMemo(() => columns(edit), [edit]);
  const query: TSupplierListQuery = { page: list.page, pageSize: PAGE_SIZE, q, active };
  const suppliers = useQuery({
    queryKey: [...suppliersKey, query],
    queryFn: ({ signal }) => listSuppliers(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <DataList
        query={suppliers}
        columns={supplierColumns}
        rowKey={(s) => s.id}
        label="Suppliers"
        paging={list}
        pagesLabel="Pages of suppliers"
        errorTitle="Suppliers could not be loaded"
        loadingLabel="Loading suppliers"
        summary={{ noun: 'supplier', empty: emptyMessage(q, active) }}
        card={(s) => <SupplierCard supplier={s} onEdit={edit} />}
        minWidth={720}
        toolbar={
          <>
            <TextInput
              label="Search suppliers"
              placeholder="Code, name, contact or e-mail"
              leftSection={<IconSearch size={16} />}
              value={list.search}
              onChange={(e) => list.setSearch(e.currentTarget.value)}
              w={{ base: '100%', xs: 280 }}
            />
            <SegmentedControl
              aria-label="Show suppliers"
              value={active}
              onChange={(value) => list.setFilter('active', value as TActive)}
              data={[
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
                { value: 'all', label: 'All' },
              ]}
            />
          </>
        }
        // The file holds what the list shows: the same search and status, every page.
        exportCsv={() => downloadSuppliersCsv({ q, active })}
        actions={
          isAdmin ? (
            <>
              <Button
                variant="default"
                leftSection={<IconUpload size={16} />}
                onClick={() => setImporting(true)}
              >
                Import CSV
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                Add supplier
              </Button>
            </>
          ) : null
        }
      />
      <SupplierDialog target={editing} onClose={() => setEditing(null)} />
      <SuppliersImportDialog opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
