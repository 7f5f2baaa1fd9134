// The company's maintenance plans by title, paged on the server and narrowed there by a search (title, machine name,
// asset tag), a machine and on/off; each with its schedule in words, next due date and state, and assignee; and
// "Add plan". A table on wide screens, cards on phones.
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TPlanListQuery, TPlanSummary } from '#common/schemas/maintenance-plans.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import { ListChoice, ListSearch } from '../../components/data-list/list-filters.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { MachineSelect } from '../../components/machine-select.tsx';
import { listPlans, planKeys, planPath } from './api.ts';
import { NextDue } from './next-due.tsx';
import { PlanDialog } from './plan-dialog.tsx';
import { scheduleInWords } from './schedule-words.ts';

const PAGE_SIZE = 25;
type TActive = 'all' | 'true' | 'false';
const ACTIVE_OPTIONS: { value: TActive; label: string }[] = [
  { value: 'all', label: 'On and off' },
  { value: 'true', label: 'Switched on' },
  { value: 'false', label: 'Switched off' },
];

const linkTo = (p: TPlanSummary) => planPath(p.id);
const machineOf = (p: TPlanSummary) => `${p.machine.name} (${p.machine.assetTag})`;

const COLUMNS: TListColumn<TPlanSummary>[] = [
  { id: 'title', header: 'Plan', cell: (p) => p.title, cellProps: () => ({ fw: 600 }) },
  { id: 'machine', header: 'Machine', cell: machineOf },
  { id: 'schedule', header: 'Schedule', cell: scheduleInWords },
  { id: 'next', header: 'Next due', cell: (p) => <NextDue open={p.open} active={p.active} /> },
  { id: 'assignee', header: 'Assignee', cell: (p) => p.assignee?.name ?? 'Unassigned' },
];

function PlanCard({ p }: { p: TPlanSummary }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={p.title}>
      <Anchor component={Link} to={linkTo(p)} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {p.title}
      </Anchor>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {machineOf(p)} · {scheduleInWords(p)}
      </Text>
      <Group justify="space-between" mt={6} wrap="wrap">
        <NextDue open={p.open} active={p.active} />
        <Text size="sm" c="dimmed">
          {p.assignee?.name ?? 'Unassigned'}
        </Text>
      </Group>
    </Card>
  );
}

export function PlanList() {
  const navigate = useNavigate();
  const list = useListState<{ active: TActive; machineId: string | null }>({
    pageSize: PAGE_SIZE,
    filters: { active: 'all', machineId: null },
  });
  const [machineLabel, setMachineLabel] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const { active, machineId } = list.filters;
  const query: TPlanListQuery = {
    q: list.q,
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(active === 'all' ? {} : { active }),
    ...(machineId ? { machineId } : {}),
  };
  const page = useQuery({
    queryKey: planKeys.list(query),
    queryFn: ({ signal }) => listPlans(query, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = list.q || active !== 'all' || machineId;
  return (
    <Stack>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Maintenance plans
      </Title>
      <Text c="dimmed" maw={720}>
        Preventive maintenance of your machines: what to do and when — every so many days, weeks or months,
        every so many runtime hours, or whichever comes first. Open a plan to see its next dates and complete
        its work.
      </Text>
      <DataList
        query={page}
        columns={COLUMNS}
        rowKey={(p) => p.id}
        label="Maintenance plans"
        paging={list}
        pagesLabel="Pages of maintenance plans"
        errorTitle="Maintenance plans could not be loaded"
        loadingLabel="Loading maintenance plans"
        summary={{
          noun: 'plan',
          plural: 'plans',
          empty: filtered
            ? 'No plan matches. Clear the search or choose another machine to see more.'
            : 'No maintenance plans yet. Add one with “Add plan”.',
        }}
        rowHref={linkTo}
        card={(p) => <PlanCard p={p} />}
        toolbar={
          <>
            <ListSearch list={list} label="Search plans" placeholder="Title, machine, tag" visibleLabel />
            <MachineSelect
              filter
              value={machineId ? { value: machineId, label: machineLabel ?? '' } : null}
              onChange={(machine) => {
                setMachineLabel(machine?.label ?? null);
                list.setFilter('machineId', machine?.value ?? null);
              }}
            />
            <ListChoice
              label="On or off"
              visibleLabel
              options={ACTIVE_OPTIONS}
              value={active}
              onChange={(next) => list.setFilter('active', next)}
              w={180}
            />
          </>
        }
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add plan
          </Button>
        }
      />
      <PlanDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(saved) => {
          setAdding(false);
          navigate(planPath(saved.id));
        }}
      />
    </Stack>
  );
}
