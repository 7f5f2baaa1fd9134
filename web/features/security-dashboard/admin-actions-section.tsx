// The administrative actions of every company (their audit trails together), newest first: the one list component,
// paged on the server, cards on a phone.
import { Badge, Card, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAdminAction } from '#common/schemas/security-dashboard.ts';
import { AuditChangeLines } from '../../components/audit-change-lines.tsx';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { When } from '../../components/when.tsx';
import { auditActionLabel } from '../../lib/audit-labels.ts';
import { listAdminActions } from './api.ts';
import { securityKeys } from './query-keys.ts';

const PAGE_SIZE = 20;

const actionOf = (entry: TAdminAction) => auditActionLabel(entry.action);

const COLUMNS: TListColumn<TAdminAction>[] = [
  {
    id: 'when',
    header: 'When',
    cell: (entry) => <When at={entry.createdAt} />,
    cellProps: () => ({ style: { whiteSpace: 'nowrap' } }),
  },
  { id: 'company', header: 'Company', cell: (entry) => entry.companyName },
  { id: 'who', header: 'Who', cell: (entry) => entry.actorName },
  {
    id: 'what',
    header: 'What',
    cell: (entry) => (
      <>
        <Badge variant="light" color="gray" mr={6}>
          {entry.entityType}
        </Badge>
        {entry.entityLabel}
      </>
    ),
  },
  {
    id: 'change',
    header: 'Change',
    cell: (entry) => (
      <>
        <Text size="sm" fw={600}>
          {actionOf(entry)}
        </Text>
        <AuditChangeLines entry={entry} size="xs" />
      </>
    ),
  },
];

function ActionCard({ entry }: { entry: TAdminAction }) {
  return (
    <Card withBorder padding="sm" component="article" aria-label={actionOf(entry)}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {actionOf(entry)}: {entry.entityLabel}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        <When at={entry.createdAt} /> · {entry.companyName} · {entry.actorName}
      </Text>
      <AuditChangeLines entry={entry} size="xs" />
    </Card>
  );
}

export function AdminActionsSection() {
  const list = useListState({ pageSize: PAGE_SIZE });
  const query = { page: list.page, pageSize: PAGE_SIZE };
  const actions = useQuery({
    queryKey: securityKeys.adminActions(query),
    queryFn: ({ signal }) => listAdminActions(query, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <DataList
      query={actions}
      columns={COLUMNS}
      rowKey={(entry) => entry.id}
      label="Administrative actions"
      paging={list}
      pagesLabel="Pages of administrative actions"
      errorTitle="Administrative actions could not be loaded"
      loadingLabel="Loading administrative actions"
      summary={{
        noun: 'action',
        empty: 'No administrative actions recorded yet.',
        detail: () => " in all companies' audit trails",
      }}
      card={(entry) => <ActionCard entry={entry} />}
      minWidth={820}
      tableProps={{ striped: true }}
    />
  );
}
