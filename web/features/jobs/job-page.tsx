// One job (?id=…): its number, status, customer and budget in the shared PageHeader, its orders (linked and unlinked
// by admins, their work orders with them) and work orders, and the moves: hold and close (each asked once more,
// saying what it stops), reopen; each move's result is a toast. Anyone prints its label (decision 083): scanned, it
// clocks people in to the job.
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { featureFlagsOf } from '#common/label-config.ts';
import { JOB_MOVES, type TJob, type TJobStatus } from '#common/schemas/jobs.ts';
import { statusStyle } from '#common/statuses.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Fact } from '../../components/fact.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PrintLabelDialog } from '../../components/print-label-dialog.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate } from '../../components/when.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { formatMoney } from '../../lib/format-money.ts';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { configOf, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { getJob, jobKeys, moveJob, unlinkOrder } from './api.ts';
import { JobDialog } from './job-dialog.tsx';
import { JobMoveDialog } from './job-move-dialog.tsx';
import { isAskedFirst, MOVE_LABELS, moveResult, refusalNotice, type TStoppingMove } from './job-moves.ts';
import { LinkOrderDialog } from './link-order-dialog.tsx';

export function JobPage({ jobId, isAdmin }: { jobId: string; isAdmin: boolean }) {
  const client = useQueryClient();
  const job = useQuery({ queryKey: jobKeys.job(jobId), queryFn: ({ signal }) => getJob(jobId, signal) });
  const [editing, setEditing] = useState(false);
  const [linking, setLinking] = useState(false);
  const [printing, setPrinting] = useState(false);
  const labelsOn = featureFlagsOf(configOf(useSession().data)).inventory;
  const saved = async (next: TJob) => {
    client.setQueryData(jobKeys.job(jobId), next);
    await client.invalidateQueries({ queryKey: jobKeys.all });
  };
  const [asking, setAsking] = useState<TStoppingMove | null>(null);
  const move = useMutation({
    mutationFn: (to: TJobStatus) => moveJob(jobId, to),
    onSuccess: async (next, to) => {
      setAsking(null);
      const before = client.getQueryData<TJob>(jobKeys.job(jobId))?.clockedIn.length ?? 0;
      toast('success', moveResult(next.numberText, to, Math.max(0, before - next.clockedIn.length)));
      await saved(next);
    },
  });
  const unlink = useMutation({
    mutationFn: (orderId: string) => unlinkOrder(jobId, orderId),
    onSuccess: saved,
  });

  if (!job.data)
    return (
      <Container size="lg" py="lg">
        <QueryStatus query={job} errorTitle="This job could not be loaded" loadingLabel="Loading job" />
      </Container>
    );
  const j = job.data;
  // A refused hold or close shows in its dialog; a refused reopen or unlink, here.
  const failure = (asking ? null : move.error) ?? unlink.error;
  return (
    <Container size="lg" py="lg">
      <Stack>
        <PageHeader
          title={j.numberText}
          badges={<StatusBadge of="job" status={j.status} />}
          subtitle={j.name}
          actions={
            <>
              {/* Labels are Tag Items' (the Inventory area's): its print route refuses while that area is off. */}
              {labelsOn ? (
                <Button
                  variant="default"
                  leftSection={<IconPrinter size={16} aria-hidden />}
                  onClick={() => setPrinting(true)}
                >
                  Print label
                </Button>
              ) : null}
              {isAdmin ? (
                <>
                  <Button variant="default" onClick={() => setEditing(true)}>
                    Edit job
                  </Button>
                  {JOB_MOVES[j.status].map((to) => (
                    <Button
                      key={to}
                      variant={to === 'closed' ? 'filled' : 'default'}
                      loading={move.isPending && move.variables === to}
                      onClick={() => {
                        if (!isAskedFirst(to)) return move.mutate(to);
                        move.reset();
                        // Who is clocked in on it now, for the question to name.
                        void job.refetch();
                        setAsking(to);
                      }}
                    >
                      {isAskedFirst(to) ? `${MOVE_LABELS[to]}…` : MOVE_LABELS[to]}
                    </Button>
                  ))}
                </>
              ) : null}
            </>
          }
        >
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {j.customer ? `For ${j.customer}` : 'The shop’s own job'} · created by {j.createdBy}
          </Text>
        </PageHeader>
        {j.status !== 'open' ? (
          <Alert color={j.status === 'closed' ? 'gray' : 'yellow'} title={statusStyle('job', j.status).label}>
            {refusalNotice(j.status)}
          </Alert>
        ) : null}
        {failure ? <ErrorAlert>{messageOf(failure)}</ErrorAlert> : null}
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Fact label="Budget cost">{j.budgetCost === null ? 'None' : formatMoney(j.budgetCost)}</Fact>
            <Fact label="Budget hours">{j.budgetHours === null ? 'None' : `${j.budgetHours} h`}</Fact>
            <Fact label="Notes">{j.notes || '—'}</Fact>
          </SimpleGrid>
        </Card>

        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            Orders
          </Title>
          {isAdmin && j.status !== 'closed' ? (
            <Button variant="default" onClick={() => setLinking(true)}>
              Link order
            </Button>
          ) : null}
        </Group>
        {j.orders.length === 0 ? (
          <Text c="dimmed">No orders belong to this job.</Text>
        ) : (
          <Stack gap="xs">
            {j.orders.map((o) => (
              <Card key={o.id} withBorder padding="sm" component="article" aria-label={o.numberText}>
                <Group justify="space-between" wrap="wrap">
                  <Group gap="sm" wrap="wrap">
                    <Anchor component={Link} to={`/orders?id=${encodeURIComponent(o.id)}`} fw={600}>
                      {o.numberText}
                    </Anchor>
                    <StatusBadge of="buildOrder" status={o.status} />
                    <Text size="sm">{o.customer ?? 'For stock'}</Text>
                  </Group>
                  {isAdmin ? (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      loading={unlink.isPending && unlink.variables === o.id}
                      onClick={() => unlink.mutate(o.id)}
                      aria-label={`Unlink ${o.numberText}`}
                    >
                      Unlink
                    </Button>
                  ) : null}
                </Group>
              </Card>
            ))}
          </Stack>
        )}

        <Title order={2} size="h3">
          Work orders
        </Title>
        {j.workOrders.length === 0 ? (
          <Text c="dimmed">No work orders belong to this job.</Text>
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table aria-label="Work orders of the job">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Work order</Table.Th>
                  <Table.Th>Part</Table.Th>
                  <Table.Th>Quantity</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {j.workOrders.map((w) => (
                  <Table.Tr key={w.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/build/work-order?id=${encodeURIComponent(w.id)}`}
                        fw={600}
                      >
                        {w.numberText}
                      </Anchor>
                      {w.dueOn ? (
                        <Text size="xs" c="dimmed">
                          Due <OnDate date={w.dueOn} />
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {w.partNumber} · {w.name}
                    </Table.Td>
                    <Table.Td>{formatQuantity(w.quantity, w.unitOfMeasure)}</Table.Td>
                    <Table.Td>
                      <StatusBadge of="workOrder" status={w.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <JobMoveDialog
        job={`${j.numberText} ${j.name}`}
        clockedIn={j.clockedIn}
        to={asking}
        pending={move.isPending}
        error={asking && move.error ? messageOf(move.error) : undefined}
        onConfirm={(to) => move.mutate(to)}
        onClose={() => {
          // A refusal shown in the dialog goes with it: cancelled, it is no longer the page's.
          move.reset();
          setAsking(null);
        }}
      />
      <JobDialog job={j} opened={editing} onClose={() => setEditing(false)} />
      <LinkOrderDialog job={j} opened={linking} onClose={() => setLinking(false)} />
      <PrintLabelDialog
        opened={printing}
        onClose={() => setPrinting(false)}
        target={{ kind: 'job', id: j.id }}
        name={`${j.numberText} ${j.name}`}
      />
    </Container>
  );
}
