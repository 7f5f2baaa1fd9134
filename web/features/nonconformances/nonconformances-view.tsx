// The Nonconformances tab of /quality (decision 073): the company's nonconformances, paged and searched on the
// server, filtered by status, item and supplier — a table on wide screens and cards on phones — and one of them at
// ?nc=<id>. "Open nonconformance" opens one by hand; ?openFor=<lotId> (the lot page's action) opens the dialog on
// that lot. The address keeps what is shown, so a link, Back or a reload returns to it.
import { Anchor, Button, Card, Container, Group, Select, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TNcListQuery, TNcSummary } from '#common/schemas/nonconformances.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { ItemSelect, type TItemOption } from '../../components/item-pickers.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { SupplierSelect, type TSupplierOption } from '../../components/supplier-select.tsx';
import { When } from '../../components/when.tsx';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { getLot, listNonconformances, ncKeys } from './api.ts';
import { NcDetail } from './nc-detail.tsx';
import { dispositionsText } from './nc-format.ts';
import { OpenDialog } from './open-dialog.tsx';

const PAGE_SIZE = 25;
type TStatusFilter = TNcListQuery['status'];

const STATUS_OPTIONS: { value: TStatusFilter; label: string }[] = [
  { value: 'not_closed', label: 'Not closed' },
  { value: 'open', label: 'Open' },
  { value: 'dispositioned', label: 'Dispositioned' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

const hrefOf = (params: URLSearchParams, id: string) => {
  const next = new URLSearchParams(params);
  next.set('nc', id);
  return `?${next}`;
};

const what = (n: TNcSummary) =>
  `${formatQuantity(n.quantity, n.unitOfMeasure)} ${n.partNumber}${n.lotNumber ? `, lot ${n.lotNumber}` : ''}`;

function NcCard({ nc: n, href }: { nc: TNcSummary; href: string }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={`${n.numberText} ${n.partNumber}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={href} fw={600}>
          {n.numberText}
        </Anchor>
        <StatusBadge of="nonconformance" status={n.status} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {what(n)}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {n.description}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {n.dispositions.length > 0 ? `${dispositionsText(n)} · ` : ''}
        {n.openedByName} · <When at={n.openedAt} show="date" />
      </Text>
    </Card>
  );
}

function NcList() {
  const [params, setParams] = useSearchParams();
  const list = useListState<{ status: TStatusFilter }>({
    pageSize: PAGE_SIZE,
    filters: { status: 'not_closed' },
  });
  const [item, setItem] = useState<TItemOption | null>(null);
  const [supplier, setSupplier] = useState<TSupplierOption | null>(null);
  const openFor = params.get('openFor');
  const [opening, setOpening] = useState(false);
  const lot = useQuery({
    queryKey: ['lots', openFor],
    queryFn: ({ signal }) => getLot(openFor!, signal),
    enabled: openFor !== null,
  });
  const query: TNcListQuery = {
    page: list.page,
    pageSize: PAGE_SIZE,
    q: list.q,
    status: list.filters.status,
    ...(item ? { itemId: item.value } : {}),
    ...(supplier ? { supplierId: supplier.value } : {}),
  };
  const ncs = useQuery({
    queryKey: ncKeys.list(query),
    queryFn: ({ signal }) => listNonconformances(query, signal),
    placeholderData: keepPreviousData,
  });
  const closeDialog = () => {
    setOpening(false);
    if (openFor)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('openFor');
          return next;
        },
        { replace: true },
      );
  };
  const columns: TListColumn<TNcSummary>[] = [
    { id: 'number', header: 'Number', cell: (n) => n.numberText, cellProps: () => ({ fw: 600 }) },
    { id: 'status', header: 'Status', cell: (n) => <StatusBadge of="nonconformance" status={n.status} /> },
    { id: 'what', header: 'What', cell: what },
    { id: 'description', header: 'Description', cell: (n) => n.description },
    {
      id: 'disposition',
      header: 'Disposition',
      cell: dispositionsText,
    },
    { id: 'opened', header: 'Opened', cell: (n) => <When at={n.openedAt} show="date" /> },
  ];
  const filtered = Boolean(list.q || item || supplier);
  return (
    <>
      <DataList
        query={ncs}
        columns={columns}
        rowKey={(n) => n.id}
        rowHref={(n) => hrefOf(params, n.id)}
        label="Nonconformances"
        paging={list}
        pagesLabel="Pages of nonconformances"
        errorTitle="Nonconformances could not be loaded"
        loadingLabel="Loading nonconformances"
        summary={{
          noun: 'nonconformance',
          empty: filtered
            ? 'No nonconformance matches: check the search and the filters, or show “All”.'
            : 'No nonconformances here. Open one when stock is found wrong; a failed inspection opens one itself.',
        }}
        card={(n) => <NcCard nc={n} href={hrefOf(params, n.id)} />}
        minWidth={760}
        toolbar={
          <>
            <TextInput
              label="Search"
              placeholder="Number, item, lot or what is wrong"
              leftSection={<IconSearch size={16} />}
              value={list.search}
              onChange={(e) => list.setSearch(e.currentTarget.value)}
              w={{ base: '100%', xs: 260 }}
            />
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              value={list.filters.status}
              allowDeselect={false}
              onChange={(v) => list.setFilter('status', (v ?? 'not_closed') as TStatusFilter)}
              w={{ base: '100%', xs: 170 }}
            />
            <ItemSelect value={item} onChange={setItem} required={false} description={null} />
            <SupplierSelect value={supplier} onChange={setSupplier} />
          </>
        }
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setOpening(true)}>
            Open nonconformance
          </Button>
        }
      />
      <OpenDialog
        opened={opening || (openFor !== null && lot.data !== undefined)}
        lot={openFor ? (lot.data ?? null) : null}
        onClose={closeDialog}
        onOpened={(made) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.delete('openFor');
              next.set('nc', made.id);
              return next;
            },
            { replace: Boolean(openFor) },
          )
        }
      />
    </>
  );
}

export function NonconformancesView() {
  const [params, setParams] = useSearchParams();
  const ncId = params.get('nc');
  const back = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('nc');
      return next;
    });
  return (
    <Container size="xl" py="lg">
      {ncId ? <NcDetail key={ncId} ncId={ncId} onBack={back} /> : <NcList />}
    </Container>
  );
}
