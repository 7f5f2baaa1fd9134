// The company's machines by name, paged on the server and narrowed there by a search (name, asset tag, make, model,
// serial) and status, with their CSV (the same filters) and "Add machine". A table on wide screens, cards on phones.
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  MACHINE_STATUSES,
  type TMachineListQuery,
  type TMachineStatus,
  type TMachineSummary,
} from '#common/schemas/machines.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import { ListChoice, ListSearch, statusChoices } from '../../components/data-list/list-filters.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { downloadMachinesCsv, listMachines, machineKeys, machinePath } from './api.ts';
import { MachineDialog } from './machine-dialog.tsx';
import { formatHours } from './meter-format.ts';

const PAGE_SIZE = 25;
type TFilter = TMachineStatus | 'all';

const FILTER_OPTIONS = statusChoices('machine', MACHINE_STATUSES);

const linkTo = (m: TMachineSummary) => machinePath(m.id);
const makeModel = (m: TMachineSummary) => [m.make, m.model].filter(Boolean).join(' ') || '—';

const COLUMNS: TListColumn<TMachineSummary>[] = [
  { id: 'name', header: 'Machine', cell: (m) => m.name, cellProps: () => ({ fw: 600 }) },
  { id: 'tag', header: 'Asset tag', cell: (m) => m.assetTag },
  { id: 'location', header: 'Location', cell: (m) => m.location?.code ?? '—' },
  { id: 'make', header: 'Make and model', cell: makeModel },
  { id: 'meter', header: 'Meter', cell: (m) => formatHours(m.meterReading), numeric: true },
  { id: 'status', header: 'Status', cell: (m) => <StatusBadge of="machine" status={m.status} /> },
];

function MachineCard({ m }: { m: TMachineSummary }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={m.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={linkTo(m)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {m.name}
        </Anchor>
        <StatusBadge of="machine" status={m.status} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {m.assetTag} · {makeModel(m)}
      </Text>
      <Group justify="space-between" mt={6} wrap="wrap">
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {m.location?.code ?? 'No location'}
        </Text>
        <Text size="sm">{formatHours(m.meterReading)}</Text>
      </Group>
    </Card>
  );
}

export function MachineList() {
  const navigate = useNavigate();
  const list = useListState<{ status: TFilter }>({ pageSize: PAGE_SIZE, filters: { status: 'all' } });
  const [adding, setAdding] = useState(false);
  const status = list.filters.status === 'all' ? undefined : list.filters.status;
  const filter = { q: list.q, ...(status ? { status } : {}) };
  const query: TMachineListQuery = { ...filter, page: list.page, pageSize: PAGE_SIZE };
  const page = useQuery({
    queryKey: machineKeys.list(query),
    queryFn: ({ signal }) => listMachines(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Machines
      </Title>
      <Text c="dimmed" maw={720}>
        The machines your shop maintains: where each stands, whether it is running, down or in maintenance,
        and its runtime meter. Open one to change its status or record a meter reading.
      </Text>
      <DataList
        query={page}
        columns={COLUMNS}
        rowKey={(m) => m.id}
        label="Machines"
        paging={list}
        pagesLabel="Pages of machines"
        errorTitle="Machines could not be loaded"
        loadingLabel="Loading machines"
        summary={{
          noun: 'machine',
          plural: 'machines',
          empty: list.q
            ? `No machine matches “${list.q}”.`
            : status
              ? 'No machines have this status. Choose All statuses to see every one.'
              : 'No machines yet. Add one with “Add machine”.',
        }}
        rowHref={linkTo}
        card={(m) => <MachineCard m={m} />}
        toolbar={
          <>
            <ListSearch
              list={list}
              label="Search machines"
              placeholder="Name, tag, make, serial"
              visibleLabel
            />
            <ListChoice
              label="Status"
              visibleLabel
              options={FILTER_OPTIONS}
              value={list.filters.status}
              onChange={(next) => list.setFilter('status', next)}
              w={200}
            />
          </>
        }
        exportCsv={() => downloadMachinesCsv(filter)}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add machine
          </Button>
        }
      />
      <MachineDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(saved) => {
          setAdding(false);
          navigate(machinePath(saved.id));
        }}
      />
    </Stack>
  );
}
