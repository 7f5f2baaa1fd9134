// What is behind a job's figures (decision 084): its people and work orders over the period, and the time entries and
// ledger lines themselves (of one person or work order when one was opened), each a server-paged list — a table from
// `sm` up (drill-columns.tsx) and a card per row on a phone (drill-cards.tsx), as every list of the app. Entries and
// lines come with their own exact money (an entry's cost at its rate, a line's at its unit cost), written to the cent.
import { Button, Group, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn, TListQuery } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import type { TDateRange } from '../../components/date-range-field.tsx';
import { type TCompanyClock, useCompanyClock } from '../../lib/company-clock.tsx';
import { getJobCostDrill, jobCostKey, type TDrillKind, type TDrillPage } from './api.ts';
import { EntryCard, LineCard, PersonCard, WorkOrderCard } from './drill-cards.tsx';
import {
  entryColumns,
  lineColumns,
  peopleColumns,
  type TDrillFilter,
  type TOpenDrill,
  workOrderColumns,
} from './drill-columns.tsx';

export type { TDrillFilter } from './drill-columns.tsx';

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

type TRowOf<K extends TDrillKind> = TDrillPage[K]['items'][number];
interface TLayout<K extends TDrillKind> {
  columns: TListColumn<TRowOf<K>>[];
  card: (row: TRowOf<K>) => ReactNode;
  rowKey: (row: TRowOf<K>) => string;
}

/** Each kind's table columns, phone card and row key. */
function layouts(clock: TCompanyClock, open: TOpenDrill): { [K in TDrillKind]: TLayout<K> } {
  return {
    people: {
      columns: peopleColumns(open),
      card: (row) => <PersonCard row={row} open={open} />,
      rowKey: (row) => row.userId,
    },
    'work-orders': {
      columns: workOrderColumns(open),
      card: (row) => <WorkOrderCard row={row} open={open} />,
      rowKey: (row) => row.workOrderId,
    },
    entries: {
      columns: entryColumns(clock),
      card: (row) => <EntryCard row={row} clock={clock} />,
      rowKey: (row) => row.id,
    },
    lines: {
      columns: lineColumns(clock),
      card: (row) => <LineCard row={row} clock={clock} />,
      rowKey: (row) => row.id,
    },
  };
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
  const open: TOpenDrill = (tab, next) => {
    const noun = tab === 'entries' ? 'Entries' : 'Lines';
    return (
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => onOpen(tab, next)}
        aria-label={`${noun} of ${next.label}`}
      >
        {noun}
      </Button>
    );
  };
  // The page, columns and card are of one kind at a time; TypeScript sees a union of kinds, so DataList is given one
  // of them by name (any would do: its row type only has to agree between the query, the columns and the card).
  const layout = layouts(clock, open)[kind] as unknown as TLayout<'people'>;
  const rows = page as TListQuery<TDrillPage['people']>;
  return (
    <DataList
      query={rows}
      columns={layout.columns}
      card={layout.card}
      rowKey={layout.rowKey}
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
      minWidth={720}
    />
  );
}
