// A scanned work order's card (decision 053): which it is, and where the work is done — the floor — or the work
// order itself, or its inspection. When it belongs to a job (decision 079) the card clocks in to that job too
// (decision 083): a work order's label on the bench is the nearest thing to scan when starting on it.
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { TScanResult } from '#common/schemas/scan.ts';
import { InspectButton } from '../../components/inspect-button.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate } from '../../components/when.tsx';
import { workOrderFloorPath, workOrderPath } from '../../lib/work-order-links.ts';
import { ClockButtons } from './clock-buttons.tsx';
import { ScanActions } from './scan-actions.tsx';

type TWorkOrderResult = Extract<TScanResult, { kind: 'work-order' }>;

export function WorkOrderResult({ result, matched }: { result: TWorkOrderResult; matched: string | null }) {
  const { workOrder, job } = result;
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Badge color="teal">Work order</Badge>
        {matched ? <Badge variant="outline">{matched}</Badge> : null}
        <StatusBadge of="workOrder" status={workOrder.status} />
      </Group>
      <Title order={3}>{workOrder.numberText}</Title>
      <Text style={{ overflowWrap: 'anywhere' }}>
        {workOrder.partNumber} · {workOrder.name}
      </Text>
      <Text c="dimmed" size="sm">
        {workOrder.quantity} {workOrder.unitOfMeasure}
        {workOrder.dueOn ? (
          <>
            {' · due '}
            <OnDate date={workOrder.dueOn} />
          </>
        ) : null}
        {job ? ` · ${job.numberText} ${job.name}` : ''}
      </Text>
      {/* Where its label's link lands too (decision 053): the floor, where the work is done. */}
      <ScanActions minWidth="12rem">
        <Button component={Link} to={workOrderFloorPath(workOrder.id)} size="lg">
          Open on the floor
        </Button>
        {job ? <ClockButtons job={job} named /> : null}
        <Button component={Link} to={workOrderPath(workOrder.id)} size="lg" variant="default">
          Open work order
        </Button>
        <InspectButton workOrderId={workOrder.id} />
      </ScanActions>
    </Stack>
  );
}
