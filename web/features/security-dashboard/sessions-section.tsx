// Active sessions of every company: searched and paged on the server; a sysadmin ends one after confirming.
import { Badge, Button, Card, Group, Modal, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TActiveSession } from '#common/schemas/security-dashboard.ts';
import { LoadError } from '../../components/load-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { endSession, listSessions } from './api.ts';
import { securityKeys } from './query-keys.ts';
import { SectionLoading } from './section-loading.tsx';

const PAGE_SIZE = 20;

function who(session: TActiveSession): string {
  return `${session.email}${session.isCurrent ? ' (this browser)' : ''}`;
}

export function SessionsSection() {
  const clock = useCompanyClock();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [ending, setEnding] = useState<TActiveSession | null>(null);
  const query = { page, pageSize: PAGE_SIZE, q };
  const sessions = useQuery({
    queryKey: securityKeys.sessionsPage(query),
    queryFn: ({ signal }) => listSessions(query, signal),
    placeholderData: keepPreviousData,
  });

  const end = useMutation({
    mutationFn: (session: TActiveSession) => endSession(session.id),
    onSuccess: (ended) => {
      setEnding(null);
      toast('success', {
        title: 'Session ended',
        message: ended.wasCurrent
          ? 'This browser is signed out now.'
          : `${ended.email} is signed out of that browser on their next click.`,
      });
      void queryClient.invalidateQueries({ queryKey: securityKeys.all });
      if (ended.wasCurrent) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
    onError: (failure) => {
      setEnding(null);
      toast('error', {
        title: 'Session not ended',
        message: failure instanceof ApiError ? failure.message : 'Something went wrong. Try again.',
      });
      void queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    },
  });

  const data = sessions.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const endButton = (session: TActiveSession) => (
    <Button
      size="xs"
      color="red"
      variant="light"
      onClick={() => setEnding(session)}
      aria-label={`End session of ${who(session)}`}
    >
      End session
    </Button>
  );

  return (
    <Stack gap="sm">
      <TextInput
        label="Search sessions"
        placeholder="E-mail or company"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        w={{ base: '100%', xs: 320 }}
      />
      {sessions.isError ? (
        <LoadError
          title="Active sessions could not be loaded"
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      ) : null}
      {!data && sessions.isPending ? <SectionLoading what="active sessions" /> : null}
      {data ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {data.total === 0
              ? q
                ? 'No active session matches.'
                : 'No active sessions.'
              : `${data.total} active session${data.total === 1 ? '' : 's'}${sessions.isFetching ? ' — updating…' : ''}`}
          </Text>
          <Table.ScrollContainer minWidth={900} visibleFrom="md">
            <Table striped aria-label="Active sessions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">User</Table.Th>
                  <Table.Th scope="col">Company</Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Signed in</Table.Th>
                  <Table.Th scope="col">Last renewed · expires</Table.Th>
                  <Table.Th scope="col">Address · browser</Table.Th>
                  <Table.Th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((session) => (
                  <Table.Tr key={session.id}>
                    <Table.Td>
                      <Text size="sm">{session.email}</Text>
                      {session.isCurrent ? (
                        <Badge size="xs" variant="light">
                          This browser
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{session.companyName ?? '—'}</Table.Td>
                    <Table.Td>{session.role}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{clock.dateTime(session.createdAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {clock.dateTime(session.updatedAt)}
                      <Text size="xs" c="dimmed">
                        expires {clock.dateTime(session.expiresAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={260}>
                      <Text size="sm">{session.ipAddress ?? 'unknown address'}</Text>
                      <Text size="xs" c="dimmed" lineClamp={2} title={session.userAgent ?? undefined}>
                        {session.userAgent ?? 'unknown browser'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{endButton(session)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack hiddenFrom="md" gap="sm">
            {data.items.map((session) => (
              <Card
                key={session.id}
                withBorder
                padding="sm"
                component="article"
                aria-label={`Session of ${who(session)}`}
              >
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {who(session)}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {session.companyName ?? 'No company'} · {session.role}
                </Text>
                <Text size="xs" c="dimmed">
                  Signed in {clock.dateTime(session.createdAt)} · expires {clock.dateTime(session.expiresAt)}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} lineClamp={2}>
                  {session.ipAddress ?? 'unknown address'} · {session.userAgent ?? 'unknown browser'}
                </Text>
                <Group mt="xs">{endButton(session)}</Group>
              </Card>
            ))}
          </Stack>
          {pages > 1 ? (
            <Pagination
              value={page}
              onChange={setPage}
              total={pages}
              aria-label="Pages of active sessions"
              getControlProps={(control) => ({ 'aria-label': `${control} page of sessions` })}
            />
          ) : null}
        </>
      ) : null}

      <Modal
        opened={ending !== null}
        onClose={() => setEnding(null)}
        title="End this session?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {ending ? (
          <Stack gap="sm">
            <Text size="sm">
              {ending.isCurrent
                ? 'This is your own session in this browser: you will be signed out and must log in again.'
                : `${ending.email} (${ending.companyName ?? 'no company'}) will be signed out of that browser on their next click. They can log in again.`}
            </Text>
            <Text size="xs" c="dimmed">
              Signed in {clock.dateTime(ending.createdAt)} from {ending.ipAddress ?? 'an unknown address'}.
              The user's company sees this in its audit trail.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEnding(null)}>
                Cancel
              </Button>
              <Button color="red.8" loading={end.isPending} onClick={() => end.mutate(ending)}>
                End session
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
