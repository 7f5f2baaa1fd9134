// The company's breakdowns, newest first, paged on the server and narrowed there by a search (number, problem,
// machine), status (open by default: what still needs a technician) and priority, with their CSV (the same filters)
// and "Report breakdown". A table on wide screens, cards on phones.
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  BREAKDOWN_PRIORITIES,
  BREAKDOWN_STATUSES,
  type TBreakdownListQuery,
  type TBreakdownPriority,
  type TBreakdownStatusFilter,
  type TBreakdownSummary,
} from '#common/schemas/breakdowns.ts';
import { statusStyle } from '#common/statuses.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import { ListChoice, ListSearch, statusChoices } from '../../components/data-list/list-filters.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { When } from '../../components/when.tsx';
import { breakdownKeys, breakdownPath, downloadBreakdownsCsv, listBreakdowns } from './api.ts';
import { breakdownLabel, formatMinutes } from './breakdown-format.ts';

const PAGE_SIZE = 25;
type TStatusChoice = TBreakdownStatusFilter | 'all';
type TPriorityChoice = TBreakdownPriority | 'all';

const STATUS_OPTIONS: { value: TStatusChoice; label: string }[] = [
  { value: 'open', label: 'Open (reported or in progress)' },
  ...statusChoices('breakdown', BREAKDOWN_STATUSES),
];
const PRIORITY_OPTIONS: { value: TPriorityChoice; label: string }[] = [
  { value: 'all', label: 'All priorities' },
  ...BREAKDOWN_PRIORITIES.map((p) => ({ value: p, label: statusStyle('breakdownPriority', p).label })),
];

const linkTo = (b: TBreakdownSummary) => breakdownPath(b.id);
const downtimeOf = (b: TBreakdownSummary) =>
  b.downtimeMinutes === null ? 'Open' : formatMinutes(b.downtimeMinutes);

const COLUMNS: TListColumn<TBreakdownSummary>[] = [
  { id: 'number', header: 'Number', cell: (b) => breakdownLabel(b.number), cellProps: () => ({ fw: 600 }) },
  { id: 'machine', header: 'Machine', cell: (b) => `${b.machine.name} (${b.machine.assetTag})` },
  { id: 'problem', header: 'Problem', cell: (b) => b.problem },
  {
    id: 'priority',
    header: 'Priority',
    cell: (b) => <StatusBadge of="breakdownPriority" status={b.priority} />,
  },
  { id: 'status', header: 'Status', cell: (b) => <StatusBadge of="breakdown" status={b.status} /> },
  { id: 'reported', header: 'Reported', cell: (b) => <When at={b.reportedAt} /> },
  { id: 'downtime', header: 'Downtime', cell: downtimeOf },
];

function BreakdownCard({ b }: { b: TBreakdownSummary }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={breakdownLabel(b.number)}>
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <Anchor component={Link} to={linkTo(b)} fw={600}>
          {breakdownLabel(b.number)} · {b.machine.name}
        </Anchor>
        <Group gap={6}>
          <StatusBadge of="breakdownPriority" status={b.priority} />
          <StatusBadge of="breakdown" status={b.status} />
        </Group>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {b.problem}
      </Text>
      <Text size="sm" c="dimmed" mt={6} style={{ overflowWrap: 'anywhere' }}>
        Reported <When at={b.reportedAt} /> · downtime {downtimeOf(b).toLowerCase()}
      </Text>
    </Card>
  );
}

export function BreakdownList({ onReport }: { onReport: () => void }) {
  const list = useListState<{ status: TStatusChoice; priority: TPriorityChoice }>({
    pageSize: PAGE_SIZE,
    filters: { status: 'open', priority: 'all' },
  });
  const { status, priority } = list.filters;
  const filter = {
    q: list.q,
    ...(status === 'all' ? {} : { status }),
    ...(priority === 'all' ? {} : { priority }),
  };
  const query: TBreakdownListQuery = { ...filter, page: list.page, pageSize: PAGE_SIZE };
  const page = useQuery({
    queryKey: breakdownKeys.list(query),
    queryFn: ({ signal }) => listBreakdowns(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Unscheduled maintenance
      </Title>
      <Text c="dimmed" maw={720}>
        Breakdowns: report one when a machine fails (it is marked down), start work when you are at it, and
        resolve it with the cause, what you did, the time and the parts you used. Downtime runs from the
        report to the resolution.
      </Text>
      <DataList
        query={page}
        columns={COLUMNS}
        rowKey={(b) => b.id}
        label="Breakdowns"
        paging={list}
        pagesLabel="Pages of breakdowns"
        errorTitle="Breakdowns could not be loaded"
        loadingLabel="Loading breakdowns"
        summary={{
          noun: 'breakdown',
          plural: 'breakdowns',
          empty: list.q
            ? `No breakdown matches “${list.q}”.`
            : status === 'open'
              ? 'No open breakdowns: every machine that failed is fixed. Choose All statuses to see them.'
              : 'No breakdowns here. Report one with “Report breakdown”.',
        }}
        rowHref={linkTo}
        card={(b) => <BreakdownCard b={b} />}
        toolbar={
          <>
            <ListSearch
              list={list}
              label="Search breakdowns"
              placeholder="Number, problem, machine"
              visibleLabel
            />
            <ListChoice
              label="Status"
              visibleLabel
              options={STATUS_OPTIONS}
              value={status}
              onChange={(next) => list.setFilter('status', next)}
              w={250}
            />
            <ListChoice
              label="Priority"
              visibleLabel
              options={PRIORITY_OPTIONS}
              value={priority}
              onChange={(next) => list.setFilter('priority', next)}
              w={170}
            />
          </>
        }
        exportCsv={() => downloadBreakdownsCsv(filter)}
        actions={
          <Button leftSection={<IconAlertTriangle size={16} />} onClick={onReport}>
            Report breakdown
          </Button>
        }
      />
    </Stack>
  );
}
