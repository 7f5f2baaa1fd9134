// Active sessions of every company: the one list component (searched and paged on the server, cards on a phone); a
// sysadmin ends one after confirming.
import { Badge, Button, Card, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TActiveSession } from '#common/schemas/security-dashboard.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { When } from '../../components/when.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { endSession, listSessions } from './api.ts';
import { securityKeys } from './query-keys.ts';

const PAGE_SIZE = 20;

function who(session: TActiveSession): string {
  return `${session.email}${session.isCurrent ? ' (this browser)' : ''}`;
}

function EndButton({
  session,
  onEnd,
}: {
  session: TActiveSession;
  onEnd: (session: TActiveSession) => void;
}) {
  return (
    <Button
      size="xs"
      color="red"
      variant="light"
      onClick={() => onEnd(session)}
      aria-label={`End session of ${who(session)}`}
    >
      End session
    </Button>
  );
}

const columns = (onEnd: (session: TActiveSession) => void): TListColumn<TActiveSession>[] => [
  {
    id: 'user',
    header: 'User',
    cell: (session) => (
      <>
        <Text size="sm">{session.email}</Text>
        {session.isCurrent ? (
          <Badge size="xs" variant="light">
            This browser
          </Badge>
        ) : null}
      </>
    ),
  },
  { id: 'company', header: 'Company', cell: (session) => session.companyName ?? '—' },
  { id: 'role', header: 'Role', cell: (session) => session.role },
  {
    id: 'signedIn',
    header: 'Signed in',
    cell: (session) => <When at={session.createdAt} />,
    cellProps: () => ({ style: { whiteSpace: 'nowrap' } }),
  },
  {
    id: 'renewed',
    header: 'Last renewed · expires',
    cell: (session) => (
      <>
        <When at={session.updatedAt} />
        <Text size="xs" c="dimmed">
          expires <When at={session.expiresAt} />
        </Text>
      </>
    ),
    cellProps: () => ({ style: { whiteSpace: 'nowrap' } }),
  },
  {
    id: 'client',
    header: 'Address · browser',
    cell: (session) => (
      <>
        <Text size="sm">{session.ipAddress ?? 'unknown address'}</Text>
        <Text size="xs" c="dimmed" lineClamp={2} title={session.userAgent ?? undefined}>
          {session.userAgent ?? 'unknown browser'}
        </Text>
      </>
    ),
    cellProps: () => ({ maw: 260 }),
  },
  {
    id: 'actions',
    header: 'Actions',
    headerHidden: true,
    cell: (session) => <EndButton session={session} onEnd={onEnd} />,
  },
];

function SessionCard({
  session,
  onEnd,
}: {
  session: TActiveSession;
  onEnd: (session: TActiveSession) => void;
}) {
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Session of ${who(session)}`}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {who(session)}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {session.companyName ?? 'No company'} · {session.role}
      </Text>
      <Text size="xs" c="dimmed">
        Signed in <When at={session.createdAt} /> · expires <When at={session.expiresAt} />
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} lineClamp={2}>
        {session.ipAddress ?? 'unknown address'} · {session.userAgent ?? 'unknown browser'}
      </Text>
      <Group mt="xs">
        <EndButton session={session} onEnd={onEnd} />
      </Group>
    </Card>
  );
}

export function SessionsSection() {
  const clock = useCompanyClock();
  const queryClient = useQueryClient();
  const list = useListState({ pageSize: PAGE_SIZE });
  const [ending, setEnding] = useState<TActiveSession | null>(null);
  const query = { page: list.page, pageSize: PAGE_SIZE, q: list.q };
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

  return (
    <Stack gap="sm">
      <DataList
        query={sessions}
        columns={columns(setEnding)}
        rowKey={(session) => session.id}
        label="Active sessions"
        paging={list}
        pagesLabel="Pages of active sessions"
        errorTitle="Active sessions could not be loaded"
        loadingLabel="Loading active sessions"
        summary={{
          noun: 'active session',
          empty: list.q ? 'No active session matches.' : 'No active sessions.',
        }}
        card={(session) => <SessionCard session={session} onEnd={setEnding} />}
        minWidth={900}
        tableProps={{ striped: true }}
        toolbar={
          <TextInput
            label="Search sessions"
            placeholder="E-mail or company"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={list.search}
            onChange={(e) => list.setSearch(e.currentTarget.value)}
            w={{ base: '100%', xs: 320 }}
          />
        }
      />

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
