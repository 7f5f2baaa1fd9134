// A machine's status moves, oldest first, as a titled card: "Running → Down", why, when and by whom. The machine's
// page lists all of them; a breakdown's page lists those its report, start and resolution made.
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TMachineStatusEvent } from '#common/schemas/machines.ts';
import { statusStyle } from '#common/statuses.ts';
import { StatusBadge } from '../status-badge.tsx';
import { When } from '../when.tsx';

export function MachineStatusMoves({
  id,
  title,
  events,
}: {
  /** The heading's id, which names the card's region. */
  id: string;
  title: string;
  events: TMachineStatusEvent[];
}) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id} mb="xs">
        {title}
      </Title>
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {events.map((e) => (
          <li key={e.id}>
            <Group gap="xs" wrap="wrap">
              {e.fromStatus ? (
                <>
                  <Text size="sm">{statusStyle('machine', e.fromStatus).label}</Text>
                  <Text size="sm" aria-label="to">
                    →
                  </Text>
                </>
              ) : null}
              <StatusBadge of="machine" status={e.toStatus} />
              {e.reason ? (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {e.reason}
                </Text>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              <When at={e.at} /> · {e.byName}
            </Text>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
