// The company's orders, newest first, paged, searched and filtered by status on the server, with their CSV and
// "New order". A table on wide screens, cards on phones.
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  BUILD_ORDER_FILTERS,
  type TBuildOrderListQuery,
  type TBuildOrderSummary,
} from '#common/schemas/build-orders.ts';
import { statusStyle } from '#common/statuses.ts';
import { UNFINISHED_BUILD_ORDER_STATUSES } from '#common/work-order-status.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import { ListChoice, ListSearch } from '../../components/data-list/list-filters.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate } from '../../components/when.tsx';
import { downloadOrdersCsv, listOrders, orderHref, orderKeys } from './api.ts';
import { NewOrderDialog } from './new-order-dialog.tsx';

const PAGE_SIZE = 25;
type TFilter = (typeof BUILD_ORDER_FILTERS)[number];

/** "Draft, open or in progress": the statuses themselves, so the choice cannot be read two ways. */
const UNFINISHED_LABEL = (() => {
  const names = UNFINISHED_BUILD_ORDER_STATUSES.map((s, i) => {
    const label = statusStyle('buildOrder', s).label;
    return i === 0 ? label : label.toLowerCase();
  });
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
})();

const FILTER_OPTIONS = BUILD_ORDER_FILTERS.map((f: TFilter) => ({
  value: f,
  label: f === 'all' ? 'All orders' : f === 'active' ? UNFINISHED_LABEL : statusStyle('buildOrder', f).label,
}));

/** "25 Nov 2026", "Overdue" beside it when it is past and the order is not finished. */
function Due({ o, empty = '—' }: { o: TBuildOrderSummary; empty?: string }) {
  if (!o.dueOn)
    return (
      <Text span size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <OnDate date={o.dueOn} />
      {o.overdue ? (
        <Text span size="xs" fw={700} c="red.9">
          Overdue
        </Text>
      ) : null}
    </Group>
  );
}

const customerOf = (o: TBuildOrderSummary) => o.customer ?? 'For stock';

const COLUMNS: TListColumn<TBuildOrderSummary>[] = [
  { id: 'number', header: 'Order', cell: (o) => o.numberText, cellProps: () => ({ fw: 600 }) },
  { id: 'customer', header: 'Customer', cell: customerOf },
  { id: 'due', header: 'Due', cell: (o) => <Due o={o} /> },
  { id: 'status', header: 'Status', cell: (o) => <StatusBadge of="buildOrder" status={o.status} /> },
  { id: 'lines', header: 'Lines', cell: (o) => o.lineCount, numeric: true },
];

function OrderCard({ o, href }: { o: TBuildOrderSummary; href: string }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={o.numberText}>
      <Group justify="space-between" wrap="nowrap">
        <Anchor component={Link} to={href} fw={600}>
          {o.numberText}
        </Anchor>
        <StatusBadge of="buildOrder" status={o.status} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {customerOf(o)}
      </Text>
      <Group justify="space-between" mt={6} wrap="wrap">
        <Due o={o} empty="No due date" />
        <Text size="xs" c="dimmed">
          {o.lineCount} line{o.lineCount === 1 ? '' : 's'}
        </Text>
      </Group>
    </Card>
  );
}

export function OrderList() {
  const { pathname } = useLocation();
  const list = useListState<{ status: TFilter }>({ pageSize: PAGE_SIZE, filters: { status: 'active' } });
  const [adding, setAdding] = useState(false);
  const query: TBuildOrderListQuery = {
    q: list.q,
    status: list.filters.status,
    page: list.page,
    pageSize: PAGE_SIZE,
  };
  const page = useQuery({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => listOrders(query, signal),
    placeholderData: keepPreviousData,
  });
  const linkTo = (o: TBuildOrderSummary) => orderHref(pathname, o.id);
  return (
    <Stack>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Manage Orders
      </Title>
      <Text c="dimmed" maw={720}>
        Orders of assemblies for a customer or for stock. Open an order to check whether it can be built from
        stock and to make work orders from its lines.
      </Text>
      <DataList
        query={page}
        columns={COLUMNS}
        rowKey={(o) => o.id}
        label="Orders"
        paging={list}
        pagesLabel="Pages of orders"
        errorTitle="Orders could not be loaded"
        loadingLabel="Loading orders"
        summary={{
          noun: 'order',
          plural: 'orders',
          empty: list.q
            ? `No order matches “${list.q}”.`
            : list.filters.status === 'all'
              ? 'No orders yet. Make one with “New order”.'
              : 'No orders with this status.',
        }}
        rowHref={linkTo}
        card={(o) => <OrderCard o={o} href={linkTo(o)} />}
        toolbar={
          <>
            <ListSearch list={list} label="Search orders" placeholder="Number, customer or notes" />
            <ListChoice
              label="Status"
              options={FILTER_OPTIONS}
              // Room for the longest choice, "Draft, open or in progress", written out whole.
              w={270}
              value={list.filters.status}
              onChange={(status) => list.setFilter('status', status)}
            />
          </>
        }
        exportCsv={() => downloadOrdersCsv({ q: list.q, status: list.filters.status })}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            New order
          </Button>
        }
      />
      <NewOrderDialog opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
