// The company's jobs, newest first, paged, searched and filtered by status on the server, with "New job" for
// admins. A table on wide screens, cards on phones.
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  JOB_FILTERS,
  JOB_STATUS_LABELS,
  type TJobListQuery,
  type TJobSummary,
} from '#common/schemas/jobs.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import { ListChoice, ListSearch } from '../../components/data-list/list-filters.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatMoney } from '../../lib/format-money.ts';
import { jobHref, jobKeys, listJobs } from './api.ts';
import { JobDialog } from './job-dialog.tsx';

const PAGE_SIZE = 25;
type TFilter = (typeof JOB_FILTERS)[number];

const FILTER_OPTIONS = JOB_FILTERS.map((f: TFilter) => ({
  value: f,
  label: f === 'all' ? 'All jobs' : f === 'active' ? 'Open or on hold' : JOB_STATUS_LABELS[f],
}));

/** "$1,200.00 · 40 h", or what there is of it. */
export function budgetText(j: Pick<TJobSummary, 'budgetCost' | 'budgetHours'>): string {
  const parts = [
    j.budgetCost === null ? null : formatMoney(j.budgetCost),
    j.budgetHours === null ? null : `${j.budgetHours} h`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'No budget';
}

const COLUMNS: TListColumn<TJobSummary>[] = [
  { id: 'number', header: 'Job', cell: (j) => j.numberText, cellProps: () => ({ fw: 600 }) },
  { id: 'name', header: 'Name', cell: (j) => j.name },
  { id: 'customer', header: 'Customer', cell: (j) => j.customer || '—' },
  { id: 'budget', header: 'Budget', cell: budgetText },
  { id: 'status', header: 'Status', cell: (j) => <StatusBadge of="job" status={j.status} /> },
];

function JobCard({ j }: { j: TJobSummary }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={`${j.numberText} ${j.name}`}>
      <Group justify="space-between" wrap="nowrap">
        <Anchor component={Link} to={jobHref(j.id)} fw={600}>
          {j.numberText}
        </Anchor>
        <StatusBadge of="job" status={j.status} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {j.name}
      </Text>
      <Group justify="space-between" mt={6} wrap="wrap">
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {j.customer || 'No customer'}
        </Text>
        <Text size="xs" c="dimmed">
          {budgetText(j)}
        </Text>
      </Group>
    </Card>
  );
}

export function JobList({ isAdmin }: { isAdmin: boolean }) {
  const list = useListState<{ status: TFilter }>({ pageSize: PAGE_SIZE, filters: { status: 'active' } });
  const [adding, setAdding] = useState(false);
  const query: TJobListQuery = {
    q: list.q,
    status: list.filters.status,
    page: list.page,
    pageSize: PAGE_SIZE,
  };
  const page = useQuery({
    queryKey: jobKeys.list(query),
    queryFn: ({ signal }) => listJobs(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Job Management
      </Title>
      <Text c="dimmed" maw={720}>
        The jobs your shop works on, each with its customer and budget. Orders, work orders, stock issues and
        time are charged to a job; a closed job takes nothing new.
      </Text>
      <DataList
        query={page}
        columns={COLUMNS}
        rowKey={(j) => j.id}
        label="Jobs"
        paging={list}
        pagesLabel="Pages of jobs"
        errorTitle="Jobs could not be loaded"
        loadingLabel="Loading jobs"
        summary={{
          noun: 'job',
          plural: 'jobs',
          empty: list.q
            ? `No job matches “${list.q}”.`
            : list.filters.status === 'all'
              ? isAdmin
                ? 'No jobs yet. Make one with “New job”.'
                : 'No jobs yet. An admin makes them.'
              : 'No jobs with this status.',
        }}
        rowHref={(j) => jobHref(j.id)}
        card={(j) => <JobCard j={j} />}
        toolbar={
          <>
            <ListSearch list={list} label="Search jobs" placeholder="Number, name or customer" />
            <ListChoice
              label="Status"
              options={FILTER_OPTIONS}
              w={200}
              value={list.filters.status}
              onChange={(status) => list.setFilter('status', status)}
            />
          </>
        }
        actions={
          isAdmin ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              New job
            </Button>
          ) : undefined
        }
      />
      <JobDialog job={null} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
