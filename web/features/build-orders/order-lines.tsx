// An order's lines as cards (one layout for a phone and a desk): the assembly and quantity, what is already in work
// orders and what is left, what scrap left short (decision 064), each work order with its status and, indented under
// it, its sub-assemblies' work orders, and the line's actions.
import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChecklist, IconHammer } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TBuildOrder, TBuildOrderLine, TOrderWorkOrder } from '#common/schemas/build-orders.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate } from '../../components/when.tsx';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { workOrderPath } from '../../lib/work-order-links.ts';

/** Work orders are made only from an order that is open or in progress (decision 047). */
export const takesWorkOrders = (order: TBuildOrder) =>
  order.status === 'open' || order.status === 'in_progress';

export function OrderLines({
  order,
  onCheck,
  onMakeWork,
}: {
  order: TBuildOrder;
  onCheck: (line: TBuildOrderLine) => void;
  onMakeWork: (line: TBuildOrderLine) => void;
}) {
  if (order.lines.length === 0) return <Text c="dimmed">No lines yet.</Text>;
  return (
    <Stack gap="sm">
      {order.lines.map((line) => {
        const unit = line.assembly.unitOfMeasure;
        return (
          <Card
            key={line.id}
            component="article"
            withBorder
            padding="sm"
            aria-label={`Line ${line.position}`}
          >
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {line.position}. {line.assembly.partNumber}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {line.assembly.name}
                </Text>
              </div>
              <Text fw={600}>{formatQuantity(line.quantity, unit)}</Text>
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              In work orders {formatQuantity(line.planned, unit)} · left to plan{' '}
              {formatQuantity(line.remaining, unit)}
            </Text>
            {line.shortfall !== '0' ? (
              <Alert color="orange" variant="light" p="xs" mt="xs" icon={<IconAlertTriangle size={16} />}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {formatQuantity(line.shortfall, unit)} short:{' '}
                    {line.scrapped !== '0' ? 'lost to scrap' : 'made fewer than planned'}
                  </Text>
                  {takesWorkOrders(order) ? (
                    <Button size="xs" leftSection={<IconHammer size={14} />} onClick={() => onMakeWork(line)}>
                      Work order for the rest
                    </Button>
                  ) : null}
                </Group>
              </Alert>
            ) : null}
            {line.workOrders.length > 0 ? <LineWorkOrders workOrders={line.workOrders} /> : null}
            <Group gap="xs" mt="sm" wrap="wrap">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconChecklist size={14} />}
                onClick={() => onCheck(line)}
              >
                Can we build it?
              </Button>
              {takesWorkOrders(order) && line.remaining !== '0' && line.shortfall === '0' ? (
                <Button size="xs" leftSection={<IconHammer size={14} />} onClick={() => onMakeWork(line)}>
                  Create work orders
                </Button>
              ) : null}
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

/** A line's work orders, each child indented under its parent and saying which work order it is for. */
function LineWorkOrders({ workOrders }: { workOrders: TOrderWorkOrder[] }) {
  return (
    <Stack gap={4} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {workOrders.map((w) => (
        <Group
          key={w.id}
          component="li"
          gap="xs"
          wrap="wrap"
          pl={Math.min(w.depth, 4) * 16}
          style={w.depth > 0 ? { borderLeft: '2px solid var(--mantine-color-gray-4)' } : undefined}
        >
          <Anchor component={Link} to={workOrderPath(w.id)} size="sm" fw={600}>
            {w.numberText}
          </Anchor>
          {w.parentId ? <Text size="sm">{w.partNumber}</Text> : null}
          <Text size="sm">{formatQuantity(w.quantity, w.unitOfMeasure)}</Text>
          <StatusBadge of="workOrder" status={w.status} size="sm" />
          {w.status === 'completed' ? (
            <Text size="xs">
              {formatQuantity(w.goodQuantity, w.unitOfMeasure)} good
              {w.scrapQuantity !== '0'
                ? `, ${formatQuantity(w.scrapQuantity, w.unitOfMeasure)} scrapped`
                : ''}
            </Text>
          ) : null}
          {w.parentNumberText ? (
            <Text size="xs" c="dimmed">
              for {w.parentNumberText}
            </Text>
          ) : null}
          {w.dueOn ? (
            <Text size="xs" c="dimmed">
              due <OnDate date={w.dueOn} />
            </Text>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
