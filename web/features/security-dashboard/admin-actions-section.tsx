// The administrative actions of every company (their audit trails together), newest first, paged on the server.
import { Badge, Card, Pagination, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TAdminAction } from '#common/schemas/security-dashboard.ts';
import { LoadError } from '../../components/load-error.tsx';
import { auditActionLabel, auditChangeLines } from '../../lib/audit-labels.ts';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { listAdminActions } from './api.ts';
import { securityKeys } from './query-keys.ts';
import { SectionLoading } from './section-loading.tsx';

const PAGE_SIZE = 20;

const actionOf = (entry: TAdminAction) => auditActionLabel(entry.action);

export function AdminActionsSection() {
  const clock = useCompanyClock();
  const [page, setPage] = useState(1);
  const actions = useQuery({
    queryKey: securityKeys.adminActions({ page, pageSize: PAGE_SIZE }),
    queryFn: ({ signal }) => listAdminActions({ page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const data = actions.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Stack gap="sm">
      {actions.isError ? (
        <LoadError
          title="Administrative actions could not be loaded"
          error={actions.error}
          onRetry={() => void actions.refetch()}
        />
      ) : null}
      {!data && actions.isPending ? <SectionLoading what="administrative actions" /> : null}
      {data ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {data.total === 0
              ? 'No administrative actions recorded yet.'
              : `${data.total} action${data.total === 1 ? '' : 's'} in all companies' audit trails`}
          </Text>
          <Table.ScrollContainer minWidth={820} visibleFrom="md">
            <Table striped aria-label="Administrative actions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Company</Table.Th>
                  <Table.Th scope="col">Who</Table.Th>
                  <Table.Th scope="col">What</Table.Th>
                  <Table.Th scope="col">Change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{clock.dateTime(entry.createdAt)}</Table.Td>
                    <Table.Td>{entry.companyName}</Table.Td>
                    <Table.Td>{entry.actorName}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray" mr={6}>
                        {entry.entityType}
                      </Badge>
                      {entry.entityLabel}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {actionOf(entry)}
                      </Text>
                      {auditChangeLines(entry).map((line) => (
                        <Text size="xs" key={line} style={{ overflowWrap: 'anywhere' }}>
                          {line}
                        </Text>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack hiddenFrom="md" gap="sm">
            {data.items.map((entry) => (
              <Card key={entry.id} withBorder padding="sm" component="article" aria-label={actionOf(entry)}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {actionOf(entry)}: {entry.entityLabel}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {clock.dateTime(entry.createdAt)} · {entry.companyName} · {entry.actorName}
                </Text>
                {auditChangeLines(entry).map((line) => (
                  <Text size="xs" key={line} style={{ overflowWrap: 'anywhere' }}>
                    {line}
                  </Text>
                ))}
              </Card>
            ))}
          </Stack>
          {pages > 1 ? (
            <Pagination
              value={page}
              onChange={setPage}
              total={pages}
              aria-label="Pages of administrative actions"
              getControlProps={(control) => ({ 'aria-label': `${control} page of administrative actions` })}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
