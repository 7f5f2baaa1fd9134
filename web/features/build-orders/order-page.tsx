// One order (?id=…): its number, status and details, the moves it may make, its lines with their work orders (edited
// on the form kit while a draft or open), "Can we build it?" and "Create work orders" for a line.
import { Button, Container, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TBuildOrderLine } from '#common/schemas/build-orders.ts';
import { BUILD_ORDER_TRANSITIONS, type TBuildOrderStatus } from '#common/work-order-status.ts';
import { BackButton } from '../../components/back-button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate, When } from '../../components/when.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { getOrder, moveOrder, orderKeys } from './api.ts';
import { BuildabilityPanel } from './buildability-panel.tsx';
import { OrderDetailsDialog } from './order-details-dialog.tsx';
import { OrderLines } from './order-lines.tsx';
import { OrderLinesEditor } from './order-lines-editor.tsx';
import { WorkOrdersDialog } from './work-orders-dialog.tsx';

/** The button of each move, by where it goes. */
const MOVE_LABELS: Record<TBuildOrderStatus, string> = {
  open: 'Open order',
  draft: 'Back to draft',
  in_progress: 'Mark in progress',
  done: 'Mark done',
  cancelled: 'Cancel order',
};

export function OrderPage({ orderId }: { orderId: string }) {
  const client = useQueryClient();
  const order = useQuery({
    queryKey: orderKeys.order(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });
  const [editing, setEditing] = useState<'lines' | 'details' | null>(null);
  const [checkLine, setCheckLine] = useState<string | null>(null);
  const [workFor, setWorkFor] = useState<TBuildOrderLine | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const move = useMutation({
    mutationFn: (to: TBuildOrderStatus) => moveOrder(orderId, to),
    onSuccess: async (saved) => {
      setCancelling(false);
      client.setQueryData(orderKeys.order(orderId), saved);
      await client.invalidateQueries({ queryKey: orderKeys.all });
    },
  });

  if (!order.data)
    return (
      <Container size="lg" py="lg">
        <QueryStatus query={order} errorTitle="This order could not be loaded" loadingLabel="Loading order" />
      </Container>
    );
  const o = order.data;
  const finished = o.status === 'done' || o.status === 'cancelled';
  const linesEditable = o.status === 'draft' || o.status === 'open';
  const editLines = linesEditable && (editing === 'lines' || o.lines.length === 0);
  const moves = BUILD_ORDER_TRANSITIONS[o.status];

  return (
    <Container size="lg" py="lg">
      <Stack>
        <BackButton />
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Group gap="sm">
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                {o.numberText}
              </Title>
              <StatusBadge of="buildOrder" status={o.status} />
            </Group>
            <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
              {o.customer ?? 'For stock'}
            </Text>
            <Text size="sm" c="dimmed">
              {o.dueOn ? (
                <>
                  Due <OnDate date={o.dueOn} />
                  {o.overdue ? ' (overdue)' : ''}
                </>
              ) : (
                'No due date'
              )}{' '}
              · made <When at={o.createdAt} show="date" /> by {o.createdBy}
            </Text>
            {o.notes ? (
              <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {o.notes}
              </Text>
            ) : null}
          </div>
          <Group gap="sm" wrap="wrap">
            {finished ? null : (
              <Button variant="default" onClick={() => setEditing('details')}>
                Edit details
              </Button>
            )}
            {moves.map((to) => (
              <Button
                key={to}
                variant={to === 'cancelled' || to === 'draft' ? 'default' : 'filled'}
                color={to === 'cancelled' ? 'red' : to === 'done' ? 'green' : undefined}
                loading={move.isPending && move.variables === to}
                onClick={() => (to === 'cancelled' ? setCancelling(true) : move.mutate(to))}
              >
                {MOVE_LABELS[to]}
              </Button>
            ))}
          </Group>
        </Group>
        {move.error && !cancelling ? <ErrorAlert>{messageOf(move.error)}</ErrorAlert> : null}

        <Group justify="space-between" align="center">
          <Title order={2} fz="lg">
            Lines
          </Title>
          {linesEditable && !editLines ? (
            <Button variant="default" size="sm" onClick={() => setEditing('lines')}>
              Edit lines
            </Button>
          ) : null}
        </Group>
        {editLines ? (
          <OrderLinesEditor key={o.updatedAt} order={o} onDone={() => setEditing(null)} />
        ) : (
          <OrderLines order={o} onCheck={(l) => setCheckLine(l.id)} onMakeWork={setWorkFor} />
        )}
        {o.status === 'draft' && o.lines.length > 0 && !editLines ? (
          <Text size="sm" c="dimmed">
            Open the order to make work orders from its lines.
          </Text>
        ) : null}

        {o.lines.length > 0 ? (
          <BuildabilityPanel order={o} lineId={checkLine} onLineChange={setCheckLine} />
        ) : null}
      </Stack>

      <OrderDetailsDialog order={o} opened={editing === 'details'} onClose={() => setEditing(null)} />
      <WorkOrdersDialog order={o} line={workFor} onClose={() => setWorkFor(null)} />
      <Modal
        opened={cancelling}
        onClose={() => setCancelling(false)}
        title={`Cancel ${o.numberText}?`}
        size="sm"
      >
        <Stack>
          <Text size="sm">A cancelled order cannot be opened again.</Text>
          {move.error ? <ErrorAlert>{messageOf(move.error)}</ErrorAlert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(false)}>
              Keep the order
            </Button>
            <Button color="red" loading={move.isPending} onClick={() => move.mutate('cancelled')}>
              Cancel order
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
