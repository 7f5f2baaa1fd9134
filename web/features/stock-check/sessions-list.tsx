// The company's counts, newest first, paged on the server and filtered by status, each with its progress; admins
// start a new count here. A table on wide screens, cards on phones.
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { hasRole } from '#common/roles.ts';
import type { TCountListQuery, TCountSession } from '#common/schemas/stock-check.ts';
import { ListPagination } from '../../components/list-pagination.tsx';
import { ListSummary } from '../../components/list-summary.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSession } from '../auth/session.ts';
import { listCounts } from './api.ts';
import { countName, formatDateTime, percentCounted, STATUS_LABELS, scopeText } from './format.ts';
import { StartCountDialog } from './start-count-dialog.tsx';

const PAGE_SIZE = 20;
type TStatus = TCountListQuery['status'];

const EMPTY: Record<TStatus, string> = {
  counting: 'No count is running.',
  posted: 'No count has been posted yet.',
  cancelled: 'No cancelled counts.',
  all: 'No counts yet.',
};

export function StatusBadge({ session }: { session: Pick<TCountSession, 'status'> }) {
  const status = STATUS_LABELS[session.status];
  return (
    <Badge variant="light" color={status.color} style={{ flexShrink: 0 }}>
      {status.label}
    </Badge>
  );
}

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

export function SessionsList() {
  const { data: auth } = useSession();
  const isAdmin = auth?.user ? hasRole(auth.user.role, 'admin') : false;
  const [status, setStatus] = useState<TStatus>('counting');
  const [page, setPage] = useState(1);
  const [starting, setStarting] = useState(false);
  const query: TCountListQuery = { status, page, pageSize: PAGE_SIZE };
  const counts = useQuery({
    queryKey: queryKeys.stockChecksPage(query),
    queryFn: ({ signal }) => listCounts(query, signal),
    placeholderData: keepPreviousData,
  });
  const data = counts.data;

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
      <SegmentedControl
        aria-label="Show counts"
        value={status}
        onChange={(value) => {
          setStatus(value as TStatus);
          setPage(1);
        }}
        data={[
          { value: 'counting', label: 'Counting' },
          { value: 'posted', label: 'Posted' },
          { value: 'cancelled', label: 'Cancelled' },
          { value: 'all', label: 'All' },
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />

      <QueryStatus query={counts} errorTitle="Counts could not be loaded" loadingLabel="Loading counts" />
      {data ? (
        <>
          <ListSummary
            total={data.total}
            noun="count"
            empty={`${EMPTY[status]}${isAdmin ? ' Start one with “Start a count”.' : ' An admin starts counts.'}`}
            fetching={counts.isFetching}
          />
          {data.items.length > 0 ? (
            <>
              <Table.ScrollContainer minWidth={800} visibleFrom="sm">
                <Table striped highlightOnHover aria-label="Counts">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Count</Table.Th>
                      <Table.Th>What</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Progress</Table.Th>
                      <Table.Th>Started</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((s) => (
                      <Table.Tr key={s.id}>
                        <Table.Td fw={600}>
                          <Anchor component={Link} to={linkTo(s)}>
                            {countName(s)}
                          </Anchor>
                          {s.blind ? (
                            <Text size="xs" c="dimmed">
                              Blind
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td>{scopeText(s)}</Table.Td>
                        <Table.Td>
                          <StatusBadge session={s} />
                        </Table.Td>
                        <Table.Td>
                          <CountProgress session={s} />
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{formatDateTime(s.startedAt)}</Text>
                          <Text size="xs" c="dimmed">
                            {s.startedByName}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Stack hiddenFrom="sm" gap="sm">
                {data.items.map((s) => (
                  <Card key={s.id} component="article" withBorder padding="sm" aria-label={countName(s)}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Anchor component={Link} to={linkTo(s)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {countName(s)}
                      </Anchor>
                      <StatusBadge session={s} />
                    </Group>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {scopeText(s)}
                      {s.blind ? ' · blind' : ''}
                    </Text>
                    <Text size="xs" c="dimmed" mb={6}>
                      Started {formatDateTime(s.startedAt)}
                    </Text>
                    <CountProgress session={s} />
                  </Card>
                ))}
              </Stack>
            </>
          ) : null}
          <ListPagination
            page={page}
            total={data.total}
            pageSize={PAGE_SIZE}
            onChange={setPage}
            label="Pages of counts"
          />
        </>
      ) : null}
      {isAdmin ? <StartCountDialog opened={starting} onClose={() => setStarting(false)} /> : null}
    </Stack>
  );
}
