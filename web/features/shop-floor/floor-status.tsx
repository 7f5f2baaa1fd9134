// The status line of one place on the floor view (floor-toast.ts): a polite live region that is always there, so a
// screen reader hears each new message, showing the latest message for this place with a button to dismiss it.
// Not an Alert: that is role="alert", which interrupts, and the error reveal (reveal.ts) looks for it.
import { CloseButton, Group, Paper, Text } from '@mantine/core';
import { hideFloorToast, type TFloorPlace, useFloorMessage } from './floor-toast.ts';

const COLOUR = { success: 'green', error: 'red', info: 'forge' } as const;

export function FloorStatus({ place }: { place: TFloorPlace }) {
  const message = useFloorMessage(place);
  return (
    <div role="status" aria-live="polite" data-floor-status={place}>
      {message ? (
        <Paper
          withBorder
          p="xs"
          style={{ borderLeft: `4px solid var(--mantine-color-${COLOUR[message.kind]}-7)` }}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={700} size="sm">
                {message.title}
              </Text>
              {message.message ? (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {message.message}
                </Text>
              ) : null}
            </div>
            <CloseButton aria-label="Dismiss" onClick={hideFloorToast} />
          </Group>
        </Paper>
      ) : null}
    </div>
  );
}
