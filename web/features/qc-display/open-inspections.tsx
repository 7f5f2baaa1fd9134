// The open inspections, newest first, paged on the server: tap one to resume it where it stands.
import { Anchor, Card, Group, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TInspectionSummary } from '#common/schemas/inspections.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { When } from '../../components/when.tsx';
import { qcDisplayPath } from '../../lib/qc-display-links.ts';
import { inspectionKeys, listInspections } from './api.ts';

const PAGE_SIZE = 10;
const linkTo = (i: TInspectionSummary) => qcDisplayPath({ inspection: i.id });
/** What is inspected: "RM-2 lot L-7", "WO 12 step Torque", "WO 12 output". */
export const subjectOf = (i: TInspectionSummary) => {
  if (i.lotNumber) return `${i.partNumber} lot ${i.lotNumber}`;
  const wo = `WO ${i.workOrderNumber ?? ''}`;
  return i.stepTitle ? `${wo} step ${i.stepTitle}` : `${wo} output`;
};
const progressOf = (i: TInspectionSummary) => `${i.progress.recorded} of ${i.progress.required} recorded`;

const COLUMNS: TListColumn<TInspectionSummary>[] = [
  { id: 'label', header: 'Inspection', cell: (i) => i.label, cellProps: () => ({ fw: 600 }) },
  { id: 'subject', header: 'What', cell: subjectOf },
  { id: 'plan', header: 'Plan', cell: (i) => i.planName },
  { id: 'progress', header: 'Progress', cell: progressOf },
  { id: 'started', header: 'Started', cell: (i) => <When at={i.startedAt} /> },
];

function InspectionCard({ i }: { i: TInspectionSummary }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={i.label}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to={linkTo(i)} fw={600}>
          {i.label} · {subjectOf(i)}
        </Anchor>
        <StatusBadge of="inspection" status={i.status} />
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {i.planName} · {progressOf(i)} · started <When at={i.startedAt} />
      </Text>
    </Card>
  );
}

export function OpenInspections() {
  const list = useListState<Record<string, never>>({ pageSize: PAGE_SIZE, filters: {} });
  const query = { status: 'open' as const, page: list.page, pageSize: PAGE_SIZE };
  const page = useQuery({
    queryKey: inspectionKeys.list(query),
    queryFn: ({ signal }) => listInspections(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <DataList
      query={page}
      columns={COLUMNS}
      rowKey={(i) => i.id}
      label="Open inspections"
      paging={list}
      pagesLabel="Pages of open inspections"
      errorTitle="Open inspections could not be loaded"
      loadingLabel="Loading open inspections"
      summary={{
        noun: 'open inspection',
        plural: 'open inspections',
        empty:
          'No open inspections. A receipt of an item with a receipt plan opens one; or scan a lot above.',
      }}
      rowHref={linkTo}
      card={(i) => <InspectionCard i={i} />}
    />
  );
}
