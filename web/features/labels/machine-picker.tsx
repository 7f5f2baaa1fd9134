// Picks machines to label (decision 060), shown on Tag Items while the Maintenance area is on: the company's machines,
// paged and searched on the server (name, asset tag, make, model, serial) and narrowed by status, each with an Add
// button. A machine's label carries its code: scanning it offers "report a breakdown" and "start due maintenance".
import { Card, Group, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MACHINE_STATUSES,
  type TMachinePage,
  type TMachineStatus,
  type TMachineSummary,
} from '#common/schemas/machines.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import { ListChoice, ListSearch, statusChoices } from '../../components/data-list/list-filters.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { api } from '../../lib/api-client.ts';
import { AddToLabelsButton, PickerCard, type TOnPick } from './pick-parts.tsx';

const PAGE_SIZE = 10;
type TFilter = TMachineStatus | 'all';
const FILTER_OPTIONS = statusChoices('machine', MACHINE_STATUSES);

/** The machines list of the Machines screen's API; a call of this feature's own, as features do not share calls. */
function findMachines(
  query: { q: string; status?: TMachineStatus; page: number; pageSize: number },
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  return api<TMachinePage>(`/api/v1/machines?${params}`, { signal });
}

const pickLabel = (m: TMachineSummary) => `${m.assetTag} ${m.name}`;

const AddButton = ({
  m,
  picked,
  onPick,
}: {
  m: TMachineSummary;
  picked: ReadonlySet<string>;
  onPick: TOnPick;
}) => (
  <AddToLabelsButton
    pick={{ kind: 'machine', id: m.id, label: pickLabel(m) }}
    tag={m.assetTag}
    picked={picked}
    onPick={onPick}
  />
);

function MachinePicker({ picked, onPick }: { picked: ReadonlySet<string>; onPick: TOnPick }) {
  const list = useListState<{ status: TFilter }>({ pageSize: PAGE_SIZE, filters: { status: 'all' } });
  const status = list.filters.status === 'all' ? undefined : list.filters.status;
  const query = { q: list.q, ...(status ? { status } : {}), page: list.page, pageSize: PAGE_SIZE };
  const page = useQuery({
    // Under the machines' keys: a machine added or changed on the Machines screen refreshes this list.
    queryKey: ['machines', 'labels', query],
    queryFn: ({ signal }) => findMachines(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns: TListColumn<TMachineSummary>[] = [
    { id: 'tag', header: 'Asset tag', cell: (m) => m.assetTag, cellProps: () => ({ fw: 600 }) },
    { id: 'name', header: 'Machine', cell: (m) => m.name },
    { id: 'location', header: 'Location', cell: (m) => m.location?.code ?? '—' },
    { id: 'status', header: 'Status', cell: (m) => <StatusBadge of="machine" status={m.status} /> },
    {
      id: 'add',
      header: 'Actions',
      headerHidden: true,
      cell: (m) => <AddButton m={m} picked={picked} onPick={onPick} />,
    },
  ];
  return (
    <DataList
      query={page}
      columns={columns}
      rowKey={(m) => m.id}
      label="Machines to label"
      paging={list}
      pagesLabel="Pages of machines to label"
      errorTitle="Machines could not be loaded"
      loadingLabel="Loading machines"
      summary={{
        noun: 'machine',
        plural: 'machines',
        empty: list.q
          ? `No machine matches “${list.q}”.`
          : status
            ? 'No machines with this status.'
            : 'No machines yet: an admin adds them under Machines.',
      }}
      card={(m) => (
        <Card component="article" withBorder padding="sm" aria-label={m.assetTag}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{m.assetTag}</Text>
            <StatusBadge of="machine" status={m.status} />
          </Group>
          <Group justify="space-between" mt={6} wrap="wrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {m.name}
            </Text>
            <AddButton m={m} picked={picked} onPick={onPick} />
          </Group>
        </Card>
      )}
      toolbar={
        <>
          <ListSearch list={list} label="Find machines" placeholder="Name, asset tag, make" w={240} />
          <ListChoice
            label="Machine status"
            options={FILTER_OPTIONS}
            value={list.filters.status}
            onChange={(next) => list.setFilter('status', next)}
            w={200}
          />
        </>
      }
    />
  );
}

/** Tag Items' Machines card. */
export function MachinesToLabel({ picked, onPick }: { picked: ReadonlySet<string>; onPick: TOnPick }) {
  return (
    <PickerCard
      id="machines-to-label"
      title="Machines"
      intro="A machine’s label carries its code: scanning it offers to report a breakdown or start the maintenance due."
    >
      <MachinePicker picked={picked} onPick={onPick} />
    </PickerCard>
  );
}
