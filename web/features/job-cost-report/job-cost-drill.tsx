// What is behind a job's figures (decision 084): its people and work orders over the period, and the time entries and
// ledger lines themselves (of one person or work order when one was opened), each a server-paged list. Entries and
// lines show their own exact money: an entry's cost at its rate, a line's at its unit cost.
import { Button, Group, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  JOB_COST_CATEGORY_LABELS,
  type TJobCostEntry,
  type TJobCostLine,
  type TJobCostPerson,
  type TJobCostWorkOrder,
} from '#common/schemas/job-cost-drill.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import type { TDateRange } from '../../components/date-range-field.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { getJobCostDrill, jobCostKey, type TDrillKind } from './api.ts';

/** The person or work order the entries and lines are narrowed to, with how to name it. */
export interface TDrillFilter {
  userId?: string;
  workOrderId?: string;
  label?: string;
}

const PAGE_SIZE = 25;
const WHAT: Record<TDrillKind, { noun: string; plural: string; label: string; empty: string }> = {
  people: {
    noun: 'person',
    plural: 'people',
    label: 'Time by person',
    empty: 'Nobody’s time is on this job in the period.',
  },
  'work-orders': {
    noun: 'work order',
    plural: 'work orders',
    label: 'Cost by work order',
    empty: 'The job has no work orders: link its orders under Job Management.',
  },
  entries: {
    noun: 'time entry',
    plural: 'time entries',
    label: 'Time entries',
    empty: 'No ended time entry in the period.',
  },
  lines: {
    noun: 'ledger line',
    plural: 'ledger lines',
    label: 'Ledger lines',
    empty: 'No stock charged in the period.',
  },
};

interface TDrillProps {
  kind: TDrillKind;
  jobId: string;
  period: TDateRange;
  filter: TDrillFilter;
  onClear: () => void;
  onOpen: (tab: string, filter: TDrillFilter) => void;
}

export function DrillTab({ kind, jobId, period, filter, onClear, onOpen }: TDrillProps) {
  const list = useListState({ pageSize: PAGE_SIZE });
  const clock = useCompanyClock();
  const query = {
    ...period,
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(filter.userId ? { userId: filter.userId } : {}),
    ...(filter.workOrderId ? { workOrderId: filter.workOrderId } : {}),
  };
  const page = useQuery({
    queryKey: jobCostKey('drill', kind, jobId, query),
    queryFn: ({ signal }) => getJobCostDrill(kind, jobId, query, signal),
    placeholderData: keepPreviousData,
  });
  const what = WHAT[kind];
  const open = (tab: string, next: TDrillFilter) => (
    <Button variant="subtle" size="compact-sm" onClick={() => onOpen(tab, next)}>
      {tab === 'entries' ? 'Entries' : 'Lines'}
    </Button>
  );
  const columns: Record<TDrillKind, TListColumn<never>[]> = {
    people: [
      { id: 'name', header: 'Person', cell: (r: TJobCostPerson) => r.name, cellProps: () => ({ fw: 600 }) },
      { id: 'entries', header: 'Entries', numeric: true, cell: (r: TJobCostPerson) => String(r.entries) },
      { id: 'hours', header: 'Hours', numeric: true, cell: (r: TJobCostPerson) => r.laborHours },
      { id: 'cost', header: 'Labor cost', numeric: true, cell: (r: TJobCostPerson) => r.laborCost },
      {
        id: 'open',
        header: 'Open',
        headerHidden: true,
        cell: (r: TJobCostPerson) => open('entries', { userId: r.userId, label: r.name }),
      },
    ] as TListColumn<never>[],
    'work-orders': [
      {
        id: 'number',
        header: 'Work order',
        cell: (r: TJobCostWorkOrder) => r.number,
        cellProps: () => ({ fw: 600 }),
      },
      { id: 'part', header: 'Builds', cell: (r: TJobCostWorkOrder) => r.partNumber },
      { id: 'hours', header: 'Labor hours', numeric: true, cell: (r: TJobCostWorkOrder) => r.laborHours },
      { id: 'labor', header: 'Labor cost', numeric: true, cell: (r: TJobCostWorkOrder) => r.laborCost },
      {
        id: 'material',
        header: 'Consumed',
        numeric: true,
        cell: (r: TJobCostWorkOrder) => r.materialConsumed,
      },
      { id: 'total', header: 'Total', numeric: true, cell: (r: TJobCostWorkOrder) => r.totalCost },
      {
        id: 'open',
        header: 'Open',
        headerHidden: true,
        cell: (r: TJobCostWorkOrder) => (
          <Group gap={4} wrap="nowrap">
            {open('entries', { workOrderId: r.workOrderId, label: r.number })}
            {open('lines', { workOrderId: r.workOrderId, label: r.number })}
          </Group>
        ),
      },
    ] as TListColumn<never>[],
    entries: [
      { id: 'who', header: 'Person', cell: (r: TJobCostEntry) => r.userName, cellProps: () => ({ fw: 600 }) },
      { id: 'from', header: 'Started', cell: (r: TJobCostEntry) => clock.dateTime(r.startedAt) },
      { id: 'to', header: 'Ended', cell: (r: TJobCostEntry) => clock.dateTime(r.endedAt) },
      { id: 'hours', header: 'Hours', numeric: true, cell: (r: TJobCostEntry) => r.hours },
      { id: 'rate', header: 'Rate', numeric: true, cell: (r: TJobCostEntry) => r.rate },
      { id: 'cost', header: 'Cost', numeric: true, cell: (r: TJobCostEntry) => r.cost },
      { id: 'on', header: 'On', cell: (r: TJobCostEntry) => r.workOrderNumber ?? r.activity ?? '—' },
    ] as TListColumn<never>[],
    lines: [
      { id: 'at', header: 'Posted', cell: (r: TJobCostLine) => clock.dateTime(r.postedAt) },
      {
        id: 'what',
        header: 'What',
        cell: (r: TJobCostLine) =>
          `${JOB_COST_CATEGORY_LABELS[r.category]}${r.kind === 'reversal' ? ' (returned)' : ''}`,
      },
      { id: 'part', header: 'Part', cell: (r: TJobCostLine) => `${r.partNumber} · ${r.itemName}` },
      { id: 'qty', header: 'Quantity', numeric: true, cell: (r: TJobCostLine) => r.quantity },
      { id: 'unit', header: 'Unit cost', numeric: true, cell: (r: TJobCostLine) => r.unitCost },
      { id: 'cost', header: 'Cost', numeric: true, cell: (r: TJobCostLine) => r.cost },
      { id: 'ref', header: 'Reference', cell: (r: TJobCostLine) => r.workOrderNumber ?? r.reference },
    ] as TListColumn<never>[],
  };
  return (
    <DataList
      query={page as never}
      columns={columns[kind]}
      rowKey={(row: { id?: string; userId?: string; workOrderId?: string }) =>
        row.id ?? row.userId ?? row.workOrderId ?? ''
      }
      label={filter.label ? `${what.label} of ${filter.label}` : what.label}
      paging={list}
      pagesLabel={`Pages of ${what.plural}`}
      errorTitle="The list could not be read"
      loadingLabel={`Reading the ${what.plural}`}
      summary={{ noun: what.noun, plural: what.plural, empty: what.empty }}
      toolbar={
        filter.label ? (
          <Group gap="xs">
            <Text size="sm">Of {filter.label}</Text>
            <Button variant="light" size="compact-sm" onClick={onClear}>
              Show all
            </Button>
          </Group>
        ) : undefined
      }
      oneLayout
      minWidth={720}
    />
  );
}
