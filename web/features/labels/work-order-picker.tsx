// Picks work orders to label (decision 053): the company's work orders, paged and searched on the server by number
// or assembly and narrowed by status, each with an Add button; a cancelled one gets no label. The picks join the
// selection Tag Items prints, labels and travellers alike.
import { Card, Group, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TWorkOrderSummary } from '#common/schemas/work-orders.ts';
import { type TWorkOrderStatus, WORK_ORDER_STATUSES } from '#common/work-order-status.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import { ListChoice, ListSearch, statusChoices } from '../../components/data-list/list-filters.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate } from '../../components/when.tsx';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { findWorkOrders, workOrdersToLabelKey } from './api.ts';
import { AddToLabelsButton, PickerCard, type TOnPick } from './pick-parts.tsx';

const PAGE_SIZE = 10;
type TFilter = TWorkOrderStatus | 'all';

const FILTER_OPTIONS = statusChoices('workOrder', WORK_ORDER_STATUSES);

/** How a work order reads in the selection. */
const pickLabel = (w: TWorkOrderSummary) => `${w.numberText} ${w.partNumber} ${w.name}`;

function AddButton({
  w,
  picked,
  onPick,
}: {
  w: TWorkOrderSummary;
  picked: ReadonlySet<string>;
  onPick: TOnPick;
}) {
  if (w.status === 'cancelled')
    return (
      <Text size="sm" c="dimmed">
        Cancelled: no label
      </Text>
    );
  return (
    <AddToLabelsButton
      pick={{ kind: 'work-order', id: w.id, label: pickLabel(w) }}
      tag={w.numberText}
      picked={picked}
      onPick={onPick}
    />
  );
}

function WorkOrderPicker({
  picked,
  onPick,
}: {
  /** Ids of the work orders already selected. */
  picked: ReadonlySet<string>;
  onPick: TOnPick;
}) {
  const list = useListState<{ status: TFilter }>({ pageSize: PAGE_SIZE, filters: { status: 'all' } });
  const status = list.filters.status === 'all' ? undefined : list.filters.status;
  const query = { q: list.q, ...(status ? { status } : {}), page: list.page, pageSize: PAGE_SIZE };
  const page = useQuery({
    queryKey: workOrdersToLabelKey(query),
    queryFn: ({ signal }) => findWorkOrders(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns: TListColumn<TWorkOrderSummary>[] = [
    { id: 'number', header: 'Work order', cell: (w) => w.numberText, cellProps: () => ({ fw: 600 }) },
    { id: 'part', header: 'Assembly', cell: (w) => `${w.partNumber} · ${w.name}` },
    {
      id: 'quantity',
      header: 'Quantity',
      cell: (w) => formatQuantity(w.quantity, w.unitOfMeasure),
      numeric: true,
    },
    { id: 'due', header: 'Due', cell: (w) => (w.dueOn ? <OnDate date={w.dueOn} /> : '—') },
    { id: 'status', header: 'Status', cell: (w) => <StatusBadge of="workOrder" status={w.status} /> },
    {
      id: 'add',
      header: 'Actions',
      headerHidden: true,
      cell: (w) => <AddButton w={w} picked={picked} onPick={onPick} />,
    },
  ];
  return (
    <DataList
      query={page}
      columns={columns}
      rowKey={(w) => w.id}
      label="Work orders to label"
      paging={list}
      pagesLabel="Pages of work orders to label"
      errorTitle="Work orders could not be loaded"
      loadingLabel="Loading work orders"
      summary={{
        noun: 'work order',
        plural: 'work orders',
        empty: list.q
          ? `No work order matches “${list.q}”.`
          : status
            ? 'No work orders with this status.'
            : 'No work orders yet: make one under Work Orders.',
      }}
      card={(w) => (
        <Card component="article" withBorder padding="sm" aria-label={w.numberText}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{w.numberText}</Text>
            <StatusBadge of="workOrder" status={w.status} />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {w.partNumber} · {w.name}
          </Text>
          <Group justify="space-between" mt={6} wrap="wrap">
            <Text size="sm">{formatQuantity(w.quantity, w.unitOfMeasure)}</Text>
            <AddButton w={w} picked={picked} onPick={onPick} />
          </Group>
        </Card>
      )}
      toolbar={
        <>
          <ListSearch list={list} label="Find work orders" placeholder="Number, part or name" w={240} />
          <ListChoice
            label="Work order status"
            options={FILTER_OPTIONS}
            value={list.filters.status}
            onChange={(status) => list.setFilter('status', status)}
            w={200}
          />
        </>
      }
    />
  );
}

/** Tag Items' Work orders card (Build on), as its Machines card (machine-picker.tsx). */
export function WorkOrdersToLabel({ picked, onPick }: { picked: ReadonlySet<string>; onPick: TOnPick }) {
  return (
    <PickerCard
      id="work-orders-to-label"
      title="Work orders"
      intro="A work order’s label carries its code: scanning it opens the work order on the floor."
    >
      <WorkOrderPicker picked={picked} onPick={onPick} />
    </PickerCard>
  );
}
