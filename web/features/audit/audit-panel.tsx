// The Audit Trail tab: who changed what and when in the company, newest first, with the values before and after.
import { Badge, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TAuditEntityType, TAuditQuery } from '#common/schemas/audit.ts';
import { ListPagination } from '../../components/list-pagination.tsx';
import { ListSummary } from '../../components/list-summary.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { listAudit } from './api.ts';
import { AUDIT_ENTITY_LABELS, auditActionLabel, auditChangeLines } from './audit-format.ts';

const PAGE_SIZE = 25;

/** The start (or end) of a local calendar day as an ISO instant, or undefined for an empty field. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function AuditPanel() {
  const [entityType, setEntityType] = useState<TAuditEntityType | null>(null);
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [page, setPage] = useState(1);
  const from = dayBound(fromDay, false);
  const to = dayBound(toDay, true);
  const query: TAuditQuery = {
    page,
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
  const data = audit.data;
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label="What changed"
          placeholder="Everything"
          clearable
          data={Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label }))}
          value={entityType}
          onChange={(value) => filter(setEntityType)(value as TAuditEntityType | null)}
          w={{ base: '100%', xs: 200 }}
        />
        <TextInput
          label="From"
          type="date"
          value={fromDay}
          onChange={(e) => filter(setFromDay)(e.currentTarget.value)}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          label="To"
          type="date"
          value={toDay}
          onChange={(e) => filter(setToDay)(e.currentTarget.value)}
          error={from && to && from > to ? 'The end must not be before the start' : undefined}
          w={{ base: '100%', xs: 170 }}
        />
      </Group>
      <Text size="sm" c="dimmed">
        Every change to users, rates and settings is kept here with who made it and when. Entries cannot be
        changed or deleted.
      </Text>
      <QueryStatus
        query={audit}
        errorTitle="The audit trail could not be loaded"
        loadingLabel="Loading the audit trail"
      />
      {data ? (
        <>
          <ListSummary total={data.total} noun="change" empty="Nothing recorded for this choice." />
          <Table.ScrollContainer minWidth={760} visibleFrom="sm">
            <Table striped aria-label="Audit trail">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {new Date(entry.createdAt).toLocaleString()}
                    </Table.Td>
                    <Table.Td>{entry.actorName}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray" mr={6}>
                        {AUDIT_ENTITY_LABELS[entry.entityType] ?? entry.entityType}
                      </Badge>
                      {entry.entityLabel}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {auditActionLabel(entry.action)}
                      </Text>
                      {auditChangeLines(entry).map((line) => (
                        <Text size="sm" key={line}>
                          {line}
                        </Text>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack hiddenFrom="sm" gap="sm">
            {data.items.map((entry) => (
              <Card key={entry.id} withBorder padding="sm">
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
            ))}
          </Stack>
          <ListPagination
            page={page}
            total={data.total}
            pageSize={PAGE_SIZE}
            onChange={setPage}
            label="Pages of the audit trail"
          />
        </>
      ) : null}
    </Stack>
  );
}
