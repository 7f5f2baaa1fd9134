// Picks jobs to label (decision 083), shown on Tag Items while the Time area is on: the company's jobs not closed,
// paged and searched on the server (number, name, customer), each with an Add button. A job's label carries its
// code: scanning it clocks in to the job.
import { Card, Group, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TJobPage, TJobSummary } from '#common/schemas/jobs.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import { ListSearch } from '../../components/data-list/list-filters.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { api } from '../../lib/api-client.ts';
import { AddToLabelsButton, PickerCard, type TOnPick } from './pick-parts.tsx';

const PAGE_SIZE = 10;

/** The jobs list of Job Management's API; a call of this feature's own, as features do not share calls. */
function findJobs(query: { q: string; page: number; pageSize: number }, signal?: AbortSignal) {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    status: 'active',
  });
  if (query.q) params.set('q', query.q);
  return api<TJobPage>(`/api/v1/jobs?${params}`, { signal });
}

const AddButton = ({
  j,
  picked,
  onPick,
}: {
  j: TJobSummary;
  picked: ReadonlySet<string>;
  onPick: TOnPick;
}) => (
  <AddToLabelsButton
    pick={{ kind: 'job', id: j.id, label: `${j.numberText} ${j.name}` }}
    tag={j.numberText}
    picked={picked}
    onPick={onPick}
  />
);

function JobPicker({ picked, onPick }: { picked: ReadonlySet<string>; onPick: TOnPick }) {
  const list = useListState({ pageSize: PAGE_SIZE });
  const query = { q: list.q, page: list.page, pageSize: PAGE_SIZE };
  const page = useQuery({
    // Under the jobs' keys: a job added or changed on Job Management refreshes this list.
    queryKey: ['jobs', 'labels', query],
    queryFn: ({ signal }) => findJobs(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns: TListColumn<TJobSummary>[] = [
    { id: 'number', header: 'Job', cell: (j) => j.numberText, cellProps: () => ({ fw: 600 }) },
    { id: 'name', header: 'Name', cell: (j) => j.name },
    { id: 'customer', header: 'Customer', cell: (j) => j.customer || '—' },
    { id: 'status', header: 'Status', cell: (j) => <StatusBadge of="job" status={j.status} /> },
    {
      id: 'add',
      header: 'Actions',
      headerHidden: true,
      cell: (j) => <AddButton j={j} picked={picked} onPick={onPick} />,
    },
  ];
  return (
    <DataList
      query={page}
      columns={columns}
      rowKey={(j) => j.id}
      label="Jobs to label"
      paging={list}
      pagesLabel="Pages of jobs to label"
      errorTitle="Jobs could not be loaded"
      loadingLabel="Loading jobs"
      summary={{
        noun: 'job',
        plural: 'jobs',
        empty: list.q ? `No open job matches “${list.q}”.` : 'No open jobs: an admin adds them under Jobs.',
      }}
      card={(j) => (
        <Card component="article" withBorder padding="sm" aria-label={j.numberText}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{j.numberText}</Text>
            <StatusBadge of="job" status={j.status} />
          </Group>
          <Group justify="space-between" mt={6} wrap="wrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {j.name}
            </Text>
            <AddButton j={j} picked={picked} onPick={onPick} />
          </Group>
        </Card>
      )}
      toolbar={<ListSearch list={list} label="Find jobs" placeholder="Number, name, customer" w={240} />}
    />
  );
}

/** Tag Items' Jobs card. */
export function JobsToLabel({ picked, onPick }: { picked: ReadonlySet<string>; onPick: TOnPick }) {
  return (
    <PickerCard
      id="jobs-to-label"
      title="Jobs"
      intro="A job’s label carries its code: scanning it clocks you in to the job."
    >
      <JobPicker picked={picked} onPick={onPick} />
    </PickerCard>
  );
}
