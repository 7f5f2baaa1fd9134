// One work order (?id=…): number, status and what it builds, the moves a person may make from here (the transition
// table in common/, less completing, which the shop floor does), its cost and, completed, its record (decision 064),
// its components with what they need, hold and have available, its steps, and Print traveller.
import { Anchor, Button, Container, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconPrinter } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  holdsReservation,
  type TWorkOrderStatus,
  WORK_ORDER_TRANSITIONS,
} from '#common/work-order-status.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate, When } from '../../components/when.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { workOrderFloorPath } from '../../lib/work-order-links.ts';
import { getWorkOrder, moveWorkOrder, travellerUrl, workOrderKeys } from './api.ts';
import { WorkOrderCost } from './work-order-cost.tsx';
import { WorkOrderFamily } from './work-order-family.tsx';
import { WorkOrderComponents, WorkOrderSteps } from './work-order-parts.tsx';
import { WorkOrderRecord } from './work-order-record.tsx';

/** The button of each move a person makes here, by where it goes and from where. */
function moveLabel(from: TWorkOrderStatus, to: TWorkOrderStatus): string {
  if (to === 'released') return 'Release';
  if (to === 'planned') return 'Back to planned';
  if (to === 'in_progress') return from === 'paused' ? 'Resume' : 'Start';
  if (to === 'paused') return 'Pause';
  return 'Cancel work order';
}

export function WorkOrderPage({ workOrderId }: { workOrderId: string }) {
  const client = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const workOrder = useQuery({
    queryKey: workOrderKeys.one(workOrderId),
    queryFn: ({ signal }) => getWorkOrder(workOrderId, signal),
  });
  const move = useMutation({
    mutationFn: (to: TWorkOrderStatus) => moveWorkOrder(workOrderId, to),
    onSuccess: async (saved) => {
      setCancelling(false);
      client.setQueryData(workOrderKeys.one(workOrderId), saved);
      // A release or a cancel changes what inventory shows as reserved and available.
      await Promise.all([
        client.invalidateQueries({ queryKey: workOrderKeys.all }),
        client.invalidateQueries({ queryKey: queryKeys.stock() }),
      ]);
    },
  });

  if (!workOrder.data)
    return (
      <Container size="lg" py="lg">
        <QueryStatus
          query={workOrder}
          errorTitle="This work order could not be loaded"
          loadingLabel="Loading work order"
        />
      </Container>
    );
  const w = workOrder.data;
  // Completing is the shop floor's: it records the output first.
  const moves = WORK_ORDER_TRANSITIONS[w.status].filter((to) => to !== 'completed');

  return (
    <Container size="lg" py="lg">
      <Stack>
        <PageHeader
          title={w.numberText}
          badges={<StatusBadge of="workOrder" status={w.status} />}
          subtitle={
            <>
              {formatQuantity(w.quantity, w.unitOfMeasure)} of {w.partNumber} · {w.name}
            </>
          }
          actions={
            <>
              <Button
                component="a"
                href={travellerUrl(w.id)}
                target="_blank"
                rel="noopener"
                variant="default"
                leftSection={<IconPrinter size={16} />}
              >
                Print traveller
              </Button>
              {holdsReservation(w.status) ? (
                <Button
                  component={Link}
                  to={workOrderFloorPath(w.id)}
                  variant="default"
                  leftSection={<IconPlayerPlay size={16} />}
                >
                  Run on the floor
                </Button>
              ) : null}
              {moves.map((to) => (
                <Button
                  key={to}
                  variant={to === 'cancelled' || to === 'planned' ? 'default' : 'filled'}
                  color={to === 'cancelled' ? 'red' : undefined}
                  loading={move.isPending && move.variables === to}
                  onClick={() => (to === 'cancelled' ? setCancelling(true) : move.mutate(to))}
                >
                  {moveLabel(w.status, to)}
                </Button>
              ))}
            </>
          }
        >
          <Text size="sm" c="dimmed">
            Revision {w.revisionNumber} ·{' '}
            {w.dueOn ? (
              <>
                due <OnDate date={w.dueOn} />
              </>
            ) : (
              'no due date'
            )}
            {w.orderNumberText ? ` · order ${w.orderNumberText}` : ' · for stock'}
            {w.outputLocation ? ` · put away at ${w.outputLocation.code}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            Made <When at={w.createdAt} show="date" />
            {w.releasedAt ? (
              <>
                {' '}
                · released <When at={w.releasedAt} />
              </>
            ) : null}
            {w.startedAt ? (
              <>
                {' '}
                · started <When at={w.startedAt} />
              </>
            ) : null}
            {w.completedAt ? (
              <>
                {' '}
                · completed <When at={w.completedAt} />
              </>
            ) : null}
          </Text>
        </PageHeader>
        {move.error && !cancelling ? <ErrorAlert title="Not done">{messageOf(move.error)}</ErrorAlert> : null}
        {w.status === 'planned' ? (
          <Text size="sm" c="dimmed">
            Releasing reserves the components below; it is refused while any of them is short, unless work
            orders of its sub-assemblies will bring the rest.
          </Text>
        ) : null}
        <WorkOrderCost w={w} />
        <WorkOrderRecord record={w.record} unit={w.unitOfMeasure} />
        <WorkOrderComponents w={w} />
        <WorkOrderFamily w={w} />
        <WorkOrderSteps w={w} />
        {w.orderId ? (
          <Text size="sm">
            Made from{' '}
            <Anchor component={Link} to={`/build/create-order?id=${encodeURIComponent(w.orderId)}`}>
              order {w.orderNumberText}
            </Anchor>
            .
          </Text>
        ) : null}
      </Stack>
      <Modal opened={cancelling} onClose={() => setCancelling(false)} title={`Cancel ${w.numberText}?`}>
        <Stack>
          <Text size="sm">
            Its reserved components go back to available stock. A cancelled work order cannot be reopened.
          </Text>
          {move.error ? <ErrorAlert>{messageOf(move.error)}</ErrorAlert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(false)}>
              Keep it
            </Button>
            <Button color="red" loading={move.isPending} onClick={() => move.mutate('cancelled')}>
              Cancel work order
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
