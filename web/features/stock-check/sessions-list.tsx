// The company's counts, newest first, paged on the server and filtered by status, each with its progress; admins
// start a new count here. A table on wide screens, cards on phones.
import { Anchor, Button, Card, Group, Progress, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { hasRole } from '#common/roles.ts';
import type { TCountListQuery, TCountSession } from '#common/schemas/stock-check.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { When } from '../../components/when.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { listCounts } from './api.ts';
import { countName, percentCounted, scopeText } from './format.ts';
import { StartCountDialog } from './start-count-dialog.tsx';

const PAGE_SIZE = 20;
type TStatus = TCountListQuery['status'];

const EMPTY: Record<TStatus, string> = {
  counting: 'No count is running.',
  posted: 'No count has been posted yet.',
  cancelled: 'No cancelled counts.',
  all: 'No counts yet.',
};

/** Counted lines of all, as a bar and in words. */
export function CountProgress({ session }: { session: TCountSession }) {
  const percent = percentCounted(session);
  return (
    <Stack gap={4} miw={120}>
      <Progress
        value={percent}
        color={session.counted === session.lines && session.lines > 0 ? 'green' : 'blue'}
        aria-label={`${countName(session)}: ${session.counted} of ${session.lines} lines counted`}
      />
      <Text size="xs" c="dimmed">
        {session.counted} of {session.lines} counted
        {session.variances === null
          ? ''
          : ` · ${session.variances} differ${session.variances === 1 ? 's' : ''}`}
      </Text>
    </Stack>
  );
}

const linkTo = (session: TCountSession) => `/stock-check?session=${encodeURIComponent(session.id)}`;

const COLUMNS: TListColumn<TCountSession>[] = [
  {
    id: 'count',
    header: 'Count',
    cell: (s) => countName(s),
    detail: (s) =>
      s.blind ? (
        <Text size="xs" c="dimmed">
          Blind
        </Text>
      ) : null,
    cellProps: () => ({ fw: 600 }),
  },
  { id: 'what', header: 'What', cell: scopeText },
  { id: 'status', header: 'Status', cell: (s) => <StatusBadge of="count" status={s.status} /> },
  { id: 'progress', header: 'Progress', cell: (s) => <CountProgress session={s} /> },
  {
    id: 'started',
    header: 'Started',
    cell: (s) => (
      <>
        <Text size="sm">
          <When at={s.startedAt} />
        </Text>
        <Text size="xs" c="dimmed">
          {s.startedByName}
        </Text>
      </>
    ),
  },
];

function SessionCard({ session: s }: { session: TCountSession }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={countName(s)}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={linkTo(s)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {countName(s)}
        </Anchor>
        <StatusBadge of="count" status={s.status} />
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {scopeText(s)}
        {s.blind ? ' · blind' : ''}
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        Started <When at={s.startedAt} />
      </Text>
      <CountProgress session={s} />
    </Card>
  );
}

export function SessionsList() {
  const { data: auth } = useSession();
  const isAdmin = auth?.user ? hasRole(auth.user.role, 'admin') : false;
  const list = useListState<{ status: TStatus }>({ pageSize: PAGE_SIZE, filters: { status: 'counting' } });
  const { status } = list.filters;
  const [starting, setStarting] = useState(false);
  const query: TCountListQuery = { status, page: list.page, pageSize: PAGE_SIZE };
  const counts = useQuery({
    queryKey: queryKeys.stockChecksPage(query),
    queryFn: ({ signal }) => listCounts(query, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Stock Check
        </Title>
        {isAdmin ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setStarting(true)}>
            Start a count
          </Button>
        ) : null}
      </Group>
      <Text c="dimmed" maw={720}>
        Count a location or a set of items. What was counted is compared with the book at the moment of
        counting, so stock moving meanwhile is not a difference; an admin reviews the differences and posts
        them.
      </Text>
      <DataList
        query={counts}
        columns={COLUMNS}
        rowKey={(s) => s.id}
        label="Counts"
        paging={list}
        pagesLabel="Pages of counts"
        errorTitle="Counts could not be loaded"
        loadingLabel="Loading counts"
        summary={{
          noun: 'count',
          empty: `${EMPTY[status]}${isAdmin ? ' Start one with “Start a count”.' : ' An admin starts counts.'}`,
        }}
        rowHref={linkTo}
        card={(s) => <SessionCard session={s} />}
        minWidth={800}
        toolbar={
          <SegmentedControl
            aria-label="Show counts"
            value={status}
            onChange={(value) => list.setFilter('status', value as TStatus)}
            data={[
              { value: 'counting', label: 'Counting' },
              { value: 'posted', label: 'Posted' },
              { value: 'cancelled', label: 'Cancelled' },
              { value: 'all', label: 'All' },
            ]}
            style={{ maxWidth: '100%' }}
          />
        }
      />
      {isAdmin ? <StartCountDialog opened={starting} onClose={() => setStarting(false)} /> : null}
    </Stack>
  );
}
