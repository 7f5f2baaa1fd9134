// The security event log of every company in the range, newest first, a page at a time ("Load more": keyset
// pages from the server), filtered by event type.
import { Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SECURITY_EVENT_TYPE_LABELS, type TSecurityEvent } from '#common/schemas/security-dashboard.ts';
import type { TStatusOf } from '#common/statuses.ts';
import { LoadError } from '../../components/load-error.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { listEvents, type TRange } from './api.ts';
import { securityKeys } from './query-keys.ts';
import { SectionLoading } from './section-loading.tsx';

const PAGE_SIZE = 25;

const TYPE_OPTIONS = Object.entries(SECURITY_EVENT_TYPE_LABELS).map(([value, label]) => ({ value, label }));

function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}

// The log's outcome is open text (a newer server may add one); StatusBadge writes an unknown one as itself.
const outcomeOf = (event: TSecurityEvent) => event.outcome as TStatusOf<'signInOutcome'>;

const label = (event: TSecurityEvent) => SECURITY_EVENT_TYPE_LABELS[event.type] ?? event.type;

export function EventsSection({ range }: { range: TRange }) {
  const clock = useCompanyClock();
  const [type, setType] = useState<string | null>(null);
  const events = useInfiniteQuery({
    queryKey: securityKeys.events({ ...range, type }),
    queryFn: ({ pageParam, signal }) =>
      listEvents(range, { type, cursor: pageParam, limit: PAGE_SIZE }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="sm">
      <Select
        label="Event type"
        placeholder="All events"
        clearable
        data={TYPE_OPTIONS}
        value={type}
        onChange={setType}
        w={{ base: '100%', xs: 280 }}
      />
      {events.isError ? (
        <LoadError
          title="The event log could not be loaded"
          error={events.error}
          onRetry={() => void events.refetch()}
        />
      ) : null}
      {events.isPending ? <SectionLoading what="the event log" /> : null}
      {events.data ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {items.length === 0
              ? 'No events in this range.'
              : `Showing the ${items.length} newest event${items.length === 1 ? '' : 's'}${events.hasNextPage ? '' : ' — that is all in this range'}.`}
          </Text>
          <Table.ScrollContainer minWidth={900} visibleFrom="md">
            <Table striped aria-label="Security events">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Event</Table.Th>
                  <Table.Th scope="col">Account</Table.Th>
                  <Table.Th scope="col">Company</Table.Th>
                  <Table.Th scope="col">Address</Table.Th>
                  <Table.Th scope="col">Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{clock.dateTime(event.createdAt)}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm">{label(event)}</Text>
                        <StatusBadge of="signInOutcome" status={outcomeOf(event)} size="sm" />
                      </Group>
                    </Table.Td>
                    <Table.Td>{event.email ?? '—'}</Table.Td>
                    <Table.Td>{event.companyName ?? '—'}</Table.Td>
                    <Table.Td>{event.ip ?? '—'}</Table.Td>
                    <Table.Td maw={280}>
                      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                        {describeDetails(event.details) || '—'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack hiddenFrom="md" gap="sm">
            {items.map((event) => (
              <Card key={event.id} withBorder padding="sm" component="article" aria-label={label(event)}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text size="sm" fw={600}>
                    {label(event)}
                  </Text>
                  <StatusBadge of="signInOutcome" status={outcomeOf(event)} size="sm" />
                </Group>
                <Text size="xs" c="dimmed">
                  {clock.dateTime(event.createdAt)}
                  {event.ip ? ` · ${event.ip}` : ''}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {[event.email, event.companyName].filter(Boolean).join(' · ') || 'No account named'}
                </Text>
                {Object.keys(event.details).length > 0 ? (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {describeDetails(event.details)}
                  </Text>
                ) : null}
              </Card>
            ))}
          </Stack>
          {events.hasNextPage ? (
            <Group>
              <Button
                variant="default"
                onClick={() => void events.fetchNextPage()}
                loading={events.isFetchingNextPage}
              >
                Load more events
              </Button>
            </Group>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
