// One count: what it covers, its progress, and the lines to count; for admins also the Review (expected, book at
// count, counted, variance and its value) and "Post count" / "Cancel count".
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { hasRole } from '#common/roles.ts';
import type { TCountSession } from '#common/schemas/stock-check.ts';
import { LoadError } from '../../components/load-error.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { formatSignedMoney } from '../../lib/format-money.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { getCount } from './api.ts';
import { CloseCountDialog } from './close-count-dialog.tsx';
import { CountLines } from './count-lines.tsx';
import { countName, scopeText } from './format.ts';
import { ReviewPanel } from './review-panel.tsx';
import { CountProgress } from './sessions-list.tsx';

function Summary({ session }: { session: TCountSession }) {
  const clock = useCompanyClock();
  const uncounted = session.lines - session.counted;
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {scopeText(session)}
          </Text>
          <Text size="sm" c="dimmed">
            {session.blind
              ? 'Blind: counters do not see the quantities on the books until it is posted.'
              : 'Not blind: counters see the quantities on the books.'}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Started {clock.dateTime(session.startedAt)} by {session.startedByName}
            {session.closedAt
              ? ` · ${session.status === 'posted' ? 'posted' : 'cancelled'} ${clock.dateTime(session.closedAt)} by ${session.closedByName ?? ''}`
              : ''}
          </Text>
        </Stack>
        <Stack gap={4} miw={200}>
          <CountProgress session={session} />
          {session.varianceValue !== null ? (
            <Text size="xs" c="dimmed">
              Net difference at cost: {formatSignedMoney(session.varianceValue)}
              {uncounted > 0 ? ` · ${uncounted} uncounted` : ''}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

export function SessionView({ id }: { id: string }) {
  const { data: auth } = useSession();
  const isAdmin = auth?.user ? hasRole(auth.user.role, 'admin') : false;
  const [params, setParams] = useSearchParams();
  const view = isAdmin && params.get('view') === 'review' ? 'review' : 'count';
  const [closing, setClosing] = useState<'post' | 'cancel' | null>(null);
  const count = useQuery({
    queryKey: queryKeys.stockCheck(id),
    queryFn: ({ signal }) => getCount(id, signal),
  });
  const session = count.data;

  const back = (
    <Anchor component={Link} to="/stock-check" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        All counts
      </Group>
    </Anchor>
  );
  if (count.isError) {
    return (
      <Stack>
        {back}
        <LoadError
          title="This count could not be loaded"
          error={count.error}
          onRetry={() => void count.refetch()}
        />
      </Stack>
    );
  }
  if (!session) return <Loader aria-label="Loading the count" />;

  const counting = session.status === 'counting';
  return (
    <Stack>
      {back}
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm" wrap="wrap" style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {countName(session)}
          </Title>
          <StatusBadge of="count" status={session.status} />
        </Group>
        {isAdmin && counting ? (
          <Group gap="sm" wrap="wrap">
            <Button variant="default" color="red" onClick={() => setClosing('cancel')}>
              Cancel count
            </Button>
            <Button onClick={() => setClosing('post')}>Post count</Button>
          </Group>
        ) : null}
      </Group>
      <Summary session={session} />
      {session.status === 'posted' ? (
        <Alert color="green" title="Posted">
          The differences were posted to stock as one count transaction ({`Count ${session.number}`} in the
          stock history). Lines nobody counted were left as they were.
        </Alert>
      ) : session.status === 'cancelled' ? (
        <Alert color="gray" title="Cancelled">
          Nothing was posted. The counts stay here as a record; start a new count to count again.
        </Alert>
      ) : null}
      {isAdmin ? (
        <SegmentedControl
          aria-label="Count view"
          value={view}
          onChange={(value) =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                if (value === 'review') next.set('view', 'review');
                else next.delete('view');
                return next;
              },
              { replace: true },
            )
          }
          data={[
            { value: 'count', label: 'Count' },
            { value: 'review', label: 'Review' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      ) : null}
      {view === 'review' ? <ReviewPanel session={session} /> : <CountLines session={session} />}
      {isAdmin ? (
        <CloseCountDialog session={session} action={closing} onClose={() => setClosing(null)} />
      ) : null}
    </Stack>
  );
}
