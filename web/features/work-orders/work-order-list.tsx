// The company's work orders, newest first, paged on the server and narrowed there by number or part, status,
// assembly and due dates, with their CSV (the same filters) and "New work order". A sub-assembly's work order sits
// indented under its parent when both are on the page, and says which it is for (decision 064). A table on wide
// screens, cards on phones.
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TWorkOrderListQuery, TWorkOrderSummary } from '#common/schemas/work-orders.ts';
import { type TWorkOrderStatus, WORK_ORDER_STATUSES } from '#common/work-order-status.ts';
import { nestByParent } from '#common/work-order-tree.ts';
import { AssemblySelect, type TAssemblyOption } from '../../components/assembly-picker.tsx';
import { DataList } from '../../components/data-list/data-list.tsx';
import { ListChoice, ListSearch, statusChoices } from '../../components/data-list/list-filters.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { DateRangeField, type TDateRange } from '../../components/date-range-field.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate } from '../../components/when.tsx';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { workOrderPath } from '../../lib/work-order-links.ts';
import { downloadWorkOrdersCsv, listWorkOrders, workOrderKeys } from './api.ts';
import { NewWorkOrderDialog } from './new-work-order-dialog.tsx';

const PAGE_SIZE = 25;
type TFilter = TWorkOrderStatus | 'all';

const FILTER_OPTIONS = statusChoices('workOrder', WORK_ORDER_STATUSES);

/** A row of the page: the summary and how deep it sits under a parent on the same page (decision 064). */
type TRow = TWorkOrderSummary & { depth: number };

const linkTo = (w: TWorkOrderSummary) => workOrderPath(w.id);
/** Children under their parent, indented by level (at most four steps, so a phone still fits them). */
const indent = (w: TRow) => Math.min(w.depth, 4) * 16;

function ParentNote({ w }: { w: TWorkOrderSummary }) {
  return w.parentNumberText ? (
    <Text span size="xs" c="dimmed" ml={6}>
      for {w.parentNumberText}
    </Text>
  ) : null;
}

function Due({ w, empty = '—' }: { w: TWorkOrderSummary; empty?: string }) {
  return w.dueOn ? (
    <OnDate date={w.dueOn} />
  ) : (
    <Text span size="sm" c="dimmed">
      {empty}
    </Text>
  );
}

const COLUMNS: TListColumn<TRow>[] = [
  {
    id: 'number',
    header: 'Work order',
    cell: (w) => w.numberText,
    detail: (w) => <ParentNote w={w} />,
    cellProps: (w) => ({
      fw: 600,
      ...(w.depth > 0 ? { pl: `calc(var(--mantine-spacing-xs) + ${indent(w)}px)` } : {}),
    }),
  },
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

function WorkOrderCard({ w }: { w: TRow }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={w.numberText} ml={indent(w)}>
      <Group justify="space-between" wrap="nowrap">
        <Anchor component={Link} to={linkTo(w)} fw={600}>
          {w.numberText}
        </Anchor>
        <StatusBadge of="workOrder" status={w.status} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {w.partNumber} · {w.name} <ParentNote w={w} />
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
  const list = useListState<{ status: TFilter; assembly: TAssemblyOption | null; due: TDateRange }>({
    pageSize: PAGE_SIZE,
    filters: { status: 'all', assembly: null, due: { from: '', to: '' } },
  });
  const [adding, setAdding] = useState(false);
  const { assembly, due } = list.filters;
  const status = list.filters.status === 'all' ? undefined : list.filters.status;
  const filter = {
    q: list.q,
    ...(status ? { status } : {}),
    ...(assembly ? { assemblyId: assembly.value } : {}),
    ...(due.from ? { dueFrom: due.from, dueTo: due.to } : {}),
  };
  const filtered = Boolean(list.q || status || assembly || due.from);
  const query: TWorkOrderListQuery = { ...filter, page: list.page, pageSize: PAGE_SIZE };
  const page = useQuery({
    queryKey: workOrderKeys.list(query),
    queryFn: ({ signal }) => listWorkOrders(query, signal),
    // Each child right under its parent when both are on the page (newest first otherwise).
    select: (found) => ({ ...found, items: nestByParent(found.items) }),
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
            : filtered
              ? 'No work orders match these filters. Clear one to see more.'
              : 'No work orders yet. Make one with “New work order”.',
        }}
        rowHref={linkTo}
        card={(w) => <WorkOrderCard w={w} />}
        toolbar={
          <>
            <ListSearch list={list} label="Search work orders" placeholder="Number or part" visibleLabel />
            <ListChoice
              label="Status"
              visibleLabel
              options={FILTER_OPTIONS}
              value={list.filters.status}
              onChange={(next) => list.setFilter('status', next)}
              w={200}
            />
            <AssemblySelect
              filter
              label="Assembly"
              value={assembly}
              onChange={(next) => list.setFilter('assembly', next)}
              w={260}
            />
            <DateRangeField
              label="Due"
              clearable
              value={due}
              onChange={(next) => list.setFilter('due', next)}
              w={240}
            />
          </>
        }
        exportCsv={() => downloadWorkOrdersCsv(filter)}
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
