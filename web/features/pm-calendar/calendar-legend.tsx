// What the chips' colours mean, in words beside each colour (colour never says it alone).
import { Group, Text } from '@mantine/core';
import { statusStyle } from '#common/statuses.ts';
import { STATE_MEANINGS, TONE_COLOR } from './entry-chip.tsx';

export function CalendarLegend() {
  return (
    <Group
      component="ul"
      gap="md"
      wrap="wrap"
      aria-label="What the colours mean"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {STATE_MEANINGS.map(([state, meaning]) => {
        const style = statusStyle('pmWork', state);
        const color = TONE_COLOR[style.tone];
        return (
          <Group component="li" key={state} gap={6} wrap="nowrap" title={meaning}>
            <span
              aria-hidden
              style={{
                flexShrink: 0,
                width: 14,
                height: 14,
                borderRadius: 3,
                background: `var(--mantine-color-${color}-light)`,
                borderLeft: `4px ${state === 'forecast' ? 'dashed' : 'solid'} var(--mantine-color-${color}-filled)`,
              }}
            />
            <Text size="sm">
              <b>{style.label}</b>{' '}
              <Text span size="sm" c="dimmed">
                — {meaning}
              </Text>
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}
