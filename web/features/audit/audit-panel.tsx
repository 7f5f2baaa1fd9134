// The Audit Trail tab: who changed what and when in the company, newest first, with the values before and after.
import { Badge, Card, Select, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAuditEntityType, TAuditEntry, TAuditQuery } from '#common/schemas/audit.ts';
import { dayBoundsIn, isCalendarDate } from '#common/time/calendar.ts';
import { AuditChangeLines } from '../../components/audit-change-lines.tsx';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { DateRangeField, type TDateRange } from '../../components/date-range-field.tsx';
import { When } from '../../components/when.tsx';
import { AUDIT_ENTITY_LABELS, auditActionLabel } from '../../lib/audit-labels.ts';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { listAudit } from './api.ts';

const PAGE_SIZE = 25;

/** The first (or last) instant of a company day, or undefined for an empty or unfinished field. */
function dayBound(day: string, end: boolean, timeZone: string): string | undefined {
  if (!isCalendarDate(day)) return undefined;
  const bounds = dayBoundsIn(day, timeZone);
  return end ? bounds.last : bounds.first;
}

const COLUMNS: TListColumn<TAuditEntry>[] = [
  {
    id: 'when',
    header: 'When',
    cell: (entry) => <When at={entry.createdAt} />,
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
        <AuditChangeLines entry={entry} />
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
        <When at={entry.createdAt} /> · {entry.actorName}
      </Text>
      <AuditChangeLines entry={entry} />
    </Card>
  );
}

interface TFilters {
  entityType: TAuditEntityType | null;
  /** Company days; both '' for every day. */
  days: TDateRange;
}

export function AuditPanel() {
  const list = useListState<TFilters>({
    pageSize: PAGE_SIZE,
    filters: { entityType: null, days: { from: '', to: '' } },
  });
  const { entityType, days } = list.filters;
  // "From 24 November" means the company's 24 November, wherever the reader is.
  const { timeZone } = useCompanyClock();
  const from = dayBound(days.from, false, timeZone);
  const to = dayBound(days.to, true, timeZone);
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
          <DateRangeField
            label="Days"
            value={days}
            max="today"
            clearable
            onChange={(next) => list.setFilter('days', next)}
            w={{ base: '100%', xs: 250 }}
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
