// The company's work orders, newest first, paged and filtered by status and searched by number or part on the
// server, with their CSV and "New work order". A table on wide screens, cards on phones.
import { Anchor, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TWorkOrderListQuery, TWorkOrderSummary } from '#common/schemas/work-orders.ts';
import { statusStyle } from '#common/statuses.ts';
import { type TWorkOrderStatus, WORK_ORDER_STATUSES } from '#common/work-order-status.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate } from '../../components/when.tsx';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { workOrderPath } from '../../lib/work-order-links.ts';
import { downloadWorkOrdersCsv, listWorkOrders, workOrderKeys } from './api.ts';
import { NewWorkOrderDialog } from './new-work-order-dialog.tsx';

const PAGE_SIZE = 25;
type TFilter = TWorkOrderStatus | 'all';

const FILTER_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...WORK_ORDER_STATUSES.map((s) => ({ value: s, label: statusStyle('workOrder', s).label })),
];

const linkTo = (w: TWorkOrderSummary) => workOrderPath(w.id);

function Due({ w, empty = '—' }: { w: TWorkOrderSummary; empty?: string }) {
  return w.dueOn ? (
    <OnDate date={w.dueOn} />
  ) : (
    <Text span size="sm" c="dimmed">
      {empty}
    </Text>
  );
}

const COLUMNS: TListColumn<TWorkOrderSummary>[] = [
  { id: 'number', header: 'Work order', cell: (w) => w.numberText, cellProps: () => ({ fw: 600 }) },
  { id: 'part', header: 'Assembly', cell: (w) => `${w.partNumber} · ${w.name}` },
  {
    id: 'quantity',
    header: 'Quantity',
    cell: (w) => formatQuantity(w.quantity, w.unitOfMeasure),
    numeric: true,
  },
  { id: 'due', header: 'Due', cell: (w) => <Due w={w} /> },
  { id: 'order', header: 'Order', cell: (w) => w.orderNumberText ?? 'For stock' },
  { id: 'status', header: 'Status', cell: (w) => <StatusBadge of="workOrder" status={w.status} /> },
];

function WorkOrderCard({ w }: { w: TWorkOrderSummary }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={w.numberText}>
      <Group justify="space-between" wrap="nowrap">
        <Anchor component={Link} to={linkTo(w)} fw={600}>
          {w.numberText}
        </Anchor>
        <StatusBadge of="workOrder" status={w.status} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {w.partNumber} · {w.name}
      </Text>
      <Group justify="space-between" mt={6} wrap="wrap">
        <Text size="sm">{formatQuantity(w.quantity, w.unitOfMeasure)}</Text>
        <Text size="sm" c="dimmed">
          Due <Due w={w} empty="not set" />
        </Text>
      </Group>
    </Card>
  );
}

export function WorkOrderList() {
  const list = useListState<{ status: TFilter }>({ pageSize: PAGE_SIZE, filters: { status: 'all' } });
  const [adding, setAdding] = useState(false);
  const status = list.filters.status === 'all' ? undefined : list.filters.status;
  const query: TWorkOrderListQuery = {
    q: list.q,
    ...(status ? { status } : {}),
    page: list.page,
    pageSize: PAGE_SIZE,
  };
  const page = useQuery({
    queryKey: workOrderKeys.list(query),
    queryFn: ({ signal }) => listWorkOrders(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Work Orders
      </Title>
      <Text c="dimmed" maw={720}>
        What to build, how many and by when, each to its assembly’s released revision. Releasing a work order
        reserves its components; print its traveller to send it to the floor.
      </Text>
      <DataList
        query={page}
        columns={COLUMNS}
        rowKey={(w) => w.id}
        label="Work orders"
        paging={list}
        pagesLabel="Pages of work orders"
        errorTitle="Work orders could not be loaded"
        loadingLabel="Loading work orders"
        summary={{
          noun: 'work order',
          plural: 'work orders',
          empty: list.q
            ? `No work order matches “${list.q}”.`
            : status
              ? 'No work orders with this status.'
              : 'No work orders yet. Make one with “New work order”.',
        }}
        rowHref={linkTo}
        card={(w) => <WorkOrderCard w={w} />}
        toolbar={
          <>
            <TextInput
              aria-label="Search work orders"
              placeholder="Number or part"
              leftSection={<IconSearch size={16} />}
              value={list.search}
              onChange={(e) => list.setSearch(e.currentTarget.value)}
            />
            <Select
              aria-label="Status"
              data={FILTER_OPTIONS}
              value={list.filters.status}
              allowDeselect={false}
              onChange={(value) => list.setFilter('status', (value ?? 'all') as TFilter)}
              w={200}
              maw="100%"
            />
          </>
        }
        exportCsv={() => downloadWorkOrdersCsv({ q: list.q, ...(status ? { status } : {}) })}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            New work order
          </Button>
        }
      />
      <NewWorkOrderDialog opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
