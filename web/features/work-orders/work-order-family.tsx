// A work order's place in its tree (decision 064): the work order it is made for, if any, and "Sub-assemblies" —
// the work orders made under it, each with its status, and for each sub-assembly it uses, a way to plan a work
// order of it under this one (what a release short of a sub-assembly asks for). Cards, one layout for a phone and
// a desk.
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconHierarchy2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { fromScaled } from '#common/decimal.ts';
import type { TWorkOrderDetail } from '#common/schemas/work-orders.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate } from '../../components/when.tsx';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { workOrderPath } from '../../lib/work-order-links.ts';
import { listWorkOrders, workOrderKeys } from './api.ts';
import { stillShort } from './sub-assembly-short.ts';
import { type TChildPlan, WorkOrderChildDialog } from './work-order-child-dialog.tsx';

/** Work orders still to do their work: a sub-assembly's may still be planned under one of these. */
const OPEN = new Set(['planned', 'released', 'in_progress', 'paused']);

export function WorkOrderFamily({ w }: { w: TWorkOrderDetail }) {
  const [planning, setPlanning] = useState<TChildPlan | null>(null);
  const query = { page: 1, pageSize: 100, q: '', parentId: w.id };
  const children = useQuery({
    queryKey: workOrderKeys.list(query),
    queryFn: ({ signal }) => listWorkOrders(query, signal),
  });
  const kids = children.data?.items ?? [];
  const subAssemblies = w.components.filter((c) => c.assemblyId !== null);
  const canPlan = OPEN.has(w.status);
  if (!w.parentId && kids.length === 0 && (subAssemblies.length === 0 || !canPlan)) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="sub-assemblies">
      {w.parentId ? (
        <Text size="sm">
          Made for{' '}
          <Anchor component={Link} to={workOrderPath(w.parentId)}>
            {w.parentNumberText}
          </Anchor>
          : its good output goes into that work order’s reservation as it is put away.
        </Text>
      ) : null}
      <Title order={2} fz="lg" id="sub-assemblies">
        Sub-assemblies
      </Title>
      {kids.length === 0 ? (
        <Text size="sm" c="dimmed">
          No work orders made under this one.
        </Text>
      ) : (
        <Stack
          gap={6}
          component="ul"
          aria-label="Work orders made for this one"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {kids.map((k) => (
            <Card key={k.id} component="li" withBorder padding="xs">
              <Group gap="xs" wrap="wrap">
                <Anchor component={Link} to={workOrderPath(k.id)} fw={600}>
                  {k.numberText}
                </Anchor>
                <Text size="sm">
                  {formatQuantity(k.quantity, k.unitOfMeasure)} of {k.partNumber}
                </Text>
                <StatusBadge of="workOrder" status={k.status} size="sm" />
                {k.dueOn ? (
                  <Text size="xs" c="dimmed">
                    due <OnDate date={k.dueOn} />
                  </Text>
                ) : null}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {canPlan && subAssemblies.length > 0 ? (
        <Group gap="xs" wrap="wrap">
          {subAssemblies.map((c) => {
            const short = stillShort(w, c, kids);
            return (
              <Button
                key={c.itemId}
                size="xs"
                variant={short > 0n ? 'filled' : 'light'}
                leftSection={<IconHierarchy2 size={14} />}
                onClick={() =>
                  setPlanning({
                    assemblyId: c.assemblyId as string,
                    partNumber: c.partNumber,
                    unitOfMeasure: c.unitOfMeasure,
                    quantity: short > 0n ? fromScaled(short, 6) : '',
                  })
                }
              >
                {short > 0n
                  ? `Plan ${formatQuantity(fromScaled(short, 6), c.unitOfMeasure)} of ${c.partNumber}`
                  : `Plan a work order for ${c.partNumber}`}
              </Button>
            );
          })}
        </Group>
      ) : null}
      <WorkOrderChildDialog parent={w} child={planning} onClose={() => setPlanning(null)} />
    </Stack>
  );
}
