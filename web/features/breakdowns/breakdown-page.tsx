// One breakdown (?id=…): its machine, problem, priority, photo and status; Start work (the machine goes in
// maintenance) and Resolve (cause, action, time, parts); the job it is charged to (breakdown-job.tsx); then the
// downtime, the parts issued from stock (each linked to its item's page, where the ledger shows the issue) and the
// machine's status changes it made.
import { Anchor, Button, Card, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconTool } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { featureFlagsOf } from '#common/label-config.ts';
import type { TBreakdownDetail } from '#common/schemas/breakdowns.ts';
import { statusStyle } from '#common/statuses.ts';
import { BackButton } from '../../components/back-button.tsx';
import { Fact } from '../../components/fact.tsx';
import { MachineStatusMoves } from '../../components/maintenance/machine-status-moves.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { When } from '../../components/when.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { configOf, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { breakdownKeys, getBreakdown, startBreakdown } from './api.ts';
import { breakdownLabel, formatMinutes } from './breakdown-format.ts';
import { BreakdownJob } from './breakdown-job.tsx';
import { ResolveDialog } from './resolve-dialog.tsx';

function Resolution({ b }: { b: TBreakdownDetail }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="breakdown-resolution">
      <Title order={2} fz="lg" id="breakdown-resolution" mb="xs">
        Resolution
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Fact label="Cause">{b.cause}</Fact>
        <Fact label="Action taken">{b.action}</Fact>
        <Fact label="Repair time">{formatMinutes(b.repairMinutes ?? 0)}</Fact>
        <Fact label="Resolved">
          <When at={b.resolvedAt ?? b.reportedAt} /> · {b.resolvedBy}
        </Fact>
      </SimpleGrid>
      <Title order={3} fz="md" mt="md" mb={4}>
        Parts used
      </Title>
      {b.parts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No parts were issued.
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {b.parts.map((p) => (
            <li key={p.id}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {formatQuantity(p.quantity)} ×{' '}
                <Anchor component={Link} to={`/items?id=${encodeURIComponent(p.itemId)}`} underline="always">
                  {p.partNumber}
                </Anchor>{' '}
                {p.itemName} from {p.locationCode}
                {p.lotNumber ? `, lot ${p.lotNumber}` : ''}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

export function BreakdownPage({ breakdownId }: { breakdownId: string }) {
  const client = useQueryClient();
  const { data: session } = useSession();
  const [resolving, setResolving] = useState<number | null>(null);
  const breakdown = useQuery({
    queryKey: breakdownKeys.one(breakdownId),
    queryFn: ({ signal }) => getBreakdown(breakdownId, signal),
  });
  const start = useMutation({
    mutationFn: () => startBreakdown(breakdownId),
    onSuccess: async (saved) => {
      client.setQueryData(breakdownKeys.one(saved.id), saved);
      await client.invalidateQueries({ queryKey: breakdownKeys.all });
      await client.invalidateQueries({ queryKey: ['machines'] });
      toast('success', {
        title: `Work on ${breakdownLabel(saved.number)} started`,
        message: `${saved.machine.name} is in maintenance.`,
      });
    },
    onError: (error) => toast('error', { title: 'Work could not be started', message: messageOf(error) }),
  });
  if (!breakdown.data)
    return (
      <Container size="lg" py="lg">
        <QueryStatus
          query={breakdown}
          errorTitle="This breakdown could not be loaded"
          loadingLabel="Loading breakdown"
        />
      </Container>
    );
  const b = breakdown.data;
  const open = b.status !== 'resolved';
  // Jobs are the Time area's (decision 079): without it there is no job to charge.
  const timeOn = featureFlagsOf(configOf(session)).time;
  return (
    <Container size="lg" py="lg">
      <Stack>
        <BackButton />
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Group gap="sm">
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                {breakdownLabel(b.number)}
              </Title>
              <StatusBadge of="breakdown" status={b.status} />
              <StatusBadge of="breakdownPriority" status={b.priority} />
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {b.machine.name} ({b.machine.assetTag}) · now{' '}
              {statusStyle('machine', b.machine.status).label.toLowerCase()}
            </Text>
          </div>
          {open ? (
            <Group gap="sm" wrap="wrap">
              {b.status === 'reported' ? (
                <Button
                  leftSection={<IconTool size={16} />}
                  loading={start.isPending}
                  onClick={() => start.mutate()}
                >
                  Start work
                </Button>
              ) : null}
              <Button
                variant={b.status === 'reported' ? 'default' : 'filled'}
                leftSection={<IconCheck size={16} />}
                onClick={() => setResolving(Date.now())}
              >
                Resolve
              </Button>
            </Group>
          ) : null}
        </Group>
        <Card withBorder padding="md">
          <Stack>
            <Fact label="Problem">{b.problem}</Fact>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <Fact label="Reported">
                <When at={b.reportedAt} /> · {b.reportedBy}
              </Fact>
              <Fact label="Work started">
                {b.startedAt ? (
                  <>
                    <When at={b.startedAt} /> · {b.startedBy}
                  </>
                ) : (
                  'Not yet'
                )}
              </Fact>
              <Fact label="Downtime">
                {b.downtimeMinutes === null
                  ? 'Still open: runs until it is resolved'
                  : formatMinutes(b.downtimeMinutes)}
              </Fact>
            </SimpleGrid>
            {b.photoUrl ? (
              <Image
                src={b.photoUrl}
                alt={`Photo of ${breakdownLabel(b.number)}`}
                mah={320}
                w="auto"
                fit="contain"
                radius="sm"
              />
            ) : null}
          </Stack>
        </Card>
        {timeOn ? <BreakdownJob b={b} /> : null}
        {open ? null : <Resolution b={b} />}
        <MachineStatusMoves id="breakdown-machine-moves" title="Machine status" events={b.machineEvents} />
      </Stack>
      <ResolveDialog
        opened={resolving !== null}
        breakdown={b}
        now={resolving ?? 0}
        onClose={() => setResolving(null)}
      />
    </Container>
  );
}
