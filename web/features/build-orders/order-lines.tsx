// An order's lines as cards (one layout for a phone and a desk): the assembly and quantity, what is already in work
// orders and what is left, each work order with its status, and the line's actions.
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconChecklist, IconHammer } from '@tabler/icons-react';
import type { TBuildOrder, TBuildOrderLine } from '#common/schemas/build-orders.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate } from '../../components/when.tsx';
import { formatQuantity } from '../../lib/format-quantity.ts';

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
            {line.workOrders.length > 0 ? (
              <Stack gap={4} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {line.workOrders.map((w) => (
                  <Group key={w.id} component="li" gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {w.numberText}
                    </Text>
                    <Text size="sm">{formatQuantity(w.quantity, unit)}</Text>
                    <StatusBadge of="workOrder" status={w.status} size="sm" />
                    {w.dueOn ? (
                      <Text size="xs" c="dimmed">
                        due <OnDate date={w.dueOn} />
                      </Text>
                    ) : null}
                  </Group>
                ))}
              </Stack>
            ) : null}
            <Group gap="xs" mt="sm" wrap="wrap">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconChecklist size={14} />}
                onClick={() => onCheck(line)}
              >
                Can we build it?
              </Button>
              {takesWorkOrders(order) && line.remaining !== '0' ? (
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
