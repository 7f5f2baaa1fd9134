// The Audit Trail tab: who changed what and when in the company, newest first, with the values before and after.
import { Badge, Card, Select, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAuditEntityType, TAuditEntry, TAuditQuery } from '#common/schemas/audit.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { AUDIT_ENTITY_LABELS, auditActionLabel, auditChangeLines } from '../../lib/audit-labels.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { listAudit } from './api.ts';

const PAGE_SIZE = 25;

/** The start (or end) of a local calendar day as an ISO instant, or undefined for an empty field. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const COLUMNS: TListColumn<TAuditEntry>[] = [
  {
    id: 'when',
    header: 'When',
    cell: (entry) => new Date(entry.createdAt).toLocaleString(),
    cellProps: () => ({ style: { whiteSpace: 'nowrap' } }),
  },
  { id: 'who', header: 'Who', cell: (entry) => entry.actorName },
  {
    id: 'what',
    header: 'What',
    cell: (entry) => (
      <>
        <Badge variant="light" color="gray" mr={6}>
          {AUDIT_ENTITY_LABELS[entry.entityType] ?? entry.entityType}
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
          {auditActionLabel(entry.action)}
        </Text>
        {auditChangeLines(entry).map((line) => (
          <Text size="sm" key={line}>
            {line}
          </Text>
        ))}
      </>
    ),
  },
];

function AuditCard({ entry }: { entry: TAuditEntry }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" fw={600}>
        {auditActionLabel(entry.action)}: {entry.entityLabel}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {new Date(entry.createdAt).toLocaleString()} · {entry.actorName}
      </Text>
      {auditChangeLines(entry).map((line) => (
        <Text size="sm" key={line} style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Card>
  );
}

interface TFilters {
  entityType: TAuditEntityType | null;
  fromDay: string;
  toDay: string;
}

export function AuditPanel() {
  const list = useListState<TFilters>({
    pageSize: PAGE_SIZE,
    filters: { entityType: null, fromDay: '', toDay: '' },
  });
  const { entityType, fromDay, toDay } = list.filters;
  const from = dayBound(fromDay, false);
  const to = dayBound(toDay, true);
  const query: TAuditQuery = {
    page: list.page,
    pageSize: PAGE_SIZE,
    ...(entityType ? { entityType } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const audit = useQuery({
    queryKey: queryKeys.auditPage(query),
    queryFn: ({ signal }) => listAudit(query, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <DataList
      query={audit}
      columns={COLUMNS}
      rowKey={(entry) => entry.id}
      label="Audit trail"
      paging={list}
      pagesLabel="Pages of the audit trail"
      errorTitle="The audit trail could not be loaded"
      loadingLabel="Loading the audit trail"
      summary={{ noun: 'change', empty: 'Nothing recorded for this choice.', updating: false }}
      card={(entry) => <AuditCard entry={entry} />}
      minWidth={760}
      tableProps={{ highlightOnHover: false }}
      toolbar={
        <>
          <Select
            label="What changed"
            placeholder="Everything"
            clearable
            data={Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label }))}
            value={entityType}
            onChange={(value) => list.setFilter('entityType', value as TAuditEntityType | null)}
            w={{ base: '100%', xs: 200 }}
          />
          <TextInput
            label="From"
            type="date"
            value={fromDay}
            onChange={(e) => list.setFilter('fromDay', e.currentTarget.value)}
            w={{ base: '100%', xs: 170 }}
          />
          <TextInput
            label="To"
            type="date"
            value={toDay}
            onChange={(e) => list.setFilter('toDay', e.currentTarget.value)}
            error={from && to && from > to ? 'The end must not be before the start' : undefined}
            w={{ base: '100%', xs: 170 }}
          />
        </>
      }
      note={
        <Text size="sm" c="dimmed">
          Every change to users, rates and settings is kept here with who made it and when. Entries cannot be
          changed or deleted.
        </Text>
      }
    />
  );
}
